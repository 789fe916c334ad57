import { useQuery } from '@tanstack/react-query';
import type { SchoolOption } from '../../../contract/paths';
import { refKeys, withRefListFallback } from '../../../offline';
import { fetchUserSchools } from './rosterApi';

/** The user's campuses, saved for offline starts (refLists `schools:<user>`). */
export function useUserSchools(userId: number): { schools: SchoolOption[]; loading: boolean } {
  const q = useQuery({
    queryKey: ['edu-user-schools', userId],
    queryFn: () => withRefListFallback(refKeys.userSchools(userId), async () => (await fetchUserSchools()).schools),
    staleTime: 5 * 60_000,
    retry: false,
    networkMode: 'always',
  });
  return { schools: q.data ?? [], loading: q.isPending };
}

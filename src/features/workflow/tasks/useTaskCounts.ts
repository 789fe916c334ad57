import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/call';
import { wfInstanceListCall } from '../../../contract/workflow';

/** The task center's badge counts (to-do, done, my running applications, copies). */
export function useTaskCounts() {
  return useQuery({
    queryKey: ['wf-counts'],
    queryFn: async () => (await callApi(wfInstanceListCall, { query: { type: 'todo', rows: 1 } })).counts,
    refetchInterval: 60_000,
  });
}

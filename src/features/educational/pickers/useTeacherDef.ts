import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FieldDef, ResourceDef } from '../../../contract/resource';
import { fetchTeachers, TEACHER_ROLES } from '../api';

/**
 * The declaration with its teacher fields fed from sys_user/get_user_options: the contract points
 * them at a 'sys_user' resource that has no declaration, so the shared widgets would find no
 * names (`roles` '' takes every member of staff, e.g. for a class's customer service). Columns, search form and dialog form of a ResourcePage all read the copy.
 */
export function useTeacherDef(def: ResourceDef, fields: readonly string[], roles: string = TEACHER_ROLES): ResourceDef {
  const q = useQuery({ queryKey: ['edu-user-options', roles], queryFn: () => fetchTeachers(undefined, roles), staleTime: 5 * 60_000 });
  return useMemo(() => {
    if (!q.data) return def;
    const items = q.data.map((t) => ({ value: t.value, text: t.text }));
    const patched: Record<string, FieldDef> = { ...def.fields };
    for (const f of fields) if (patched[f]) patched[f] = { ...patched[f], options: { kind: 'static', items } };
    return { ...def, fields: patched };
  }, [def, fields, q.data]);
}

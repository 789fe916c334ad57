import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FieldDef, OptionItem, ResourceDef } from '../../../contract/resource';
import { columnsOf, useColumnOptions } from '../../../components/ResourcePage';
import type { DataTableColumn, TableRow } from '../../../components/DataTable';
import { fetchTeachers } from '../api';

/** Field name → the roles whose users it may hold ('' = every member of staff). */
export type UserFields = Readonly<Record<string, string>>;

export interface UserFieldPage {
  def: ResourceDef;
  columns: DataTableColumn<TableRow>[];
}

/**
 * The declaration with its user fields fed from sys_user/get_user_options: the contract points
 * them at a 'sys_user' resource that has no declaration, so the shared widgets would find no
 * names. The search and dialog forms read the patched copy; the columns are built here because
 * the table's option cache is keyed by field, not by source.
 */
export function useUserFieldPage(base: ResourceDef, fields: UserFields): UserFieldPage {
  const roles = [...new Set(Object.values(fields))];
  const results = useQueries({
    queries: roles.map((r) => ({ queryKey: ['edu-user-options', r], queryFn: () => fetchTeachers(undefined, r), staleTime: 5 * 60_000 })),
  });
  const datas = results.map((r) => r.data);
  const options = useColumnOptions(base);
  return useMemo(() => {
    const itemsByRole = new Map<string, OptionItem[]>(roles.map((r, i) => [r, (datas[i] ?? []).map((t) => ({ value: t.value, text: t.text }))]));
    const patched: Record<string, FieldDef> = { ...base.fields };
    const columnOptions: Record<string, OptionItem[]> = { ...options };
    for (const [f, r] of Object.entries(fields)) {
      const items = itemsByRole.get(r) ?? [];
      if (patched[f]) patched[f] = { ...patched[f], options: { kind: 'static', items } };
      columnOptions[f] = items;
    }
    const def = { ...base, fields: patched };
    return { def, columns: columnsOf<TableRow>(def, columnOptions) };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the loaded lists
  }, [base, fields, options, ...datas]);
}

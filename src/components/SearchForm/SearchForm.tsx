import { Button, Group } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { QueryValue } from '../../api/request';
import { searchBlockReason } from '../DataTable/searchRules';
import { notifyWarning } from '../feedback';
import { initialValues, toQuery, type SearchField, type SearchValue, type SearchValues } from './fields';
import { SearchInput } from './SearchInput';

export interface SearchFormProps {
  fields: readonly SearchField[];
  onSearch: (query: Record<string, QueryValue>) => void;
  /** after the form is cleared (defaults restored) and searched again */
  onReset?: () => void;
  /** more buttons after 搜索 and 重置 */
  extra?: ReactNode;
  /** why a search may not be sent (a declaration's exclusive filters), shown instead of searching */
  blockReason?: (query: Record<string, QueryValue>) => string | undefined;
}

/** The search form above a table: Enter or 搜索 searches, 重置 restores the defaults and searches. */
export function SearchForm({ fields, onSearch, onReset, extra, blockReason }: SearchFormProps) {
  const [state, setValues] = useState<SearchValues>(() => initialValues(fields));
  // a field that appears later (the 校区 filter once the user's campuses are known) starts at its default
  const values = fields.every((f) => f.name in state) ? state : { ...initialValues(fields), ...state };
  const set = (name: string, v: SearchValue) => setValues((s) => ({ ...s, [name]: v }));

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const query = toQuery(fields, values);
    const blocked = searchBlockReason(query) ?? blockReason?.(query);
    if (blocked) {
      notifyWarning(blocked);
      return;
    }
    onSearch(query);
  };
  const reset = () => {
    const fresh = initialValues(fields);
    setValues(fresh);
    onReset?.();
    onSearch(toQuery(fields, fresh));
  };

  return (
    <form onSubmit={submit} role="search" aria-label="搜索条件">
      <Group gap={8} align="flex-end" wrap="wrap">
        {fields.map((f) => (
          <SearchInput key={f.name} field={f} value={values[f.name]} onChange={(v) => set(f.name, v)} />
        ))}
        <Group gap={6}>
          <Button type="submit" size="xs" leftSection={<IconSearch size={14} />}>
            搜索
          </Button>
          <Button type="button" size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={reset}>
            重置
          </Button>
          {extra}
        </Group>
      </Group>
    </form>
  );
}

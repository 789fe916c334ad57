import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { request } from '../../api/request';
import type { Page } from '../../contract/envelope';
import { refTarget, type RefTarget } from '../../contract/refs';

/** Rows one search of the target answers: never more than one page of another resource. */
export const REF_PAGE_ROWS = 20;
const DEBOUNCE_MS = 300;

export interface RefItem {
  value: string;
  label: string;
}

/** One page of the target's rows matching `text` (in its searched column), as select items. */
export async function searchRefPage(target: RefTarget, labels: readonly string[], text: string, searchParam: string | undefined, filters: Readonly<Record<string, string | number>> = {}): Promise<RefItem[]> {
  const params: Record<string, string | number> = { ...filters, page: 1, rows: REF_PAGE_ROWS };
  if (text && searchParam) params[searchParam] = text;
  const url = `api/v1/${target.pagePath}`;
  const env =
    target.pageMethod === 'POST_FORM'
      ? await request<Page<Record<string, unknown>>>({ url, method: 'POST', form: params, silent: true })
      : await request<Page<Record<string, unknown>>>({ url, params, silent: true });
  if (env.code !== 200 || !env.data) return [];
  return env.data.content.flatMap((r) => {
    const id = r.id;
    if (typeof id !== 'number' && typeof id !== 'string') return [];
    const label = labels.map((l) => r[l]).filter((v) => v !== null && v !== undefined && v !== '').join(' ');
    return [{ value: String(id), label: label || String(id) }];
  });
}

export interface RefSelectProps {
  /** the target resource's name (a declaration, or a hand-written list of contract/refs.ts) */
  resource: string;
  /** target columns making an item's text */
  labels: readonly string[];
  /** the page parameter typed text filters by (default: the target's own like-search) */
  searchParam?: string;
  value: string;
  /** the text of the current value, from the row's label column (no extra call) */
  valueLabel?: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  error?: string;
  required?: boolean;
  size?: 'xs' | 'sm';
  w?: number | string;
  clearable?: boolean;
  /** fixed filters of the target's page call (e.g. the students of one campus) */
  filters?: Readonly<Record<string, string | number>>;
}

/**
 * A select over the rows of another resource, searched on the server one page at a time as the
 * user types. The current value shows its label at once (given by the caller); the target is only
 * asked when the dropdown opens or the user types.
 */
export function RefSelect({ resource, labels, searchParam, value, valueLabel, onChange, label, placeholder, error, required, size = 'xs', w, clearable = true, filters }: RefSelectProps) {
  const target = refTarget(resource);
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<RefItem | undefined>(undefined);
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS);
  const param = searchParam ?? target?.searchParam;
  const current = useMemo<RefItem | undefined>(() => (value ? (picked?.value === value ? picked : { value, label: valueLabel || value }) : undefined), [value, picked, valueLabel]);
  // The box shows the chosen value's label: that text is no search (it would find only itself).
  const text = current && debounced === current.label ? '' : debounced;
  const q = useQuery({
    queryKey: ['ref-search', resource, labels.join(','), param, text, filters],
    enabled: opened && !!target,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: () => searchRefPage(target as RefTarget, labels, text, param, filters),
  });
  const data = useMemo(() => {
    const list = [...(q.data ?? [])];
    if (current && !list.some((i) => i.value === current.value)) list.unshift(current);
    return list;
  }, [q.data, current]);
  return (
    <Select
      label={label}
      size={size}
      w={w}
      error={error}
      required={required}
      aria-label={label}
      placeholder={placeholder ?? (q.isFetching ? '加载中…' : '请输入关键字搜索')}
      data={data}
      value={value || null}
      onChange={(v) => {
        setPicked(data.find((i) => i.value === v));
        onChange(v ?? '');
      }}
      searchable
      clearable={clearable}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={({ options }) => options}
      nothingFoundMessage={q.isFetching ? '加载中…' : '没有匹配的记录'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

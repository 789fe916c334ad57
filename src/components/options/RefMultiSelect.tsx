import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { refTarget, type RefTarget } from '../../contract/refs';
import { searchRefPage, type RefItem } from './RefSelect';

const DEBOUNCE_MS = 300;

export interface RefMultiSelectProps {
  /** the target resource's name (a declaration, or a hand-written list of contract/refs.ts) */
  resource: string;
  /** target columns making an item's text */
  labels: readonly string[];
  /** comma-joined ids */
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  error?: string;
  required?: boolean;
  size?: 'xs' | 'sm';
  w?: number | string;
  clearable?: boolean;
}

/**
 * Several rows of another resource (an `ids` field whose options are a resource, e.g. a language
 * pack's class types): searched on the server one page at a time like RefSelect, never loaded
 * whole. Chosen rows keep their text; a chosen id not met in any page seen shows as `#id`.
 */
export function RefMultiSelect({ resource, labels, value, onChange, label, placeholder, error, required, size = 'xs', w, clearable = true }: RefMultiSelectProps) {
  const target = refTarget(resource);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS);
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  const selected = useMemo(() => (value ? value.split(',').filter(Boolean) : []), [value]);
  const q = useQuery({
    queryKey: ['ref-search', resource, labels.join(','), target?.searchParam, debounced],
    enabled: !!target,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: () => searchRefPage(target as RefTarget, labels, debounced, target?.searchParam),
  });
  // remember the text of every row met, so a chosen one keeps it when a later search leaves it out
  useEffect(() => {
    const page = q.data;
    if (!page?.length) return;
    setKnown((prev) => {
      if (page.every((i) => prev.get(i.value) === i.label)) return prev;
      const next = new Map(prev);
      for (const i of page) next.set(i.value, i.label);
      return next;
    });
  }, [q.data]);
  const data = useMemo<RefItem[]>(() => {
    const list = [...(q.data ?? [])];
    for (const v of selected) if (!list.some((i) => i.value === v)) list.push({ value: v, label: known.get(v) ?? `#${v}` });
    return list;
  }, [q.data, selected, known]);
  return (
    <MultiSelect
      label={label}
      size={size}
      w={w}
      error={error}
      required={required}
      aria-label={label}
      placeholder={selected.length ? undefined : (placeholder ?? (q.isFetching ? '加载中…' : '请输入关键字搜索'))}
      data={data}
      value={selected}
      onChange={(v) => onChange(v.join(','))}
      searchable
      clearable={clearable}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={q.isFetching ? '加载中…' : '没有匹配的记录'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

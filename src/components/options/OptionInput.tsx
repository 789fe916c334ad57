import { MultiSelect, Select, TreeSelect } from '@mantine/core';
import { useMemo } from 'react';
import type { OptionSource } from '../../contract/resource';
import { useOptions } from './useOptions';
import { RefMultiSelect } from './RefMultiSelect';
import { RefSelect } from './RefSelect';

export interface OptionInputProps {
  kind: 'select' | 'multiselect' | 'tree';
  source: OptionSource | undefined;
  label?: string;
  placeholder?: string;
  /** select and tree: one value ('' when none); multiselect: comma-joined values */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  size?: 'xs' | 'sm';
  w?: number | string;
  clearable?: boolean;
}

/**
 * A select fed by an option source (static, option set, tree, the user's schools); rows of another
 * resource are searched on the server one page at a time (RefSelect), never loaded whole.
 */
export function OptionInput(props: OptionInputProps) {
  const { source } = props;
  if (source?.kind === 'resource' && props.kind !== 'tree') {
    const { label, placeholder, value, onChange, error, required, size, w, clearable } = props;
    if (props.kind === 'multiselect') return <RefMultiSelect resource={source.resource} labels={[source.label]} {...{ label, placeholder, value, onChange, error, required, size, w, clearable }} />;
    return <RefSelect resource={source.resource} labels={[source.label]} {...{ label, placeholder, value, onChange, error, required, size, w, clearable }} />;
  }
  return <ListedOptionInput {...props} />;
}

function ListedOptionInput({ kind, source, label, placeholder, value, onChange, error, required, size = 'xs', w, clearable = true }: OptionInputProps) {
  const { items, tree, loading } = useOptions(source);
  const data = useMemo(() => {
    const seen = new Set<string>();
    return items.flatMap((i) => {
      const v = String(i.value);
      if (seen.has(v)) return [];
      seen.add(v);
      return [{ value: v, label: i.text }];
    });
  }, [items]);
  const common = { label, size, w, error, required, placeholder: placeholder ?? (loading ? '加载中…' : '请选择'), 'aria-label': label };

  if (kind === 'tree' && tree.length) {
    // A value that is no node (a root's parent 0) would be shown as the search text and filter
    // every node out of the dropdown, so the picker opened empty.
    const known = value !== '' && data.some((d) => d.value === value);
    return <TreeSelect {...common} data={tree} value={known ? value : null} onChange={(v) => onChange(v ?? '')} clearable={clearable} searchable comboboxProps={{ withinPortal: true }} />;
  }
  if (kind === 'multiselect') {
    const selected = value ? value.split(',').filter(Boolean) : [];
    return <MultiSelect {...common} data={data} value={selected} onChange={(v) => onChange(v.join(','))} clearable={clearable} searchable />;
  }
  return <Select {...common} data={data} value={value || null} onChange={(v) => onChange(v ?? '')} clearable={clearable} searchable />;
}

import { Cascader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { request, type QueryValue } from '../../api/request';
import type { TreeNode } from '../../contract/menu';
import { pathTo, toTreeOptions } from '../options/treeData';

/** The cascader's default tree query (spec doc 000 §9). */
export const CASCADER_DEFAULT_QUERY: Readonly<Record<string, QueryValue>> = {
  page: 1,
  rows: 10,
  name: '',
  code: '',
  cn_id: '',
  type_op: '>=',
  type: '0',
  hidden: 0,
};

export interface TreeCascaderProps {
  url: string;
  /** merged over the default query */
  params?: Record<string, QueryValue>;
  label?: string;
  placeholder?: string;
  /** the chosen node id ('' for none) */
  value: string;
  onChange: (id: string, path: string[]) => void;
  /** any level may be chosen, not only leaves */
  changeOnSelect?: boolean;
  error?: string;
  required?: boolean;
  size?: 'xs' | 'sm';
}

/** A cascading selector over a tree call: nodes → children, text → label, id → value. */
export function TreeCascader({ url, params, label, placeholder = '请选择', value, onChange, changeOnSelect = true, error, required, size = 'xs' }: TreeCascaderProps) {
  const query = useMemo(() => ({ ...CASCADER_DEFAULT_QUERY, ...params }), [params]);
  const q = useQuery({
    queryKey: ['tree-cascader', url, query],
    staleTime: 60_000,
    queryFn: async () => {
      const env = await request<TreeNode[]>({ url, params: query });
      return env.code === 200 && Array.isArray(env.data) ? env.data : [];
    },
  });
  const options = useMemo(() => toTreeOptions(q.data), [q.data]);
  const path = useMemo(() => (value ? (pathTo(options, value) ?? null) : null), [options, value]);
  return (
    <Cascader
      label={label}
      aria-label={label}
      size={size}
      placeholder={q.isPending ? '加载中…' : placeholder}
      data={options}
      value={path}
      changeOnSelect={changeOnSelect}
      clearable
      searchable
      error={error}
      required={required}
      separator="/"
      onChange={(v) => onChange(v && v.length ? v[v.length - 1] : '', v ?? [])}
    />
  );
}

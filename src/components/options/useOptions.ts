import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { TreeNode } from '../../contract/menu';
import { PATHS, type OptionSetAnswer, type UserSchools } from '../../contract/paths';
import type { OptionItem, OptionSource } from '../../contract/resource';
import { refTarget } from '../../contract/refs';
import { searchRefPage } from './RefSelect';
import { flattenTree, toTreeOptions, type TreeOption } from './treeData';

export interface LoadedOptions {
  items: OptionItem[];
  /** the tree shape, for tree sources */
  tree: TreeOption[];
}

const EMPTY: LoadedOptions = { items: [], tree: [] };

/** Parses an option set's `value`: a JSON list of `{value, text}`. */
export function parseOptionSet(value: string | null | undefined): OptionItem[] {
  if (!value) return [];
  try {
    const list: unknown = JSON.parse(value);
    if (!Array.isArray(list)) return [];
    return list.flatMap((x): OptionItem[] => {
      if (!x || typeof x !== 'object') return [];
      const o = x as Record<string, unknown>;
      const v = o.value;
      if (typeof v !== 'string' && typeof v !== 'number') return [];
      return [{ value: v, text: typeof o.text === 'string' ? o.text : String(v) }];
    });
  } catch {
    return [];
  }
}

export async function loadOptions(source: OptionSource): Promise<LoadedOptions> {
  switch (source.kind) {
    case 'static':
      return { items: [...source.items], tree: [] };
    case 'optionset': {
      try {
        const env = await request<OptionSetAnswer>({ url: PATHS.optionSetByCode, params: { code: source.code }, silent: true });
        if (env.code === 200 && env.data) return { items: parseOptionSet(env.data.value), tree: [] };
      } catch {
        // a missing option set only leaves the select empty (spec doc 000 §8)
      }
      console.warn(`not find optionset by ${source.code}`);
      return EMPTY;
    }
    case 'resource': {
      // Rows of another resource are never loaded whole (they may be millions): one page only.
      // Selects search them (RefSelect); tables show a relation's label column from their rows.
      const target = refTarget(source.resource);
      if (!target) return EMPTY;
      const page = await searchRefPage(target, [source.label], '', undefined);
      return { items: page.map((i) => ({ value: i.value, text: i.label })), tree: [] };
    }
    case 'tree': {
      const env = await request<TreeNode[]>({ url: source.url, silent: true });
      if (env.code !== 200 || !Array.isArray(env.data)) return EMPTY;
      return { items: flattenTree(env.data), tree: toTreeOptions(env.data) };
    }
    case 'schools': {
      const env = await request<UserSchools>({ url: PATHS.userSchools, silent: true });
      if (env.code !== 200 || !env.data) return EMPTY;
      return { items: env.data.schools.map((s) => ({ value: s.id, text: s.name })), tree: [] };
    }
  }
}

function keyOf(source: OptionSource | undefined): unknown[] {
  if (!source) return ['options', 'none'];
  switch (source.kind) {
    case 'static':
      return ['options', 'static', source.items];
    case 'optionset':
      return ['options', 'optionset', source.code];
    case 'resource':
      return ['options', 'resource', source.resource, source.label, source.value];
    case 'tree':
      return ['options', 'tree', source.url];
    case 'schools':
      return ['options', 'schools'];
  }
}

/** Options of a select, shared and cached for five minutes across the app. */
export function useOptions(source: OptionSource | undefined): LoadedOptions & { loading: boolean } {
  const q = useQuery({
    queryKey: keyOf(source),
    enabled: !!source && source.kind !== 'static',
    staleTime: 5 * 60_000,
    queryFn: () => loadOptions(source as OptionSource),
  });
  if (source?.kind === 'static') return { items: [...source.items], tree: [], loading: false };
  return { ...(q.data ?? EMPTY), loading: q.isPending && !!source };
}

export { optionText } from '../../lib/format/fieldText';

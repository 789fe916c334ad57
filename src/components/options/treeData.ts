import type { TreeNode } from '../../contract/menu';
import type { OptionItem } from '../../contract/resource';

/** Mantine tree / cascader node: nodes → children, text → label, id → value (spec doc 000 §2). */
export interface TreeOption {
  value: string;
  label: string;
  children?: TreeOption[];
}

/**
 * The menu tree call adds each parent again as its own first child (the spec's 'node itself'
 * entry); shown, every directory would appear inside itself, with a duplicate value. It is left out.
 */
export function toTreeOptions(nodes: readonly TreeNode[] | null | undefined): TreeOption[] {
  if (!nodes) return [];
  return nodes.map((n) => {
    const own = n.nodes?.filter((c) => c.id !== n.id);
    const children = own && own.length ? toTreeOptions(own) : undefined;
    return children ? { value: String(n.id), label: n.text, children } : { value: String(n.id), label: n.text };
  });
}

/** Every node of a tree as a flat option list (for plain selects fed by a tree). */
export function flattenTree(nodes: readonly TreeNode[] | null | undefined): OptionItem[] {
  const out: OptionItem[] = [];
  const walk = (list: readonly TreeNode[]) => {
    for (const n of list) {
      out.push({ value: n.id, text: n.text });
      if (n.nodes) walk(n.nodes);
    }
  };
  if (nodes) walk(nodes);
  return out;
}

/** The path of values from a root to `value`, for cascaders that show the whole path. */
export function pathTo(options: readonly TreeOption[], value: string): string[] | undefined {
  for (const o of options) {
    if (o.value === value) return [o.value];
    if (o.children) {
      const sub = pathTo(o.children, value);
      if (sub) return [o.value, ...sub];
    }
  }
  return undefined;
}

import type { TreeNode } from '../../../contract/menu';

/** Parent and children of every node of a grant tree, by id text. */
export interface TreeIndex {
  parent: Map<string, string>;
  children: Map<string, string[]>;
}

export function indexTree(nodes: readonly TreeNode[]): TreeIndex {
  const parent = new Map<string, string>();
  const children = new Map<string, string[]>();
  const walk = (list: readonly TreeNode[], p: string | undefined) => {
    for (const n of list) {
      const id = String(n.id);
      if (p !== undefined) parent.set(id, p);
      const kids = (n.nodes ?? []).filter((k) => String(k.id) !== id);
      children.set(id, kids.map((k) => String(k.id)));
      walk(kids, id);
    }
  };
  walk(nodes, undefined);
  return { parent, children };
}

function descendants(index: TreeIndex, id: string, out: string[] = []): string[] {
  for (const k of index.children.get(id) ?? []) {
    out.push(k);
    descendants(index, k, out);
  }
  return out;
}

/**
 * Checking a menu grants it with everything below it and the directories above it (a screen is
 * unreachable without its directory); unchecking takes it and everything below it away, and
 * leaves the directories above as they are. A screen can thus be granted without its buttons.
 */
export function toggleGrant(checked: readonly string[], index: TreeIndex, id: string, on: boolean): string[] {
  const set = new Set(checked);
  const below = descendants(index, id);
  if (on) {
    set.add(id);
    below.forEach((k) => set.add(k));
    for (let p = index.parent.get(id); p !== undefined; p = index.parent.get(p)) set.add(p);
  } else {
    set.delete(id);
    below.forEach((k) => set.delete(k));
  }
  return [...set];
}

/** Some but not all of the node's descendants are checked (shown as an indeterminate box). */
export function isPartial(checked: ReadonlySet<string>, index: TreeIndex, id: string): boolean {
  const below = descendants(index, id);
  if (!below.length) return false;
  const n = below.filter((k) => checked.has(k)).length;
  return n > 0 && n < below.length;
}

/** Ids of the nodes an answer marks checked (`checked` on the node or `tag.checked`). */
export function checkedOf(nodes: readonly TreeNode[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly TreeNode[]) => {
    for (const n of list) {
      const own = (n as TreeNode & { checked?: boolean }).checked;
      const tag = n.tag as { checked?: boolean } | undefined;
      if (own === true || tag?.checked === true) out.push(String(n.id));
      if (n.nodes) walk(n.nodes);
    }
  };
  walk(nodes);
  return out;
}

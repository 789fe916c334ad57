import { sql, type Kysely } from 'kysely';
import { DEL_FLAG_COLUMN, type ResourceDef, type TreeRules } from '../../src/contract/resource';
import type { TreeNode } from '../../src/contract/menu';
import { RESOURCES } from '../../src/contract/resources';
import { CORE_TREES, type CoreTree } from '../../src/contract/resources/system';
import type { Database } from '../db/schema';
import { ApiError } from './http';

type AnyDB = Record<string, Record<string, unknown>>;

/** Deepest parent chain walked: a longer one is a cycle left by an older version or a script. */
const MAX_DEPTH = 64;

/** What the tree rules read of a table: a declaration with `tree`, or a core tree (CORE_TREES). */
export interface TreeOwner {
  table: string;
  title?: string;
  softDelete?: boolean;
  tree?: TreeRules;
}

function nounOf(def: TreeOwner): string {
  return def.tree?.noun ?? def.title ?? '节点';
}

function live(def: TreeOwner) {
  return def.softDelete === true;
}

/**
 * The tree rules of a declaration with `tree` or of a core tree (one place for every tree table):
 * an empty parent is the root (0); the parent exists (and is not deleted); it is neither the row
 * itself nor one of its descendants, so no cycle can hide nodes from the tree.
 */
export async function checkTreeParent<DB>(db: Kysely<DB>, def: TreeOwner, row: Record<string, unknown>, mode: 'add' | 'update', existingId?: number): Promise<void> {
  if (!def.tree) return;
  const key = def.tree.parent;
  if (row[key] === null || (mode === 'add' && row[key] === undefined)) row[key] = 0;
  if (row[key] === undefined) return;
  const noun = nounOf(def);
  const moved = def.tree.messages?.moved;
  let cursor = Number(row[key]);
  if (existingId !== undefined && cursor === existingId) throw new ApiError(400, moved ?? `上级${noun}不能是自身`);
  for (let depth = 0; depth < MAX_DEPTH && cursor !== 0; depth++) {
    if (existingId !== undefined && cursor === existingId) throw new ApiError(400, moved ?? `上级${noun}不能是自身或其下级`);
    let q = (db as unknown as Kysely<AnyDB>).selectFrom(def.table).select(['id', key]).where('id', '=', cursor);
    if (live(def)) q = q.where(DEL_FLAG_COLUMN, '=', 0);
    const parent = (await q.executeTakeFirst()) as Record<string, unknown> | undefined;
    if (!parent) throw new ApiError(400, depth === 0 ? `上级${noun}不存在` : `上级${noun}链路不完整`);
    cursor = Number(parent[key] ?? 0);
  }
}

/** A node is not deleted while it has children that are not deleted with it. */
export async function refuseWithChildren<DB>(db: Kysely<DB>, def: TreeOwner, ids: readonly number[]): Promise<void> {
  if (!def.tree) return;
  const { parent, text } = def.tree;
  let q = (db as unknown as Kysely<AnyDB>).selectFrom(def.table).select(parent).where(parent, 'in', [...ids]).where('id', 'not in', [...ids]);
  if (live(def)) q = q.where(DEL_FLAG_COLUMN, '=', 0);
  const child = (await q.limit(1).executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!child) return;
  const said = def.tree.messages?.hasChildren;
  if (said) {
    const node = (await (db as unknown as Kysely<AnyDB>).selectFrom(def.table).select(text).where('id', '=', Number(child[parent])).executeTakeFirst()) as Record<string, unknown> | undefined;
    throw new ApiError(400, said.replace('{name}', String(node?.[text] ?? '')));
  }
  const noun = nounOf(def);
  throw new ApiError(400, `该${noun}下还有下级${noun}，请先删除下级${noun}`);
}

/**
 * Nests nodes under their parents, in the order of the rows: the one nesting of every tree answer
 * (declared trees, system/tree_list, organisations, menus, grants, teaching plans). A node whose
 * parent is not among the rows (0, deleted, filtered out) or is itself is a root.
 */
export function nestTree<R, T>(rows: readonly R[], idOf: (r: R) => number, parentOf: (r: R) => number, nodeOf: (r: R) => TreeNode<T> & { nodes: TreeNode<T>[] }): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T> & { nodes: TreeNode<T>[] }>();
  for (const r of rows) nodes.set(idOf(r), nodeOf(r));
  const roots: TreeNode<T>[] = [];
  for (const r of rows) {
    const node = nodes.get(idOf(r)) as TreeNode<T>;
    const parent = nodes.get(parentOf(r));
    if (parent && parent !== node) parent.nodes.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A tree table as system/tree_list serves it: from a declaration's tree rules or a core tree. */
export interface TreeTable {
  table: string;
  parent: string;
  text: string;
  /** soft-deleted rows are left out */
  live: boolean;
  order: string;
  /** the columns a caller may name (id, parent, text and the rules' `columns`) */
  columns: ReadonlySet<string>;
}

function treeTableOf(src: { table: string; softDelete?: boolean; order: string; tree: NonNullable<ResourceDef['tree']> }): TreeTable {
  const { parent, text, columns = [] } = src.tree;
  return { table: src.table, parent, text, live: src.softDelete === true, order: src.order, columns: new Set(['id', parent, text, ...columns]) };
}

/**
 * The trees system/tree_list serves, by table: every declaration with tree rules (a campus-scoped
 * one excepted: the picker's tree is read by every signed-in user, unscoped) and the core trees.
 */
export function treeTables(defs: readonly ResourceDef[] = RESOURCES, core: readonly CoreTree[] = CORE_TREES): ReadonlyMap<string, TreeTable> {
  const out = new Map<string, TreeTable>();
  for (const def of defs) {
    if (!def.tree || def.scope === 'school') continue;
    const order = (def.defaultSort ?? 'id').trim().split(/\s+/)[0] || 'id';
    out.set(def.table, treeTableOf({ table: def.table, softDelete: def.softDelete, order, tree: def.tree }));
  }
  for (const c of core) out.set(c.table, treeTableOf(c));
  return out;
}

export interface TreeColumns {
  parent: string;
  text: string;
  /** the column answered as the node's id */
  value: string;
}

/** The nodes {id, text, parent, nodes} of a tree table, live rows only, ordered by its order column and id. */
export async function readTree(db: Kysely<Database>, t: TreeTable, cols: TreeColumns): Promise<TreeNode[]> {
  let qb = (db as unknown as Kysely<AnyDB>)
    .selectFrom(t.table)
    .select([sql.ref<number>('id').as('t_id'), sql.ref<unknown>(cols.parent).as('t_parent'), sql.ref<unknown>(cols.text).as('t_text'), sql.ref<unknown>(cols.value).as('t_value')]);
  if (t.live) qb = qb.where(DEL_FLAG_COLUMN, '=', 0);
  const rows = (await qb.orderBy(t.order).orderBy('id').execute()) as { t_id: number; t_parent: unknown; t_text: unknown; t_value: unknown }[];
  return nestTree(
    rows,
    (r) => r.t_id,
    (r) => Number(r.t_parent ?? 0),
    (r) => ({ id: r.t_value as number | string, text: String(r.t_text ?? ''), parent: (r.t_parent as number | null) ?? null, nodes: [] }),
  );
}

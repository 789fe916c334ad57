import type { Kysely } from 'kysely';
import { DEL_FLAG_COLUMN, type ResourceDef } from '../../src/contract/resource';
import { ApiError } from './http';

type AnyDB = Record<string, Record<string, unknown>>;

/** Deepest parent chain walked: a longer one is a cycle left by an older version or a script. */
const MAX_DEPTH = 64;

function nounOf(def: ResourceDef): string {
  return def.tree?.noun ?? def.title;
}

function live(def: ResourceDef) {
  return def.softDelete === true;
}

/**
 * The tree rules of a declaration with `tree` (one place for every tree table): an empty parent
 * is the root (0); the parent exists (and is not deleted); it is neither the row itself nor one of
 * its descendants, so no cycle can hide nodes from the tree.
 */
export async function checkTreeParent(db: Kysely<unknown>, def: ResourceDef, row: Record<string, unknown>, mode: 'add' | 'update', existingId?: number): Promise<void> {
  if (!def.tree) return;
  const key = def.tree.parent;
  if (row[key] === null || (mode === 'add' && row[key] === undefined)) row[key] = 0;
  if (row[key] === undefined) return;
  const noun = nounOf(def);
  let cursor = Number(row[key]);
  if (existingId !== undefined && cursor === existingId) throw new ApiError(400, `上级${noun}不能是自身`);
  for (let depth = 0; depth < MAX_DEPTH && cursor !== 0; depth++) {
    if (existingId !== undefined && cursor === existingId) throw new ApiError(400, `上级${noun}不能是自身或其下级`);
    let q = (db as Kysely<AnyDB>).selectFrom(def.table).select(['id', key]).where('id', '=', cursor);
    if (live(def)) q = q.where(DEL_FLAG_COLUMN, '=', 0);
    const parent = (await q.executeTakeFirst()) as Record<string, unknown> | undefined;
    if (!parent) throw new ApiError(400, depth === 0 ? `上级${noun}不存在` : `上级${noun}链路不完整`);
    cursor = Number(parent[key] ?? 0);
  }
}

/** A node is not deleted while it has children that are not deleted with it. */
export async function refuseWithChildren(db: Kysely<unknown>, def: ResourceDef, ids: readonly number[]): Promise<void> {
  if (!def.tree) return;
  let q = (db as Kysely<AnyDB>).selectFrom(def.table).select('id').where(def.tree.parent, 'in', [...ids]).where('id', 'not in', [...ids]);
  if (live(def)) q = q.where(DEL_FLAG_COLUMN, '=', 0);
  if (await q.limit(1).executeTakeFirst()) {
    const noun = nounOf(def);
    throw new ApiError(400, `该${noun}下还有下级${noun}，请先删除下级${noun}`);
  }
}

import { sql, type Kysely } from 'kysely';
import type { Hono } from 'hono';
import type { Database } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { whereInScope } from '../../lib/scope';
import { listOrder } from '../../lib/list-order';
import { nowText } from '../../lib/time';
import { countOf, likeInsensitive, likePattern } from '../../db/dialect';
import { STOCK_MOVES, assetStockPageCall, type AssetStockRow } from '../../../src/contract/workflow-assets';
import { registerOutcome, type OutcomeEvent } from './outcomes';
import './schema';

/**
 * The asset stock per campus (issue 13): an approved 资产入库 adds its quantity, an approved 资产申领
 * or 资产报废 takes it away. The move runs in the transaction of the last approval; a take larger
 * than the stock refuses that approval (库存不足, nothing written), so a quantity never goes
 * negative, also when two approvals of the same item finish at once: the take is one conditional
 * UPDATE (`quantity >= n`), which the database serialises on the row.
 */

function quantityOf(form: Readonly<Record<string, unknown>>): number {
  const n = Number(form.quantity);
  if (!Number.isInteger(n) || n <= 0) throw new ApiError(400, '数量必须是正整数');
  if (n > 1_000_000) throw new ApiError(400, '数量不能超过 1000000');
  return n;
}

function itemOf(form: Readonly<Record<string, unknown>>): string {
  const item = typeof form.item === 'string' ? form.item.trim() : '';
  if (!item) throw new ApiError(400, '请填写物品名称');
  if (item.length > 100) throw new ApiError(400, '物品名称不能超过100个字符');
  return item;
}

/** Moves `delta` of an item at a campus; answers the quantity after. Refuses a take beyond the stock. */
export async function moveStock(db: Kysely<Database>, input: { schoolId: number; item: string; delta: number; instanceId: number | null; actorId: number | null; reason?: string }): Promise<number> {
  const now = nowText();
  const { schoolId, item, delta } = input;
  if (delta > 0) {
    await db
      .insertInto('wf_asset_stock')
      .values({ school_id: schoolId, item, quantity: 0, created_at: now, updated_at: now, created_by: input.actorId, updated_by: input.actorId })
      .onConflict((oc) => oc.columns(['school_id', 'item']).doNothing())
      .execute();
  }
  const res = await db
    .updateTable('wf_asset_stock')
    .set({ quantity: sql`quantity + ${delta}`, updated_at: now, updated_by: input.actorId })
    .where('school_id', '=', schoolId)
    .where('item', '=', item)
    .where('quantity', '>=', delta < 0 ? -delta : 0)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    const row = await db.selectFrom('wf_asset_stock').select('quantity').where('school_id', '=', schoolId).where('item', '=', item).executeTakeFirst();
    throw new ApiError(409, `库存不足：${item} 现有 ${row?.quantity ?? 0}，需要 ${-delta}`);
  }
  const after = await db.selectFrom('wf_asset_stock').select('quantity').where('school_id', '=', schoolId).where('item', '=', item).executeTakeFirstOrThrow();
  await db
    .insertInto('wf_asset_move')
    .values({ school_id: schoolId, item, delta, quantity_after: after.quantity, instance_id: input.instanceId, reason: input.reason?.slice(0, 255) ?? null, created_at: now, updated_at: now, created_by: input.actorId, updated_by: input.actorId })
    .execute();
  return after.quantity;
}

async function onAssetOutcome({ db, outcome, actorId, instance }: OutcomeEvent): Promise<void> {
  if (outcome !== 'approved') return;
  const sign = STOCK_MOVES[instance.ref_type];
  if (!sign) return;
  if (instance.school_id === null) throw new ApiError(400, '资产申请须指定校区');
  const item = itemOf(instance.form);
  await moveStock(db, { schoolId: instance.school_id, item, delta: sign * quantityOf(instance.form), instanceId: instance.id, actorId, reason: typeof instance.form.reason === 'string' ? instance.form.reason : undefined });
}

for (const refType of Object.keys(STOCK_MOVES)) registerOutcome(refType, onAssetOutcome);

export function registerAssetStock(app: Hono<AppEnv>): void {
  mountCall(app, assetStockPageCall, async ({ db, principal, query }) => {
    let qb = whereInScope(db.selectFrom('wf_asset_stock as s').leftJoin('organisations as o', 'o.id', 's.school_id'), 's.school_id', principal);
    if (query.item) qb = qb.where(likeInsensitive(sql.ref('s.item'), likePattern(query.item)));
    if (query.school_id) qb = qb.where('s.school_id', '=', query.school_id);
    const totalSize = await countOf(qb.select('s.id'));
    let sorted = qb.select(['s.id', 's.school_id', 'o.name as school_name', 's.item', 's.quantity', 's.updated_at']);
    for (const [ref, dir] of listOrder(query.sort, { item: 's.item', quantity: 's.quantity', school_id: 's.school_id', updated_at: 's.updated_at' }, [
      ['s.school_id', 'asc'],
      ['s.item', 'asc'],
      ['s.id', 'asc'],
    ])) {
      sorted = sorted.orderBy(sql.ref(ref), dir);
    }
    const content: AssetStockRow[] = await sorted
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute();
    return { content, totalSize };
  });
}

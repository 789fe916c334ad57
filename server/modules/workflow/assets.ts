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
import { registerApplyCheck, registerOutcome, type ApplyCheckEvent, type OutcomeEvent } from './outcomes';
import { WF_STATES } from '../../../src/contract/workflow';
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

/** The repair a 维修入库 puts back into stock (资产入库 with `repair_instance_id`), or null. */
function repairOf(form: Readonly<Record<string, unknown>>): number | null {
  const raw = form.repair_instance_id;
  if (raw === undefined || raw === null || raw === '') return null;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(400, '报修申请编号无效');
  return id;
}

/**
 * A repaired item goes back into stock once: the repair must be an approved 报修申请 of the same
 * campus, and no other 资产入库 of it may be running or approved (`except`: the one being approved).
 */
async function assertRepairFree(db: Kysely<Database>, repairId: number, schoolId: number | null, except: number | null): Promise<void> {
  const repair = await db.selectFrom('wf_instance').select(['id', 'state', 'school_id']).where('id', '=', repairId).where('ref_type', '=', 'repair').executeTakeFirst();
  if (!repair || repair.school_id !== schoolId) throw new ApiError(404, '报修申请不存在或不属于该校区');
  if (repair.state !== WF_STATES.APPROVED) throw new ApiError(409, '只有已通过的报修申请可以维修入库');
  let qb = db
    .selectFrom('wf_instance')
    .select('id')
    .where('ref_type', '=', 'asset_stock_in')
    .where('state', 'in', [WF_STATES.RUNNING, WF_STATES.APPROVED])
    .where((eb) => eb.or([eb('form', 'like', `%"repair_instance_id":${repairId},%`), eb('form', 'like', `%"repair_instance_id":${repairId}}%`), eb('form', 'like', `%"repair_instance_id":"${repairId}"%`)]));
  if (except !== null) qb = qb.where('id', '<>', except);
  const other = await qb.executeTakeFirst();
  if (other) throw new ApiError(409, `报修申请 ${repairId} 已维修入库（资产入库 ${other.id}），不能重复入库`);
}

/** At submission: the item and a whole positive quantity, and a repair put back into stock only once. */
async function checkAssetApply({ db, refType, schoolId, form }: ApplyCheckEvent): Promise<Record<string, unknown>> {
  itemOf(form);
  const quantity = quantityOf(form);
  const repairId = refType === 'asset_stock_in' ? repairOf(form) : null;
  if (repairId !== null) await assertRepairFree(db, repairId, schoolId, null);
  return { ...form, quantity, ...(repairId !== null ? { repair_instance_id: repairId } : {}) };
}

async function onAssetOutcome({ db, outcome, actorId, instance }: OutcomeEvent): Promise<void> {
  if (outcome !== 'approved') return;
  const sign = STOCK_MOVES[instance.ref_type];
  if (!sign) return;
  if (instance.school_id === null) throw new ApiError(400, '资产申请须指定校区');
  const item = itemOf(instance.form);
  const repairId = instance.ref_type === 'asset_stock_in' ? repairOf(instance.form) : null;
  if (repairId !== null) await assertRepairFree(db, repairId, instance.school_id, instance.id);
  await moveStock(db, { schoolId: instance.school_id, item, delta: sign * quantityOf(instance.form), instanceId: instance.id, actorId, reason: typeof instance.form.reason === 'string' ? instance.form.reason : undefined });
}

for (const refType of Object.keys(STOCK_MOVES)) {
  registerApplyCheck(refType, checkAssetApply);
  registerOutcome(refType, onAssetOutcome);
}

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

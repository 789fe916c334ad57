import { listOrder } from '../../lib/list-order';
import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { keptOrRefused, maskFor } from '../../lib/mask';
import { requireInScope, whereInScope } from '../../lib/scope';
import { likeInsensitive, likePattern } from '../../db/dialect';
import { isUniqueViolation } from '../../db/dialect';
import {
  PT_LOG_ACTIONS,
  PT_USER_STATES,
  ptUserAddCall,
  ptUserDeleteCall,
  ptUserInfoCall,
  ptUserLogPageCall,
  ptUserPageCall,
  ptUserToSellerCall,
  ptUserUpdateCall,
  ptUserUpdateStateCall,
  ptUserUpdateTargetCall,
  type PartTimeUserLogRow,
  type PartTimeUserRow,
} from '../../../src/contract/parttime';
import { kpiRows } from './kpi';
import { currentMonth, offsetOf } from './paging';
import './schema';

type Db = Kysely<Database>;

/** One part-time user of the caller's campuses (not deleted), or 404 as if missing. */
export async function partTimeUserInScope(db: Db, principal: Principal, id: number, label?: string) {
  const row = await whereInScope(db.selectFrom('pt_part_time_user').selectAll().where('id', '=', id).where('del_flag', '=', 0), 'school_id', principal).executeTakeFirst();
  if (!row) throw new ApiError(404, `${label ?? '兼职人员'}不存在或无权访问`);
  return row;
}

export async function writeLog(db: Db, principal: Principal, user: { id: number; school_id: number }, action: string, content: string): Promise<void> {
  await db.insertInto('pt_part_time_user_log').values({ part_time_user_id: user.id, school_id: user.school_id, action, content: content.slice(0, 500), created_by: principal.userId, created_at: nowText() }).execute();
}

const stateText = (v: number): string => PT_USER_STATES.find((s) => s.value === v)?.text ?? String(v);

async function phoneTaken(db: Db, phone: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('pt_part_time_user').select('id').where('phone', '=', phone).where('del_flag', '=', 0);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw new ApiError(409, '该手机号已登记为兼职人员');
}

function userSelect(db: Db) {
  return db
    .selectFrom('pt_part_time_user as p')
    .leftJoin('organisations as o', 'o.id', 'p.school_id')
    .leftJoin('users as u', 'u.id', 'p.seller_user_id')
    .select(['p.id', 'p.school_id', 'o.name as school_name', 'p.name', 'p.phone', 'p.gender', 'p.state', 'p.monthly_target', 'p.seller_user_id', 'u.name as seller_name', 'p.joined_on', 'p.remark', 'p.created_at'])
    .where('p.del_flag', '=', 0);
}

function shown(principal: Principal, r: PartTimeUserRow): PartTimeUserRow {
  return { ...r, phone: maskFor(principal, 'phone', r.phone) ?? '' };
}

export function registerUsers(app: Hono<AppEnv>): void {
  mountCall(app, ptUserAddCall, async ({ db, principal, body }) => {
    await requireInScope(db, principal, 'campus', body.school_id, '校区');
    await phoneTaken(db, body.phone);
    const now = nowText();
    let row: { id: number };
    try {
      row = await db
        .insertInto('pt_part_time_user')
        .values({ school_id: body.school_id, name: body.name, phone: body.phone, gender: body.gender ?? null, monthly_target: body.monthly_target ?? 0, seller_user_id: null, joined_on: body.joined_on ?? null, remark: body.remark ?? null, created_at: now, updated_at: now, created_by: principal.userId, updated_by: principal.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
    } catch (err) {
      // a deleted acquirer keeps their phone: a new one with it is the same person
      if (isUniqueViolation(err)) throw new ApiError(409, '该手机号已登记为兼职人员（可能已删除）');
      throw err;
    }
    await writeLog(db, principal, { id: row.id, school_id: body.school_id }, PT_LOG_ACTIONS.add, `新增兼职人员 ${body.name}`);
    return { id: row.id };
  });

  mountCall(app, ptUserUpdateCall, async ({ db, principal, body }) => {
    const existing = await partTimeUserInScope(db, principal, body.id);
    await requireInScope(db, principal, 'campus', body.school_id, '校区');
    const phone = keptOrRefused('phone', '手机号', body.phone, existing.phone) ?? existing.phone;
    await phoneTaken(db, phone, existing.id);
    const changes: string[] = [];
    if (existing.name !== body.name) changes.push(`姓名 ${existing.name} → ${body.name}`);
    if (existing.school_id !== body.school_id) changes.push('校区已变更');
    if (existing.phone !== phone) changes.push('手机号已变更');
    const target = body.monthly_target ?? existing.monthly_target;
    if (existing.monthly_target !== target) changes.push(`月目标 ${existing.monthly_target} → ${target}`);
    await db
      .updateTable('pt_part_time_user')
      .set({ school_id: body.school_id, name: body.name, phone, gender: body.gender ?? null, monthly_target: target, joined_on: body.joined_on ?? null, remark: body.remark ?? null, updated_at: nowText(), updated_by: principal.userId })
      .where('id', '=', existing.id)
      .execute();
    // students and attendance follow their acquirer's campus
    if (existing.school_id !== body.school_id) {
      await db.updateTable('pt_acquirer_student').set({ school_id: body.school_id }).where('part_time_user_id', '=', existing.id).where('state', '=', 1).execute();
    }
    await writeLog(db, principal, { id: existing.id, school_id: body.school_id }, PT_LOG_ACTIONS.update, changes.length ? changes.join('；') : '修改资料');
    return { id: existing.id };
  });

  mountCall(app, ptUserDeleteCall, async ({ db, principal, body }) => {
    const ids = [...new Set(body.map((x) => x.id))];
    const rows = await whereInScope(db.selectFrom('pt_part_time_user').select(['id', 'school_id', 'name']).where('id', 'in', ids).where('del_flag', '=', 0), 'school_id', principal).execute();
    if (rows.length !== ids.length) throw new ApiError(404, '兼职人员不存在或无权访问');
    const pending = await db.selectFrom('pt_acquirer_student').select(['part_time_user_id']).where('part_time_user_id', 'in', ids).where('state', '=', 1).executeTakeFirst();
    if (pending) {
      const name = rows.find((r) => r.id === pending.part_time_user_id)?.name ?? '';
      throw new ApiError(409, `兼职人员${name}还有待处理的地推资源，请先处理后再删除`);
    }
    await db.updateTable('pt_part_time_user').set({ del_flag: 1, updated_at: nowText(), updated_by: principal.userId }).where('id', 'in', ids).execute();
    for (const r of rows) await writeLog(db, principal, r, PT_LOG_ACTIONS.delete, `删除兼职人员 ${r.name}`);
    return { count: rows.length };
  });

  mountCall(app, ptUserPageCall, async ({ db, principal, query }) => {
    let q = whereInScope(userSelect(db), 'p.school_id', principal);
    if (query.name) q = q.where(likeInsensitive('p.name', likePattern(query.name)));
    if (query.phone) q = q.where('p.phone', 'like', `%${query.phone}%`);
    if (query.state !== undefined) q = q.where('p.state', '=', query.state);
    if (query.school_id !== undefined) q = q.where('p.school_id', '=', query.school_id);
    const total = await q.clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    let sorted = q;
    for (const [ref, dir] of listOrder(query.sort, { id: 'p.id', name: 'p.name', state: 'p.state', school_id: 'p.school_id' }, [['p.id', 'desc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
    const rows = await sorted.limit(query.rows).offset(offsetOf(query)).execute();
    return { content: rows.map((r) => shown(principal, r)), totalSize: Number(total.n) };
  });

  mountCall(app, ptUserInfoCall, async ({ db, principal, query }) => {
    await partTimeUserInScope(db, principal, query.id);
    const row = await userSelect(db).where('p.id', '=', query.id).executeTakeFirstOrThrow();
    const month = currentMonth();
    const kpi = (await kpiRows(db, principal, { month, ids: [query.id] })).rows[0];
    return { ...shown(principal, row), kpi };
  });

  mountCall(app, ptUserUpdateTargetCall, async ({ db, principal, body }) => {
    const ids = [...new Set(body.ids)];
    const rows = await whereInScope(db.selectFrom('pt_part_time_user').select(['id', 'school_id', 'monthly_target']).where('id', 'in', ids).where('del_flag', '=', 0), 'school_id', principal).execute();
    if (rows.length !== ids.length) throw new ApiError(404, '兼职人员不存在或无权访问');
    await db.updateTable('pt_part_time_user').set({ monthly_target: body.target, updated_at: nowText(), updated_by: principal.userId }).where('id', 'in', ids).execute();
    for (const r of rows) await writeLog(db, principal, r, PT_LOG_ACTIONS.target, `月目标资源量 ${r.monthly_target} → ${body.target}`);
    return { count: rows.length };
  });

  mountCall(app, ptUserUpdateStateCall, async ({ db, principal, body }) => {
    const ids = [...new Set(body.ids)];
    const rows = await whereInScope(db.selectFrom('pt_part_time_user').select(['id', 'school_id', 'state', 'name']).where('id', 'in', ids).where('del_flag', '=', 0), 'school_id', principal).execute();
    if (rows.length !== ids.length) throw new ApiError(404, '兼职人员不存在或无权访问');
    const seller = rows.find((r) => r.state === 3);
    if (seller) throw new ApiError(409, `兼职人员${seller.name}已转为销售，不能再修改状态`);
    await db.updateTable('pt_part_time_user').set({ state: body.state, updated_at: nowText(), updated_by: principal.userId }).where('id', 'in', ids).execute();
    for (const r of rows) await writeLog(db, principal, r, PT_LOG_ACTIONS.state, `${stateText(r.state)} → ${stateText(body.state)}`);
    return { count: rows.length };
  });

  // The acquirer becomes (is bound to) a staff account of the same campus that sells from now on.
  mountCall(app, ptUserToSellerCall, async ({ db, principal, body }) => {
    const existing = await partTimeUserInScope(db, principal, body.id);
    if (existing.state === 3) throw new ApiError(409, '该兼职人员已转为销售');
    await requireInScope(db, principal, 'staff', body.user_id, '销售账号');
    const sameCampus = await db.selectFrom('user_schools').select('id').where('user_id', '=', body.user_id).where('school_id', '=', existing.school_id).executeTakeFirst();
    if (!sameCampus) throw new ApiError(400, '销售账号须属于兼职人员所在校区');
    const user = await db.selectFrom('users').select(['name']).where('id', '=', body.user_id).executeTakeFirstOrThrow();
    await db.updateTable('pt_part_time_user').set({ state: 3, seller_user_id: body.user_id, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', existing.id).execute();
    await writeLog(db, principal, existing, PT_LOG_ACTIONS.seller, `转为销售，销售账号 ${user.name}`);
    return { id: existing.id, seller_user_id: body.user_id };
  });

  mountCall(app, ptUserLogPageCall, async ({ db, principal, query }) => {
    let q = whereInScope(
      db
        .selectFrom('pt_part_time_user_log as l')
        .leftJoin('pt_part_time_user as p', 'p.id', 'l.part_time_user_id')
        .leftJoin('users as u', 'u.id', 'l.created_by')
        .select(['l.id', 'l.part_time_user_id', 'p.name as part_time_user_name', 'l.action', 'l.content', 'u.name as operator_name', 'l.created_at']),
      'l.school_id',
      principal,
    );
    if (query.part_time_user_id !== undefined) q = q.where('l.part_time_user_id', '=', query.part_time_user_id);
    if (query.school_id !== undefined) q = q.where('l.school_id', '=', query.school_id);
    const total = await q.clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const rows: PartTimeUserLogRow[] = await q.orderBy('l.id', 'desc').limit(query.rows).offset(offsetOf(query)).execute();
    return { content: rows, totalSize: Number(total.n) };
  });
}

import { sql, type Generated } from 'kysely';
import type { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { hasPerm } from '../../lib/auth';
import { mountCall } from '../../lib/call-routes';
import { nowText } from '../../lib/time';
import { countOf } from '../../db/dialect';
import { punchCall, punchPageCall } from '../../../src/contract/workflow';
import { listOrder } from '../../lib/list-order';

export interface PunchTable {
  id: Generated<number>;
  user_id: number;
  user_name: string;
  punch_time: string;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  device: string;
  created_at: string | null;
  updated_at: string | null;
  created_by: number | null;
  updated_by: number | null;
}

declare module '../../db/schema' {
  interface Database {
    wf_clock_in: PunchTable;
  }
}

const MAX_SKEW_MS = 5 * 60 * 1000;

/**
 * Staff attendance punches (/wf/clockIn). A punch is written once per Idempotency-Key by the
 * transaction middleware, so an offline replay arrives once; the punch keeps the tap time.
 */
export function registerClockIn(app: Hono<AppEnv>): void {
  mountCall(app, punchCall, async ({ c, body }) => {
    const time = body.time.replace('T', ' ').padEnd(19, ':00').slice(0, 19);
    if (time > nowText(Date.now() + MAX_SKEW_MS)) throw new ApiError(400, '打卡时间不能晚于当前时间');
    if ((body.lat === undefined) !== (body.lng === undefined)) throw new ApiError(400, '经纬度需同时提供');
    const now = nowText();
    const row = await c.var.db
      .insertInto('wf_clock_in')
      .values({
        user_id: c.var.principal.userId,
        user_name: c.var.principal.name,
        punch_time: time,
        lat: body.lat ?? null,
        lng: body.lng ?? null,
        accuracy: body.accuracy ?? null,
        device: body.device,
        created_at: now,
        updated_at: now,
        created_by: c.var.principal.userId,
        updated_by: c.var.principal.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  });
  mountCall(app, punchPageCall, async ({ c, query: q }) => {
    const p = c.var.principal;
    const all = hasPerm(p, 'wf_clock_in_all');
    if (q.user_id !== undefined && q.user_id !== p.userId && !all) throw new ApiError(403, '没有操作权限：wf_clock_in_all');
    let base = c.var.db.selectFrom('wf_clock_in');
    if (q.user_id !== undefined) base = base.where('user_id', '=', q.user_id);
    else if (!all) base = base.where('user_id', '=', p.userId);
    if (q.date_start) base = base.where('punch_time', '>=', `${q.date_start} 00:00:00`);
    if (q.date_end) base = base.where('punch_time', '<=', `${q.date_end} 23:59:59`);
    const totalSize = await countOf(base.select('id'));
    let sorted = base.selectAll();
    for (const [ref, dir] of listOrder(q.sort, { punch_time: 'punch_time', id: 'id' }, [['punch_time', 'desc'], ['id', 'desc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
    const content = await sorted.limit(q.rows).offset((q.page - 1) * q.rows).execute();
    return { content, totalSize };
  });
}

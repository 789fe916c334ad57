import { sql } from 'kysely';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { ApiError, ok } from '../../lib/http';
import { assertPerm, hasPerm } from '../../lib/auth';
import { parseJson, parseQuery } from '../../lib/validate';
import { nowText } from '../../lib/time';
import { countOf } from '../../db/dialect';
import { pageQuerySchema } from '../../../src/contract/paging';
import { punchSchema } from '../../../src/contract/classes';
import { listOrder } from '../../lib/list-order';

const MAX_SKEW_MS = 5 * 60 * 1000;

/**
 * Staff attendance punches (/wf/clockIn). A punch is written once per Idempotency-Key by the
 * transaction middleware, so an offline replay arrives once; the punch keeps the tap time.
 */
export function registerPunch(app: Hono<AppEnv>): void {
  app.post('/api/v1/wf_clock_in/punch', async (c) => {
    assertPerm(c.var.principal, 'wf_clock_in_punch');
    const body = await parseJson(c, punchSchema, { time: '打卡时间', lat: '纬度', lng: '经度', accuracy: '定位精度', device: '设备' });
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
    return ok(c, row);
  });
  app.get('/api/v1/wf_clock_in/page', async (c) => {
    const q = parseQuery(
      c,
      pageQuerySchema.extend({
        user_id: z.coerce.number({ error: '用户必须是数字' }).int().positive().optional(),
        date_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期格式应为 YYYY-MM-DD').optional(),
        date_end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期格式应为 YYYY-MM-DD').optional(),
      }),
      { user_id: '用户', date_start: '开始日期', date_end: '结束日期' },
    );
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
    return ok(c, { content, totalSize });
  });
}

import { sql } from 'kysely';
import type { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { ApiError, notFound } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { mountResource } from '../../lib/resource-routes';
import { countOf, likeInsensitive, likePattern } from '../../db/dialect';
import { prodClassTypeDetailCall, prodClassTypeNamePageCall, prodClassTypeProtocolCall, prodClassTypeProtocolSaveCall } from '../../../src/contract/classes';
import { classTypeResource } from '../../../src/contract/resources/products';
import { classroomResource, holidaySetResource, holidaySetSchoolResource, swapDayResource, swapDaySchoolResource, autoCsTimeSetResource } from '../../../src/contract/resources/base';
import { courseContentTemplateResource } from '../../../src/contract/resources/classes';
import { touched } from './common';
import { listOrder } from '../../lib/list-order';


function endAfterStart(row: Record<string, unknown>, existing?: Record<string, unknown>): void {
  const start = String(row.start_date ?? existing?.start_date ?? '');
  const end = String(row.end_date ?? existing?.end_date ?? '');
  if (start && end && end < start) throw new ApiError(400, '结束日期不能早于开始日期');
}

function timeOrder(row: Record<string, unknown>, existing?: Record<string, unknown>): void {
  const start = String(row.start_time_str ?? existing?.start_time_str ?? '');
  const end = String(row.end_time_str ?? existing?.end_time_str ?? '');
  if (start && end && end <= start) throw new ApiError(400, '结束时间必须晚于开始时间');
}

/** Class types, classrooms, holidays, swap days, time-slot settings, course content templates. */
export function registerCatalogue(app: Hono<AppEnv>): void {
  mountResource(app, classTypeResource, {
    async beforeDelete(ctx, ids) {
      const used = await ctx.db.selectFrom('base_class_manage').select('name').where('class_type_id', 'in', ids).where('del_flag', '=', 0).executeTakeFirst();
      if (used) throw new ApiError(409, `班型正在被班级 ${used.name} 使用，不能删除`);
    },
  });
  mountCall(app, prodClassTypeDetailCall, async ({ c, query: { id } }) => {
    const row = await c.var.db.selectFrom('prod_class_type').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    if (!row) throw notFound();
    const classes = await countOf(c.var.db.selectFrom('base_class_manage').select('id').where('class_type_id', '=', id).where('del_flag', '=', 0));
    return { ...row, hours_per_lesson: Number(row.hours_per_lesson), total_hours: Number(row.hours_per_lesson) * row.lesson_count, class_count: classes };
  });
  mountCall(app, prodClassTypeProtocolCall, async ({ c, query: { id } }) => {
    const row = await c.var.db.selectFrom('prod_class_type').select(['id', 'name', 'protocol']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  });
  mountCall(app, prodClassTypeProtocolSaveCall, async ({ c, body }) => {
    const done = await c.var.db.updateTable('prod_class_type').set({ protocol: body.protocol, ...touched(c.var.principal) }).where('id', '=', body.id).where('del_flag', '=', 0).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw notFound();
    return { id: body.id };
  });
  mountCall(app, prodClassTypeNamePageCall, async ({ c, query: q }) => {
    let base = c.var.db.selectFrom('prod_class_type').where('del_flag', '=', 0).where('visible', '=', 1);
    if (q.name) base = base.where(likeInsensitive('name', likePattern(q.name)));
    const totalSize = await countOf(base.select('id'));
    let sorted = base.select(['id', 'name', 'lesson_count', 'hours_per_lesson']);
    for (const [ref, dir] of listOrder(q.sort, { id: 'id', name: 'name', order_num: 'order_num', lesson_count: 'lesson_count' }, [['order_num', 'asc'], ['id', 'asc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
    const content = await sorted
      .limit(q.rows)
      .offset((q.page - 1) * q.rows)
      .execute();
    return { content, totalSize };
  });

  mountResource(app, classroomResource, {
    async beforeWrite(ctx, row, mode, existing) {
      if (mode === 'update' && existing && row.school_id !== undefined && Number(row.school_id) !== Number(existing.school_id)) {
        const used = await ctx.db.selectFrom('edu_class_schedule').select('id').where('classroom_id', '=', existing.id).limit(1).executeTakeFirst();
        if (used) throw new ApiError(409, '教室已有排课，不能改到其他校区');
      }
    },
    async beforeDelete(ctx, ids) {
      const used = await ctx.db.selectFrom('base_class_manage').select('name').where('classroom_id', 'in', ids).where('del_flag', '=', 0).where('state', 'in', [1, 2]).executeTakeFirst();
      if (used) throw new ApiError(409, `教室正在被班级 ${used.name} 使用，不能删除`);
    },
  });
  for (const def of [holidaySetResource, holidaySetSchoolResource]) {
    mountResource(app, def, { beforeWrite: (_ctx, row, _mode, existing) => endAfterStart(row, existing) });
  }
  mountResource(app, swapDayResource);
  mountResource(app, swapDaySchoolResource);
  mountResource(app, autoCsTimeSetResource, { beforeWrite: (_ctx, row, _mode, existing) => timeOrder(row, existing) });
  mountResource(app, courseContentTemplateResource);
}

import type { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { mountResource } from '../../lib/resource-routes';
import { likeInsensitive, likePattern } from '../../db/dialect';
import { classPathStepResource, courseScheduleResource, courseScheduleTimeSetResource } from '../../../src/contract/resources/products';
import { textBookSearchNameCall } from '../../../src/contract/products';
import './schema';

/** Class path steps, time slots, course schedules and the textbook picker. */
export function registerCatalogue(app: Hono<AppEnv>): void {
  mountResource(app, classPathStepResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      const pathId = Number(row.class_path_id ?? existing?.class_path_id);
      const others = () => {
        const q = ctx.db.selectFrom('prod_class_path_step').select('id').where('class_path_id', '=', pathId);
        return existing ? q.where('id', '<>', existing.id) : q;
      };
      const step = Number(row.step_no ?? existing?.step_no);
      if (await others().where('step_no', '=', step).executeTakeFirst()) throw new ApiError(409, `该课程路径已有第${step}阶段`);
      const type = Number(row.class_type_id ?? existing?.class_type_id);
      if (await others().where('class_type_id', '=', type).executeTakeFirst()) throw new ApiError(409, '该班型已在这条课程路径中');
    },
  });

  mountResource(app, courseScheduleTimeSetResource, {
    beforeWrite(_ctx, row, _mode, existing) {
      const start = String(row.start_time ?? existing?.start_time ?? '');
      const end = String(row.end_time ?? existing?.end_time ?? '');
      if (start && end && end <= start) throw new ApiError(400, '结束时间必须晚于开始时间');
    },
  });

  mountResource(app, courseScheduleResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      const start = String(row.start_date ?? existing?.start_date ?? '');
      const end = String(row.end_date ?? existing?.end_date ?? '');
      if (start && end && end < start) throw new ApiError(400, '结课日期不能早于开课日期');
      // the slot belongs to a campus: a schedule uses its own campus's slots
      const slotId = Number(row.time_set_id ?? existing?.time_set_id);
      const schoolId = Number(row.school_id ?? existing?.school_id);
      const slot = await ctx.db.selectFrom('prod_course_schedule_time_set').select('school_id').where('id', '=', slotId).executeTakeFirst();
      if (slot && slot.school_id !== schoolId) throw new ApiError(400, '上课时间段不属于该校区');
    },
  });

  mountCall(app, textBookSearchNameCall, async ({ db, query }) => {
    let q = db.selectFrom('prod_text_book').select(['id', 'name', 'isbn', 'publisher', 'price']).where('status', '=', 1);
    if (query.name) q = q.where(likeInsensitive('name', likePattern(query.name)));
    const rows = await q.orderBy('name').orderBy('id').limit(query.rows).execute();
    return rows.map((r) => ({ ...r, price: Number(r.price) }));
  });
}

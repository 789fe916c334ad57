import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { ApiError, notFound } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { nestTree } from '../../lib/resource-tree';
import { inScope, whereInScope } from '../../lib/scope';
import { mountResource } from '../../lib/resource-routes';
import { countOf } from '../../db/dialect';
import type { Page } from '../../../src/contract/envelope';
import type { TreeNode } from '../../../src/contract/menu';
import {
  applyAbortCall,
  applyPutCall,
  applyTeaPageCall,
  courseLevelDeleteCall,
  courseReviewCall,
  courseTreeCall,
  undoGroupAbortCall,
  type StoredRow,
} from '../../../src/contract/classes';
import { courseScheduleResource, scheduleApplyResource, undoGroupResource } from '../../../src/contract/resources/classes';
import { chunk, classInScope, scheduleInScope, stamps, touched } from './common';
import { assertTeacher } from './schedules';
import type { CourseScheduleTable } from './schema';
import { sql, type Selectable } from 'kysely';
import { listOrder } from '../../lib/list-order';

async function teacherApplications(c: Context<AppEnv>, q: z.output<NonNullable<typeof applyTeaPageCall.query>>): Promise<Page<StoredRow>> {
  let base = c.var.db.selectFrom('plan_edu_class_schedule_apply').where('teacher_id', '=', c.var.principal.userId);
  if (q.state !== undefined) base = base.where('state', '=', q.state);
  const totalSize = await countOf(base.select('id'));
  let sorted = base.selectAll();
  for (const [ref, dir] of listOrder(q.sort, { id: 'id', state: 'state', created_at: 'created_at' }, [['id', 'desc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
  const content = await sorted.limit(q.rows).offset((q.page - 1) * q.rows).execute();
  return { content, totalSize };
}

type CourseNode = Selectable<CourseScheduleTable>;

function courseTree(rows: CourseNode[]): TreeNode<CourseNode>[] {
  return nestTree(
    rows,
    (r) => r.id,
    (r) => r.parent_id ?? 0,
    (r) => ({ id: r.id, text: r.name, parent: r.parent_id ?? 0, nodes: [], tag: r }),
  );
}

/** Schedule-change applications, the teaching plan of a class, undo groups. */
export function registerPlans(app: Hono<AppEnv>): void {
  mountResource(app, scheduleApplyResource);
  mountCall(app, applyPutCall, async ({ c, body }) => {
    const db = c.var.db;
    const lesson = await scheduleInScope(db, c.var.principal, body.schedule_id);
    if (body.apply_type === 1) {
      if (!body.new_date || !body.new_start_time || !body.new_end_time) throw new ApiError(400, '调课请填写新日期和新的上课时间');
      if (body.new_end_time <= body.new_start_time) throw new ApiError(400, '结束时间必须晚于开始时间');
    } else {
      if (!body.new_teacher_id) throw new ApiError(400, '代课请选择代课老师');
      await assertTeacher(db, c.var.principal, body.new_teacher_id);
    }
    const values = {
      schedule_id: lesson.id,
      school_id: lesson.school_id,
      apply_type: body.apply_type,
      new_date: body.new_date ?? null,
      new_start_time: body.new_start_time ?? null,
      new_end_time: body.new_end_time ?? null,
      new_teacher_id: body.new_teacher_id ?? null,
      reason: body.reason,
    };
    if (body.id) {
      const existing = await db.selectFrom('plan_edu_class_schedule_apply').selectAll().where('id', '=', body.id).executeTakeFirst();
      if (!existing || !inScope(c.var.principal, existing.school_id)) throw notFound();
      if (existing.state !== 1) throw new ApiError(409, '申请已处理或已中止，不能修改');
      const row = await db.updateTable('plan_edu_class_schedule_apply').set({ ...values, ...touched(c.var.principal) }).where('id', '=', body.id).returningAll().executeTakeFirstOrThrow();
      return row;
    }
    const row = await db
      .insertInto('plan_edu_class_schedule_apply')
      .values({ ...values, teacher_id: c.var.principal.userId, state: 1, ...stamps(c.var.principal) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  });
  mountCall(app, applyAbortCall, async ({ c, body: { id } }) => {
    const row = await c.var.db.selectFrom('plan_edu_class_schedule_apply').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || !inScope(c.var.principal, row.school_id)) throw notFound();
    if (row.state !== 1) throw new ApiError(409, '只有待审批的申请可以中止');
    await c.var.db.updateTable('plan_edu_class_schedule_apply').set({ state: 3, ...touched(c.var.principal) }).where('id', '=', id).execute();
    return { id, state: 3 };
  });
  mountCall(app, applyTeaPageCall, ({ c, query }) => teacherApplications(c, query));

  mountResource(app, courseScheduleResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      const classId = Number(row.class_id ?? existing?.class_id);
      const cls = await classInScope(ctx.db, ctx.principal, classId);
      row.school_id = cls.school_id;
      const parent = Number(row.parent_id ?? existing?.parent_id ?? 0);
      const level = Number(row.level ?? existing?.level);
      if (parent > 0) {
        const p = await ctx.db.selectFrom('edu_course_schedule').select(['class_id', 'level']).where('id', '=', parent).executeTakeFirst();
        if (!p || p.class_id !== classId) throw new ApiError(400, '上级节点不存在或不属于该班级');
        if (p.level >= level) throw new ApiError(400, '层级必须低于上级节点（阶段 → 单元 → 课次）');
        if (existing && parent === existing.id) throw new ApiError(400, '上级节点不能是自己');
      } else if (level !== 1) {
        throw new ApiError(400, '顶层节点必须是阶段');
      }
      // An edited plan goes back to review.
      row.review_state = 0;
    },
    async beforeDelete(ctx, ids) {
      const child = await ctx.db.selectFrom('edu_course_schedule').select('name').where('parent_id', 'in', ids).executeTakeFirst();
      if (child) throw new ApiError(409, `节点下还有 ${child.name} 等内容，请使用按层级删除`);
    },
  });
  mountCall(app, courseTreeCall, async ({ c, query: { class_id } }) => {
    const cls = await classInScope(c.var.db, c.var.principal, class_id);
    const rows = await c.var.db.selectFrom('edu_course_schedule').selectAll().where('class_id', '=', cls.id).orderBy('level').orderBy('order_num').orderBy('id').execute();
    return courseTree(rows);
  });
  mountCall(app, courseReviewCall, async ({ c, body }) => {
    const rows = await c.var.db.selectFrom('edu_course_schedule').select(['id', 'school_id']).where('id', 'in', body.ids).execute();
    if (rows.length !== new Set(body.ids).size || rows.some((r) => !inScope(c.var.principal, r.school_id))) throw notFound();
    if (body.review_state === 2 && !body.review_remark) throw new ApiError(400, '驳回时请填写审核意见');
    await c.var.db
      .updateTable('edu_course_schedule')
      .set({ review_state: body.review_state, review_remark: body.review_remark ?? null, ...touched(c.var.principal) })
      .where('id', 'in', body.ids)
      .execute();
    return { count: rows.length };
  });
  mountCall(app, courseLevelDeleteCall, async ({ c, body: { id } }) => {
    const db = c.var.db;
    const root = await db.selectFrom('edu_course_schedule').select(['id', 'school_id', 'class_id']).where('id', '=', id).executeTakeFirst();
    if (!root || !inScope(c.var.principal, root.school_id)) throw notFound();
    const all = await db.selectFrom('edu_course_schedule').select(['id', 'parent_id']).where('class_id', '=', root.class_id).execute();
    const doomed = new Set([root.id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const r of all) {
        if (!doomed.has(r.id) && r.parent_id !== null && doomed.has(r.parent_id)) {
          doomed.add(r.id);
          grew = true;
        }
      }
    }
    for (const part of chunk([...doomed], 500)) await db.deleteFrom('edu_course_schedule').where('id', 'in', part).execute();
    return { count: doomed.size };
  });

  mountResource(app, undoGroupResource, {
    async beforeWrite(ctx, row, mode, existing) {
      if (existing && Number(existing.state) !== 1) throw new ApiError(409, '撤销组已执行或已中止，不能修改');
      if (row.check_in_ids !== undefined) {
        const ids = String(row.check_in_ids).split(',').map(Number);
        const found = await whereInScope(ctx.db.selectFrom('edu_check_in').select(['id', 'school_id', 'state']), 'school_id', ctx.principal).where('id', 'in', ids).execute();
        if (found.length !== new Set(ids).size) throw notFound();
        if (found.some((f) => f.state !== 1)) throw new ApiError(409, '所选签到记录中有已撤销的记录');
        const schools = new Set(found.map((f) => f.school_id));
        if (schools.size !== 1) throw new ApiError(400, '一个撤销组只能包含同一校区的签到记录');
        row.school_id = [...schools][0];
      }
      if (mode === 'add') row.state = 1;
    },
    async beforeDelete(ctx, ids) {
      const done = await ctx.db.selectFrom('edu_undo_group').select('name').where('id', 'in', ids).where('state', '=', 2).executeTakeFirst();
      if (done) throw new ApiError(409, `撤销组 ${done.name} 已执行，不能删除`);
    },
  });
  mountCall(app, undoGroupAbortCall, async ({ c, body: { id } }) => {
    const row = await c.var.db.selectFrom('edu_undo_group').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || !inScope(c.var.principal, row.school_id)) throw notFound();
    if (row.state !== 1) throw new ApiError(409, '只有待撤销的撤销组可以中止');
    await c.var.db.updateTable('edu_undo_group').set({ state: 3, ...touched(c.var.principal) }).where('id', '=', id).execute();
    return { id, state: 3 };
  });
}

import type { Context, Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { z } from 'zod';
import type { AppEnv, Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { whereInScope } from '../../lib/scope';
import { mountResource } from '../../lib/resource-routes';
import { countOf, likeInsensitive, likePattern } from '../../db/dialect';
import type { Page } from '../../../src/contract/envelope';
import { listOrder } from '../../lib/list-order';
import {
  classGangersCall,
  classHaveTeaAttendCall,
  classJoinPageCall,
  classWarmUpPageCall,
  joinPageQuerySchema,
  timeRangeAddCall,
  timeRangeUpdateCall,
  type ClassTeacher,
  type JoinableClass,
  type StoredRow,
  type TimeRangeInput,
} from '../../../src/contract/classes';
import { classResource, classTeacherResource, timeRangeResource } from '../../../src/contract/resources/classes';
import { patternProblem } from './arrange';
import { classInScope, stamps, userNames } from './common';
import { assertClassroom, assertTeacher } from './schedules';

/** 班级客服: a member of staff (not deleted, enabled) who works in every campus of the classes. */
async function assertKf(db: Kysely<Database>, principal: Principal, kfId: number | null | undefined, schoolIds: readonly number[]): Promise<void> {
  if (kfId === null || kfId === undefined) return;
  await assertTeacher(db, principal, kfId, '班级客服');
  const user = await db.selectFrom('users').select('id').where('id', '=', kfId).where('del_flag', '=', 0).where('state', '=', 1).executeTakeFirst();
  if (!user) throw new ApiError(400, '班级客服不存在或已停用');
  const held = await db.selectFrom('user_schools').select('school_id').where('user_id', '=', kfId).where('school_id', 'in', [...schoolIds]).execute();
  if (held.length < new Set(schoolIds).size) throw new ApiError(400, '班级客服不在该班级所在校区');
}

async function joinable(c: Context<AppEnv>, q: z.output<typeof joinPageQuerySchema>, warmUp: boolean): Promise<Page<JoinableClass>> {
  const enrolled = sql<number>`(select count(*) from stu_class e where e.class_id = c.id and e.state = 1)`;
  let base = c.var.db
    .selectFrom('base_class_manage as c')
    .innerJoin('prod_class_type as t', 't.id', 'c.class_type_id')
    .where('c.del_flag', '=', 0)
    .where('c.state', 'in', [1, 2])
    .where(sql<boolean>`${enrolled} < c.capacity`);
  base = whereInScope(base, 'c.school_id', c.var.principal);
  if (warmUp) base = base.where('c.is_warm_up', '=', 1);
  if (q.school_id) base = base.where('c.school_id', '=', q.school_id);
  if (q.class_type_id) base = base.where('c.class_type_id', '=', q.class_type_id);
  if (q.name) base = base.where(likeInsensitive('c.name', likePattern(q.name)));
  const totalSize = await countOf(base.select('c.id'));
  let sorted = base
    .leftJoin('users as u', 'u.id', 'c.head_teacher_id')
    .select(['c.id', 'c.name', 'c.school_id', 'c.class_type_id', 't.name as class_type_name', 'c.capacity', enrolled.as('enrolled'), 'c.state', 'c.start_date', 'u.name as head_teacher_name']);
  const order = listOrder(q.sort, { id: 'c.id', name: 'c.name', start_date: 'c.start_date', capacity: 'c.capacity', school_id: 'c.school_id' }, [['c.start_date', 'asc'], ['c.id', 'asc']]);
  for (const [ref, dir] of order) sorted = sorted.orderBy(sql.ref(ref), dir);
  const rows = await sorted
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  const content: JoinableClass[] = rows.map((r) => ({ ...r, enrolled: Number(r.enrolled) }));
  return { content, totalSize };
}

export function registerClassRoutes(app: Hono<AppEnv>): void {
  mountResource(app, classResource, {
    async beforeAction(ctx, action, rows, value) {
      if (action.column === 'kf_id') await assertKf(ctx.db, ctx.principal, value as number, rows.map((r) => Number(r.school_id)));
    },
    async beforeWrite(ctx, row, mode, existing) {
      const db = ctx.db;
      if (row.class_type_id !== undefined) {
        const ct = await db.selectFrom('prod_class_type').select('id').where('id', '=', Number(row.class_type_id)).where('del_flag', '=', 0).executeTakeFirst();
        if (!ct) throw new ApiError(400, '班型不存在');
        if (existing && Number(row.class_type_id) !== Number(existing.class_type_id)) {
          const any = await db.selectFrom('edu_class_schedule').select('id').where('class_id', '=', existing.id).limit(1).executeTakeFirst();
          if (any) throw new ApiError(409, '班级已排课，不能修改班型');
        }
      }
      const schoolId = Number(row.school_id ?? existing?.school_id);
      if (existing && row.school_id !== undefined && Number(row.school_id) !== Number(existing.school_id)) {
        throw new ApiError(400, '不能修改班级所属校区，请使用转班');
      }
      await assertTeacher(db, ctx.principal, row.head_teacher_id as number | null | undefined);
      await assertClassroom(db, ctx.principal, row.classroom_id as number | null | undefined, schoolId);
      await assertKf(db, ctx.principal, row.kf_id as number | null | undefined, [schoolId]);
      const start = String(row.start_date ?? existing?.start_date ?? '');
      const end = String(row.end_date ?? existing?.end_date ?? '');
      if (start && end && end < start) throw new ApiError(400, '结班日期不能早于开班日期');
      if (mode === 'update' && existing && row.capacity !== undefined) {
        const n = await countOf(db.selectFrom('stu_class').select('id').where('class_id', '=', existing.id).where('state', '=', 1));
        if (Number(row.capacity) < n) throw new ApiError(409, `班级容量不能小于在读人数（${n}人）`);
      }
    },
    async beforeDelete(ctx, ids) {
      const enrolled = await ctx.db
        .selectFrom('stu_class')
        .innerJoin('base_class_manage as c', 'c.id', 'stu_class.class_id')
        .select('c.name')
        .where('stu_class.class_id', 'in', ids)
        .where('stu_class.state', '=', 1)
        .executeTakeFirst();
      if (enrolled) throw new ApiError(409, `班级 ${enrolled.name} 还有在读学员，不能删除`);
      const attended = await ctx.db.selectFrom('edu_check_in').select('id').where('class_id', 'in', ids).where('state', '=', 1).limit(1).executeTakeFirst();
      if (attended) throw new ApiError(409, '班级已有签到记录，不能删除');
    },
  });

  mountCall(app, classJoinPageCall, ({ c, query }) => joinable(c, query, false));
  mountCall(app, classWarmUpPageCall, ({ c, query }) => joinable(c, query, true));

  // update_cm_state, update_kf and update_kfs are declared actions (classResource.actions; the
  // customer-service teacher is checked by beforeAction above)
  mountCall(app, classGangersCall, async ({ c, query: { class_id } }) => {
    const cls = await classInScope(c.var.db, c.var.principal, class_id);
    const links = await c.var.db.selectFrom('edu_sc_class_tea').select(['teacher_id', 'role']).where('class_id', '=', cls.id).orderBy('id').execute();
    const names = await userNames(c.var.db, [cls.head_teacher_id, ...links.map((l) => l.teacher_id)]);
    const out: ClassTeacher[] = [];
    if (cls.head_teacher_id) out.push({ teacher_id: cls.head_teacher_id, name: names.get(cls.head_teacher_id) ?? '', role: 'head' });
    for (const l of links) {
      if (out.some((o) => o.teacher_id === l.teacher_id)) continue;
      out.push({ teacher_id: l.teacher_id, name: names.get(l.teacher_id) ?? '', role: l.role === 2 ? 'assistant' : 'main' });
    }
    return out;
  });
  mountCall(app, classHaveTeaAttendCall, async ({ c, query: { class_id } }) => {
    const cls = await classInScope(c.var.db, c.var.principal, class_id);
    const count = await countOf(c.var.db.selectFrom('edu_check_in').select('id').where('class_id', '=', cls.id).where('state', '=', 1));
    return { have: count > 0, count };
  });

  mountResource(app, classTeacherResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      const classId = Number(row.class_id ?? existing?.class_id);
      const cls = await classInScope(ctx.db, ctx.principal, classId);
      row.school_id = cls.school_id;
      await assertTeacher(ctx.db, ctx.principal, row.teacher_id as number | undefined);
      const teacherId = Number(row.teacher_id ?? existing?.teacher_id);
      let dup = ctx.db.selectFrom('edu_sc_class_tea').select('id').where('class_id', '=', classId).where('teacher_id', '=', teacherId);
      if (existing) dup = dup.where('id', '!=', existing.id);
      if (await dup.executeTakeFirst()) throw new ApiError(409, '该老师已在班级老师中');
    },
  });

  // Time ranges: ?classId= and the list as body; add appends, update replaces the class's list.
  mountResource(app, timeRangeResource);
  const saveRanges = async (c: Context<AppEnv>, classId: number, list: TimeRangeInput[], replace: boolean): Promise<StoredRow[]> => {
    const cls = await classInScope(c.var.db, c.var.principal, classId);
    const kept = replace ? [] : await c.var.db.selectFrom('edu_class_time_range').select(['week_day', 'start_time', 'end_time']).where('class_id', '=', cls.id).execute();
    const all = [...kept, ...list];
    if (all.length > 0) {
      const problem = patternProblem(all);
      if (problem) throw new ApiError(400, problem);
    } else if (!replace) {
      throw new ApiError(400, '请至少设置一个上课时间段');
    }
    if (replace) await c.var.db.deleteFrom('edu_class_time_range').where('class_id', '=', cls.id).execute();
    if (list.length > 0) {
      const st = stamps(c.var.principal);
      await c.var.db
        .insertInto('edu_class_time_range')
        .values(list.map((r) => ({ school_id: cls.school_id, class_id: cls.id, week_day: r.week_day, start_time: r.start_time, end_time: r.end_time, ...st })))
        .execute();
    }
    const rows = await c.var.db.selectFrom('edu_class_time_range').selectAll().where('class_id', '=', cls.id).orderBy('week_day').orderBy('start_time').execute();
    return rows;
  };
  mountCall(app, timeRangeAddCall, ({ c, query, body }) => saveRanges(c, query.classId, body, false));
  mountCall(app, timeRangeUpdateCall, ({ c, query, body }) => saveRanges(c, query.classId, body, true));
}

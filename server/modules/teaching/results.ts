import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { classFeedbackByIdsCall, classResultStatsCall, type ClassFeedbackRow, type ClassResultStats } from '../../../src/contract/teaching';

/** Most groups 成绩统计 answers (a campus has a few dozen classes with a few tests each). */
const STATS_MAX = 500;

/**
 * 学员成绩 › 成绩统计 (tch_stu_class_pm/statistics): each class's tests in the caller's campuses,
 * with the number of students, the average as a share of the full mark, the best and worst mark
 * and the pass rate (60% of the full mark); newest tests first.
 * 按编号查课堂反馈 (tch_class_feedback/by_ids): the lessons' feedback of those ids in scope.
 */
export function registerResultCalls(app: Hono<AppEnv>): void {
  mountCall(app, classResultStatsCall, async ({ db, query, whereInScope }) => {
    let qb = db
      .selectFrom('tch_stu_class_pm as p')
      .leftJoin('base_class_manage as c', 'c.id', 'p.class_id')
      .select([
        'p.school_id',
        'p.class_id',
        'p.exam_name',
        sql<string | null>`max(c.name)`.as('class_name'),
        sql<string>`max(p.exam_date)`.as('exam_date'),
        sql<number>`count(*)`.as('students'),
        sql<number>`avg(p.score * 10000.0 / p.full_score)`.as('avg_percent'),
        sql<number>`max(p.score)`.as('max_score'),
        sql<number>`min(p.score)`.as('min_score'),
        sql<number>`sum(case when p.score * 10 >= p.full_score * 6 then 1 else 0 end)`.as('passed'),
      ])
      .groupBy(['p.school_id', 'p.class_id', 'p.exam_name']);
    qb = whereInScope(qb, 'p.school_id');
    if (query.class_id) qb = qb.where('p.class_id', '=', query.class_id);
    if (query.school_id) qb = qb.where('p.school_id', '=', query.school_id);
    if (query.exam_name) qb = qb.where('p.exam_name', '=', query.exam_name);
    const rows = await qb.orderBy(sql`max(p.exam_date)`, 'desc').orderBy('p.class_id').limit(STATS_MAX).execute();
    const content = rows.map((r): ClassResultStats => {
      const students = Number(r.students);
      return {
        school_id: Number(r.school_id),
        class_id: Number(r.class_id),
        class_name: (r.class_name as string | null) ?? null,
        exam_name: String(r.exam_name),
        exam_date: String(r.exam_date),
        students,
        avg_percent: Math.round(Number(r.avg_percent)),
        max_score: Number(r.max_score),
        min_score: Number(r.min_score),
        pass_rate: students === 0 ? 0 : Math.round((Number(r.passed) * 100) / students),
      };
    });
    return { content, totalSize: content.length };
  });

  mountCall(app, classFeedbackByIdsCall, async ({ db, query, whereInScope }) => {
    const ids = [...new Set(query.ids)];
    let qb = db
      .selectFrom('tch_class_feedback as f')
      .leftJoin('base_class_manage as c', 'c.id', 'f.class_id')
      .leftJoin('users as u', 'u.id', 'f.teacher_id')
      .select(['f.id', 'f.school_id', 'f.class_id', 'c.name as class_name', 'f.lesson_date', 'f.teacher_id', 'u.name as teacher_name', 'f.content'])
      .where('f.id', 'in', ids);
    qb = whereInScope(qb, 'f.school_id');
    const rows = await qb.execute();
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return ids.flatMap((id): ClassFeedbackRow[] => {
      const r = byId.get(id);
      if (!r) return [];
      return [
        {
          id,
          school_id: Number(r.school_id),
          class_id: Number(r.class_id),
          class_name: (r.class_name as string | null) ?? null,
          lesson_date: String(r.lesson_date),
          teacher_id: Number(r.teacher_id),
          teacher_name: (r.teacher_name as string | null) ?? null,
          content: String(r.content),
        },
      ];
    });
  });
}

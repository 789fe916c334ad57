import { sql, type Kysely } from 'kysely';
import { listOrder, type ListOrder } from '../../../lib/list-order';
import type { Hono } from 'hono';
import type { Database } from '../../../db/schema';
import type { AppEnv, Principal } from '../../../lib/context';
import { likeInsensitive, likePattern } from '../../../db/dialect';
import { mountCall } from '../../../lib/call-routes';
import { ApiError, notFound } from '../../../lib/http';
import { maskFor } from '../../../lib/mask';
import { nowText } from '../../../lib/time';
import { whereInScope } from '../../../lib/scope';
import {
  canJoinStudentPageCall,
  checkAttendCall,
  trialPageByRoleCall,
  trialPageByRoleCountCall,
  withdrawCall,
  type TrialLessonRow,
} from '../../../../src/contract/marketing-funnel';
import { TRIAL_ATTENDED, TRIAL_WITHDRAWN } from '../../../../src/contract/resources/marketing-funnel';
import { lockTrialLesson, recountSeats, SEATED_STATES } from './hooks';
import { stampStage } from './stamp';
import { ownershipSql, seesAllLeads } from '../leads';

const TEACHER_ROLES = new Set(['teacher', 'foreign_teacher']);
const SELLER_ROLES = new Set(['sales']);
/** Lead pools and stages that may not book a trial: 无效 pool, 已签约 stage (resources/marketing.ts). */
const INVALID_POOL = 4;
const SIGNED_STAGE = 6;

/**
 * Who the caller is to trial lessons: a teacher sees the lessons they teach, a course consultant
 * the lessons where their students are booked; anyone holding another role (principal, front desk,
 * the administrator) every lesson of their campuses.
 */
function roleFilter(principal: Principal): { teacher: boolean; seller: boolean } | undefined {
  if (principal.superuser || principal.roleCodes.length === 0) return undefined;
  const limited = principal.roleCodes.every((r) => TEACHER_ROLES.has(r) || SELLER_ROLES.has(r));
  if (!limited) return undefined;
  return { teacher: principal.roleCodes.some((r) => TEACHER_ROLES.has(r)), seller: principal.roleCodes.some((r) => SELLER_ROLES.has(r)) };
}

interface ByRoleQuery {
  lesson_date_start?: string;
  lesson_date_end?: string;
  state?: number;
  name?: string;
}

function byRoleBase(db: Kysely<Database>, principal: Principal, q: ByRoleQuery) {
  let qb = db.selectFrom('mkt_trial_lesson as t').where('t.del_flag', '=', 0);
  qb = whereInScope(qb, 't.school_id', principal);
  if (q.lesson_date_start) qb = qb.where('t.lesson_date', '>=', q.lesson_date_start);
  if (q.lesson_date_end) qb = qb.where('t.lesson_date', '<=', q.lesson_date_end);
  if (q.state) qb = qb.where('t.state', '=', q.state);
  if (q.name) qb = qb.where(likeInsensitive('t.name', likePattern(q.name)));
  const role = roleFilter(principal);
  if (role) {
    const me = principal.userId;
    qb = qb.where((eb) =>
      eb.or([
        ...(role.teacher ? [eb('t.teacher_id', '=', me)] : []),
        ...(role.seller
          ? [
              eb(
                't.id',
                'in',
                db.selectFrom('mkt_trial_lesson_student').select('trial_lesson_id').where('seller_id', '=', me).where('state', 'in', SEATED_STATES),
              ),
            ]
          : []),
      ]),
    );
  }
  return qb;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const TRIAL_SORTS = { id: 't.id', lesson_date: 't.lesson_date', start_time: 't.start_time', name: 't.name', capacity: 't.capacity', booked_count: 't.booked_count', state: 't.state' } as const;
const TRIAL_ORDER: ListOrder = [['t.lesson_date', 'desc'], ['t.start_time', 'desc'], ['t.id', 'desc']];

export function registerTrial(app: Hono<AppEnv>): void {
  mountCall(app, trialPageByRoleCall, async ({ db, principal, query }) => {
    const base = byRoleBase(db, principal, query);
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    let ordered = base;
    for (const [ref, dir] of listOrder(query.sort, TRIAL_SORTS, TRIAL_ORDER)) ordered = ordered.orderBy(sql.ref(ref), dir);
    const rows = await ordered
      .leftJoin('prod_class_type as ct', 'ct.id', 't.class_type_id')
      .leftJoin('base_otm_classroom as cr', 'cr.id', 't.classroom_id')
      .leftJoin('users as u', 'u.id', 't.teacher_id')
      .select([
        't.id',
        't.school_id',
        't.name',
        't.class_type_id',
        'ct.name as class_type_name',
        't.lesson_date',
        't.start_time',
        't.end_time',
        't.classroom_id',
        'cr.name as classroom_name',
        't.teacher_id',
        'u.name as teacher_name',
        't.capacity',
        't.booked_count',
        't.state',
      ])
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute();
    const content: TrialLessonRow[] = rows.map((r) => ({
      id: Number(r.id),
      school_id: Number(r.school_id),
      name: String(r.name),
      class_type_id: Number(r.class_type_id),
      class_type_name: (r.class_type_name as string | null) ?? null,
      lesson_date: String(r.lesson_date),
      start_time: String(r.start_time),
      end_time: String(r.end_time),
      classroom_id: num(r.classroom_id),
      classroom_name: (r.classroom_name as string | null) ?? null,
      teacher_id: num(r.teacher_id),
      teacher_name: (r.teacher_name as string | null) ?? null,
      capacity: Number(r.capacity),
      booked_count: Number(r.booked_count ?? 0),
      state: Number(r.state),
    }));
    return { content, totalSize: Number(total?.n ?? 0) };
  });

  mountCall(app, trialPageByRoleCountCall, async ({ db, principal, query }) => {
    listOrder(query.sort, TRIAL_SORTS, TRIAL_ORDER); // a sort the list would refuse is refused here too
    const rows = await byRoleBase(db, principal, query)
      .select(['t.state', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('t.booked_count').as('booked'), (eb) => eb.fn.sum('t.capacity').as('capacity')])
      .groupBy('t.state')
      .execute();
    const byState: Record<string, number> = {};
    let total = 0;
    let booked = 0;
    let capacity = 0;
    for (const r of rows) {
      byState[String(r.state)] = Number(r.n);
      total += Number(r.n);
      booked += Number(r.booked ?? 0);
      capacity += Number(r.capacity ?? 0);
    }
    return { total, by_state: byState, booked, capacity };
  });

  mountCall(app, checkAttendCall, async ({ db, principal, body }) => {
    const rows = await bookingsInScope(db, principal, body.ids);
    if (rows.some((r) => Number(r.state) === TRIAL_WITHDRAWN)) throw new ApiError(409, '已退出的试听学员不能考勤');
    const now = nowText();
    await db.updateTable('mkt_trial_lesson_student').set({ state: body.state, attend_time: now, updated_at: now, updated_by: principal.userId }).where('id', 'in', body.ids).execute();
    if (body.state === TRIAL_ATTENDED) for (const r of rows) await stampStage(db, Number(r.resource_id), 'trial', now);
    return { count: rows.length, ids: body.ids, state: body.state };
  });

  mountCall(app, withdrawCall, async ({ db, principal, body }) => {
    const rows = await bookingsInScope(db, principal, body.ids);
    if (rows.some((r) => Number(r.state) === TRIAL_ATTENDED)) throw new ApiError(409, '已到课的试听学员不能退出');
    if (rows.some((r) => Number(r.state) === TRIAL_WITHDRAWN)) throw new ApiError(409, '所选学员已退出试听');
    const lessons = rows.map((r) => Number(r.trial_lesson_id));
    for (const id of new Set(lessons)) await lockTrialLesson(db, id);
    const now = nowText();
    await db
      .updateTable('mkt_trial_lesson_student')
      .set({ state: TRIAL_WITHDRAWN, withdraw_reason: body.reason ?? null, updated_at: now, updated_by: principal.userId })
      .where('id', 'in', body.ids)
      .execute();
    await recountSeats(db, lessons);
    return { count: rows.length, ids: body.ids };
  });

  mountCall(app, canJoinStudentPageCall, async ({ db, principal, query, assertSchool }) => {
    const lesson = await db.selectFrom('mkt_trial_lesson').select(['id', 'school_id']).where('id', '=', query.trial_lesson_id).where('del_flag', '=', 0).executeTakeFirst();
    if (!lesson) throw notFound();
    assertSchool(Number(lesson.school_id));
    let qb = db
      .selectFrom('mkt_resource as r')
      .where('r.school_id', '=', Number(lesson.school_id))
      .where('r.del_flag', '=', 0)
      .where('r.pool', '!=', INVALID_POOL)
      .where('r.stage', '<', SIGNED_STAGE)
      .where(
        'r.id',
        'not in',
        db.selectFrom('mkt_trial_lesson_student').select('resource_id').where('trial_lesson_id', '=', Number(lesson.id)).where('state', 'in', SEATED_STATES),
      );
    // the leads the caller may see: theirs and the public pool, unless they see every lead
    if (!seesAllLeads(principal)) qb = qb.where(ownershipSql(principal, 'r'));
    if (query.name) qb = qb.where(likeInsensitive('r.name', likePattern(query.name)));
    const total = await qb.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await qb
      .select(['r.id', 'r.name', 'r.parent_phone', 'r.school_id'])
      .orderBy('r.id', 'desc')
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute();
    return {
      content: rows.map((r) => ({ id: Number(r.id), name: String(r.name), phone: maskFor(principal, 'phone', r.parent_phone as string | null), school_id: Number(r.school_id) })),
      totalSize: Number(total?.n ?? 0),
    };
  });
}

/** The bookings named, every one in the caller's campuses (one outside answers as missing). */
async function bookingsInScope(db: Kysely<Database>, principal: Principal, ids: readonly number[]): Promise<Record<string, unknown>[]> {
  let qb = db.selectFrom('mkt_trial_lesson_student').select(['id', 'state', 'resource_id', 'trial_lesson_id']).where('id', 'in', [...ids]);
  qb = whereInScope(qb, 'school_id', principal);
  const rows = await qb.execute();
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

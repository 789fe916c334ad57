import type { Hono } from 'hono';
import { sql } from 'kysely';
import { oldRecommendPageCall, type OldRecommendRow } from '../../../src/contract/orders-extras';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { listOrder } from '../../lib/list-order';
import { whereInScope } from '../../lib/scope';
import { SIGNED } from './recommend-gift';
import './schema';

const RECOMMEND = 2;

/**
 * 老学员推荐: students recommended by an existing student (pusher_id) of the caller's campuses,
 * with their signed orders and the recommend gifts those orders brought the recommender.
 */
export function registerOldRecommend(app: Hono<AppEnv>): void {
  mountCall(app, oldRecommendPageCall, async ({ db, principal, query }) => {
    const gifts = (state: number) =>
      sql<number>`(select count(*) from order_student_gift g join order_form o on o.id = g.order_id where o.student_id = s.id and g.student_id = s.pusher_id and g.source = ${RECOMMEND} and g.state = ${state} and g.del_flag = 0)`;
    let qb = db
      .selectFrom('student as s')
      .innerJoin('student as r', 'r.id', 's.pusher_id')
      .leftJoin('organisations as o', 'o.id', 's.school_id')
      .where('s.del_flag', '=', 0)
      .where('s.pusher_id', '>', 0);
    qb = whereInScope(qb, 's.school_id', principal);
    if (query.school_id !== undefined) qb = qb.where('s.school_id', '=', query.school_id);
    if (query.name) qb = qb.where((eb) => eb.or([eb('s.name', 'like', `%${query.name}%`), eb('r.name', 'like', `%${query.name}%`)]));
    const total = await qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let sorted = qb.select([
      's.id as student_id',
      's.name as student_name',
      's.school_id',
      'o.name as school_name',
      'r.id as referrer_id',
      'r.name as referrer_name',
      's.created_at',
      sql<number>`(select count(*) from order_form f where f.student_id = s.id and f.state in (${sql.join(SIGNED)}))`.as('signed_orders'),
      gifts(1).as('gifts_pending'),
      gifts(2).as('gifts_given'),
      gifts(3).as('gifts_returned'),
    ]);
    for (const [ref, dir] of listOrder(query.sort, { student_id: 's.id', created_at: 's.created_at' }, [['s.id', 'desc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
    const rows = await sorted.limit(query.rows).offset((query.page - 1) * query.rows).execute();
    const content: OldRecommendRow[] = rows.map((r) => ({
      student_id: Number(r.student_id),
      student_name: String(r.student_name),
      school_id: Number(r.school_id),
      school_name: r.school_name ?? null,
      referrer_id: Number(r.referrer_id),
      referrer_name: r.referrer_name ?? null,
      created_at: r.created_at === null || r.created_at === undefined ? null : String(r.created_at),
      signed_orders: Number(r.signed_orders),
      gifts_pending: Number(r.gifts_pending),
      gifts_given: Number(r.gifts_given),
      gifts_returned: Number(r.gifts_returned),
    }));
    return { content, totalSize: Number(total.n) };
  });
}

import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/context';
import { mountCall } from '../../../lib/call-routes';
import { listOrder } from '../../../lib/list-order';
import { notFound } from '../../../lib/http';
import { nowText, todayText } from '../../../lib/time';
import { whereInScope } from '../../../lib/scope';
import { directorNotationCall, visitPageCountCall } from '../../../../src/contract/marketing-funnel';

export function registerVisits(app: Hono<AppEnv>): void {
  mountCall(app, directorNotationCall, async ({ db, principal, body, assertSchool }) => {
    const visit = await db.selectFrom('mkt_student_visit').select(['id', 'school_id']).where('id', '=', body.id).where('del_flag', '=', 0).executeTakeFirst();
    if (!visit) throw notFound();
    assertSchool(Number(visit.school_id));
    const now = nowText();
    await db
      .updateTable('mkt_student_visit')
      .set({ director_notation: body.director_notation, notation_by: principal.userId, notation_time: now, updated_at: now, updated_by: principal.userId })
      .where('id', '=', body.id)
      .execute();
    return { id: body.id, director_notation: body.director_notation, notation_time: now };
  });

  // One grouped read over the campus-and-time index (the spec's page_count was as slow as its page).
  mountCall(app, visitPageCountCall, async ({ db, principal, query }) => {
    // a sort the visit list would refuse is refused here too (the counts themselves have no order)
    listOrder(query.sort, { id: 'id', visit_time: 'visit_time', school_id: 'school_id', result: 'result', receiver_id: 'receiver_id' }, []);
    let qb = db.selectFrom('mkt_student_visit').where('del_flag', '=', 0);
    qb = whereInScope(qb, 'school_id', principal);
    if (query.school_id) qb = qb.where('school_id', '=', query.school_id);
    if (query.visit_time_start) qb = qb.where('visit_time', '>=', `${query.visit_time_start} 00:00:00`);
    if (query.visit_time_end) qb = qb.where('visit_time', '<=', `${query.visit_time_end} 23:59:59`);
    if (query.receiver_id) qb = qb.where('receiver_id', '=', query.receiver_id);
    const today = todayText();
    const rows = await qb
      .select((eb) => [
        'result',
        eb.fn.countAll().as('n'),
        eb.fn.count('director_notation').as('notated'),
        eb.fn.sum(eb.case().when(eb.and([eb('visit_time', '>=', `${today} 00:00:00`), eb('visit_time', '<=', `${today} 23:59:59`)])).then(1).else(0).end()).as('today'),
      ])
      .groupBy('result')
      .execute();
    const byResult: Record<string, number> = {};
    let total = 0;
    let notated = 0;
    let todayCount = 0;
    for (const r of rows) {
      byResult[String(r.result ?? 0)] = Number(r.n);
      total += Number(r.n);
      notated += Number(r.notated);
      todayCount += Number(r.today ?? 0);
    }
    return { total, today: todayCount, notated, unnotated: total - notated, by_result: byResult };
  });
}

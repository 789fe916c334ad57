import { sql } from 'kysely';
import { customerServiceReport, customerServiceReportCall } from '../../../src/contract/reports-customer-service';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import type { ReportRow } from '../../../src/contract/reports';
import { addDays } from '../../lib/time';
import type { ReportContext, ReportSource } from './source';
import { inSchools } from './scope';
import { num, ratio } from './table';

/** 客诉工单 states 已解决 and 已关闭 (COMPLAINT_STATES). */
const CLOSED = [3, 4];
/** Closed within this many days after the complaint date counts as timely. */
const TIMELY_DAYS = 2;
const RENEWAL_STATES = [ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress, ORDER_STATE.completed, ORDER_STATE.terminated, ORDER_STATE.refunded];

interface Acc {
  school_id: number;
  user_id: number;
  classes: Set<number>;
  students: Set<number>;
  complaints: number;
  closed: number;
  timely: number;
  renewals: number;
  renewal_amount: number;
}

async function rows(ctx: ReportContext): Promise<ReportRow[]> {
  const { db, schools, period } = ctx;
  const [enrolled, complaints, renewals] = await Promise.all([
    // the students in each kf's classes during the period
    sql<{ school_id: number; kf_id: number; class_id: number; student_id: number | null }>`
      select c.school_id, c.kf_id, c.id as class_id, s.student_id
      from base_class_manage c left join stu_class s on s.class_id = c.id and s.join_date <= ${period.to} and (s.leave_date is null or s.leave_date >= ${period.from})
      where ${inSchools('c.school_id', schools.ids)} and c.del_flag = 0 and c.kf_id is not null`.execute(db),
    sql<{ school_id: number; handler_id: number; complaint_date: string; state: number; updated_at: string }>`
      select w.school_id, w.handler_id, w.complaint_date, w.state, w.updated_at
      from crm_complaints_repair_order w
      where ${inSchools('w.school_id', schools.ids)} and w.handler_id is not null and w.complaint_date >= ${period.from} and w.complaint_date <= ${period.to}`.execute(db),
    sql<{ school_id: number; student_id: number; deal_amount: unknown }>`
      select o.school_id, o.student_id, o.deal_amount
      from order_form o
      where ${inSchools('o.school_id', schools.ids)} and o.del_flag = 0 and o.if_first_sign = 2 and o.order_date >= ${period.from} and o.order_date <= ${period.to}
        and o.state in (${sql.join(RENEWAL_STATES.map((s) => sql`${s}`))})`.execute(db),
  ]);
  const map = new Map<string, Acc>();
  const acc = (schoolId: number, userId: number): Acc => {
    const key = `${schoolId}:${userId}`;
    let a = map.get(key);
    if (!a) map.set(key, (a = { school_id: Number(schoolId), user_id: Number(userId), classes: new Set(), students: new Set(), complaints: 0, closed: 0, timely: 0, renewals: 0, renewal_amount: 0 }));
    return a;
  };
  for (const e of enrolled.rows) {
    const a = acc(e.school_id, e.kf_id);
    a.classes.add(Number(e.class_id));
    if (e.student_id !== null) a.students.add(Number(e.student_id));
  }
  for (const w of complaints.rows) {
    const a = acc(w.school_id, w.handler_id);
    a.complaints += 1;
    if (!CLOSED.includes(Number(w.state))) continue;
    a.closed += 1;
    if (String(w.updated_at) < `${addDays(String(w.complaint_date).slice(0, 10), TIMELY_DAYS + 1)} 00:00:00`) a.timely += 1;
  }
  // a renewal counts for every kf serving the student in that campus
  for (const o of renewals.rows) {
    for (const a of map.values()) {
      if (a.school_id !== Number(o.school_id) || !a.students.has(Number(o.student_id))) continue;
      a.renewals += 1;
      a.renewal_amount += num(o.deal_amount);
    }
  }
  const ids = [...new Set([...map.values()].map((a) => a.user_id))];
  const names = new Map((ids.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute() : []).map((u) => [Number(u.id), u.name]));
  return [...map.values()].map((a) => ({
    school_name: schools.names.get(a.school_id) ?? `校区${a.school_id}`,
    kf_name: names.get(a.user_id) ?? `用户${a.user_id}`,
    classes: a.classes.size,
    students: a.students.size,
    complaints: a.complaints,
    closed: a.closed,
    timely: a.timely,
    timely_rate: null,
    renewals: a.renewals,
    renewal_amount: a.renewal_amount,
  }));
}

function derive(r: ReportRow): void {
  r.timely_rate = ratio(Number(r.timely), Number(r.complaints));
}

export const customerServiceSource: ReportSource = { def: customerServiceReport, call: customerServiceReportCall, rows, derive };

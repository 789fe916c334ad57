import { sql } from 'kysely';
import { LOW_HOURS, type PeriodRange, type TaDashboard } from '../../../src/contract/home-dashboards';
import { SIGNED_STATES } from '../orders';
import { inSchools, one, rate, type Db, type Schools } from './dashboard-sql';
import { timeBounds } from './dashboard-period';

const signedStates = sql.join(SIGNED_STATES.map((s) => sql`${s}`));

/**
 * What consumption took from the students' lines in the period, from the orders' ledgers:
 * consumption rows minus their reversals, at the campuses of the lines' orders. `ledger` is
 * order_hours_flow (hundredths of an hour, account line:<id>) or order_money_flow (fen, paid:<id>:
 * the money the parents paid, not the promotion part).
 */
export async function consumedFromLedger(db: Db, ledger: 'order_hours_flow' | 'order_money_flow', from: string, to: string, schools: Schools): Promise<number> {
  const { start, end } = timeBounds(from, to);
  const prefix = ledger === 'order_hours_flow' ? 'line:' : 'paid:';
  const taken = await one(
    db,
    sql<{ n: number }>`select sum(f.amount) as n from ${sql.table(ledger)} f
      left join ${sql.table(ledger)} r on r.id = f.reverses_id
      join order_contract_line l on f.account_key = ${sql.lit(prefix)} || cast(l.id as varchar(20))
      join order_form o on o.id = l.order_id
      where f.created_at >= ${start} and f.created_at < ${end} and ${inSchools('o.school_id', schools)}
      and (f.biz_type = 'consumption' or (f.biz_type = 'reversal' and r.biz_type = 'consumption'))`,
  );
  // consumption is a debit (negative); the figure is what was taken
  return -taken;
}

/**
 * Teaching's figures of the period at the campuses: lessons on the timetable (today's by `today`),
 * valid check-ins and the attended share, hours consumed and their value, students due for
 * renewal (hours left on their signed orders' lines, at most LOW_HOURS), leaves and make-ups.
 */
export async function taDashboard(db: Db, range: PeriodRange, schools: Schools, today: string): Promise<Omit<TaDashboard, 'range'>> {
  const lessons = (from: string, to: string) =>
    one(db, sql<{ n: number }>`select count(*) as n from edu_class_schedule where ${inSchools('school_id', schools)} and lesson_date >= ${from} and lesson_date <= ${to}`);
  const [lessons_today, lessonCount, checks, hours_consumed, consumed_value, low, leaves, makeups] = await Promise.all([
    lessons(today, today),
    lessons(range.from, range.to),
    sql<{ n: number | string; attended: number | string | null }>`select count(*) as n, sum(case when mark in ('present', 'late') then 1 else 0 end) as attended
      from edu_check_in where state = 1 and ${inSchools('school_id', schools)} and lesson_date >= ${range.from} and lesson_date <= ${range.to}`.execute(db),
    consumedFromLedger(db, 'order_hours_flow', range.from, range.to, schools),
    consumedFromLedger(db, 'order_money_flow', range.from, range.to, schools),
    one(
      db,
      sql<{ n: number }>`select count(*) as n from (
        select o.student_id from order_hours_flow f
        join order_contract_line l on f.account_key = 'line:' || cast(l.id as varchar(20))
        join order_form o on o.id = l.order_id
        where o.del_flag = 0 and o.state in (${signedStates}) and ${inSchools('o.school_id', schools)}
        group by o.student_id having sum(f.amount) > 0 and sum(f.amount) <= ${LOW_HOURS}) t`,
    ),
    one(db, sql<{ n: number }>`select count(*) as n from edu_stu_leave where state <> 0 and ${inSchools('school_id', schools)} and lesson_date >= ${range.from} and lesson_date <= ${range.to}`),
    one(
      db,
      sql<{ n: number }>`select count(*) as n from edu_class_schedule_student where is_makeup = 1 and ${inSchools('school_id', schools)} and lesson_date >= ${range.from} and lesson_date <= ${range.to}`,
    ),
  ]);
  const check_ins = Number(checks.rows[0]?.n ?? 0);
  const attended = Number(checks.rows[0]?.attended ?? 0);
  return {
    lessons_today,
    lessons: lessonCount,
    check_ins,
    attended,
    attendance_rate: rate(attended, check_ins),
    hours_consumed,
    consumed_value,
    low_hours_students: low,
    leaves,
    makeups,
  };
}

import { sql } from 'kysely';
import type { PeriodRange, StatFigure } from '../../../src/contract/home-dashboards';
import { SIGNED_STATES } from '../orders';
import { financePeriodFigures } from '../finance';
import { consumedFromLedger } from './dashboard-ta';
import { timeBounds } from './dashboard-period';
import { inSchools, one, type Db, type Schools } from './dashboard-sql';

const signedStates = sql.join(SIGNED_STATES.map((s) => sql`${s}`));

type Values = Record<StatFigure['key'], number>;

const FIGURES: readonly Pick<StatFigure, 'key' | 'label' | 'unit'>[] = [
  { key: 'new_leads', label: '新增资源', unit: 'count' },
  { key: 'new_students', label: '新增学员', unit: 'count' },
  { key: 'orders', label: '签约订单', unit: 'count' },
  { key: 'revenue', label: '收费金额', unit: 'fen' },
  { key: 'consumption', label: '消耗课时', unit: 'hours' },
  { key: 'refunds', label: '退费金额', unit: 'fen' },
  { key: 'active_students', label: '上课学员', unit: 'count' },
  { key: 'classes', label: '上课班级', unit: 'count' },
];

/** The figures of the days from..to at the campuses. */
async function valuesOf(db: Db, from: string, to: string, schools: Schools): Promise<Values> {
  const { start, end } = timeBounds(from, to);
  const [new_leads, new_students, orders, money, consumption, active_students, classes] = await Promise.all([
    one(db, sql<{ n: number }>`select count(*) as n from mkt_resource where del_flag = 0 and ${inSchools('school_id', schools)} and created_at >= ${start} and created_at < ${end}`),
    one(db, sql<{ n: number }>`select count(*) as n from student where del_flag = 0 and ${inSchools('school_id', schools)} and created_at >= ${start} and created_at < ${end}`),
    one(
      db,
      sql<{ n: number }>`select count(*) as n from order_form where del_flag = 0 and state in (${signedStates}) and ${inSchools('school_id', schools)} and order_date >= ${from} and order_date <= ${to}`,
    ),
    financePeriodFigures(db, from, to, schools),
    consumedFromLedger(db, 'order_hours_flow', from, to, schools),
    one(db, sql<{ n: number }>`select count(distinct student_id) as n from edu_check_in where state = 1 and ${inSchools('school_id', schools)} and lesson_date >= ${from} and lesson_date <= ${to}`),
    one(db, sql<{ n: number }>`select count(distinct class_id) as n from edu_class_schedule where ${inSchools('school_id', schools)} and lesson_date >= ${from} and lesson_date <= ${to}`),
  ]);
  return { new_leads, new_students, orders, revenue: money.totals.income, consumption, refunds: -money.totals.refund, active_students, classes };
}

/** 数据统计: each figure of the period beside the period before. */
export async function dataStatistics(db: Db, range: PeriodRange, schools: Schools): Promise<StatFigure[]> {
  const [now, before] = await Promise.all([valuesOf(db, range.from, range.to, schools), valuesOf(db, range.prev_from, range.prev_to, schools)]);
  return FIGURES.map((f) => ({ ...f, value: now[f.key], previous: before[f.key] }));
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from '../helpers';
import type { Database } from '../../../server/db/schema';
import type { AnyDB } from '../../../server/lib/resource-routes';
import { runDueReports, runRuleDay, reportJob, type RunOutcome } from '../../../server/modules/cmp';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import type { DailyReportDetail, DailyReportRow, PlanReportRow } from '../../../src/contract/cmp';

/**
 * 城市日报 / 校区日报 / 学管日报 and 计划报表 (server/modules/cmp): the figures of a day checked
 * exactly against rows seeded for it (an empty day in 2031 at 北京朝阳), the day's bounds at
 * Asia/Shanghai midnight, the job's times with an injected "now" (due at the rule's time, once,
 * weekends skipped, missed days caught up), campus scope, operation codes and Chinese messages.
 * SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

interface Page<T> {
  content: T[];
  totalSize: number;
}

let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
let teacher: Record<string, string>;
let telemarketer: Record<string, string>;
let chaoyang: number;
let pudong: number;
let xicheng: number;

const D = '2031-06-10'; // a Tuesday
const api = (p: string) => `/api/v1/${p}`;
const any = (db: Kysely<Database>) => db as unknown as Kysely<AnyDB>;
/** Asia/Shanghai wall time → epoch ms */
const at = (text: string) => Date.parse(`${text.replace(' ', 'T')}+08:00`);
const orgId = async (code: string) => (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const userId = async (login: string) => (await s.db.selectFrom('users').select('id').where('login_id', '=', login).executeTakeFirstOrThrow()).id;

let seq = 0;
/** A copy of the first demo row of `table` with `over` applied (numbers/codes that must be unique made so). */
async function cloneRow(table: string, over: Record<string, unknown>): Promise<number> {
  const base = (await any(s.db).selectFrom(table).selectAll().orderBy('id').executeTakeFirstOrThrow()) as Record<string, unknown>;
  const row: Record<string, unknown> = { ...base };
  delete row.id;
  for (const k of Object.keys(row)) {
    if (k.endsWith('_no') && row[k] !== null) row[k] = `T${Date.now() % 1e8}${++seq}`;
  }
  if ('parent_phone' in row) row.parent_phone = `199${String(10000000 + ++seq).slice(-8)}`;
  const out = await any(s.db)
    .insertInto(table)
    .values({ ...row, ...over })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(out.id);
}

async function addRule(values: { name: string; report_kind: number; generate_time: string; include_weekend: number; created_at: string }): Promise<number> {
  const row = await any(s.db)
    .insertInto('cmp_gen_rule')
    .values({ ...values, state: 1, remark: null, updated_at: values.created_at, created_by: null, updated_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
const ruleOf = async (id: number) => {
  const r = await any(s.db).selectFrom('cmp_gen_rule').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { id, name: String(r.name), report_kind: Number(r.report_kind), generate_time: String(r.generate_time), include_weekend: Number(r.include_weekend), state: 1, created_at: String(r.created_at) };
};
const mine = (made: RunOutcome[], rule: number) => made.filter((m) => m.rule_id === rule).map((m) => m.day);

let schoolRule: number;

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
  telemarketer = (await s.login('telemarketer', DEMO_PASSWORD)).headers;
  chaoyang = await orgId('BJ-CY');
  pudong = await orgId('SH-PD');
  xicheng = await orgId('BJ-XC');
  // the demo's own rules stay out of the 2031 runs below
  await any(s.db).updateTable('cmp_gen_rule').set({ state: 0 }).execute();

  // 北京朝阳 on D: rows inside the day, on its edges, and just outside it
  for (const created of [`${D} 00:00:00`, `${D} 12:00:00`, `${D} 23:59:59`, '2031-06-09 23:59:59', '2031-06-11 00:00:00']) await cloneRow('mkt_resource', { school_id: chaoyang, created_at: created, del_flag: 0 });
  await cloneRow('mkt_resource', { school_id: chaoyang, created_at: `${D} 09:00:00`, del_flag: 1 });
  await cloneRow('mkt_resource', { school_id: pudong, created_at: `${D} 09:00:00`, del_flag: 0 });
  const lead = (await s.db.selectFrom('mkt_resource').select('id').where('school_id', '=', chaoyang).orderBy('id').executeTakeFirstOrThrow()).id;
  for (const t of [`${D} 10:00:00`, `${D} 23:59:59`, '2031-06-11 00:00:00']) await cloneRow('mkt_student_visit', { school_id: chaoyang, resource_id: lead, visit_time: t, del_flag: 0 });
  const trial = await cloneRow('mkt_trial_lesson', { school_id: chaoyang, lesson_date: D, del_flag: 0 });
  for (const state of [2, 2, 3, 1]) await cloneRow('mkt_trial_lesson_student', { school_id: chaoyang, trial_lesson_id: trial, resource_id: lead, state });

  await cloneRow('order_form', { school_id: chaoyang, order_date: D, state: ORDER_STATE.audited, if_first_sign: 1, deal_amount: 1234500, del_flag: 0 });
  await cloneRow('order_form', { school_id: chaoyang, order_date: D, state: ORDER_STATE.inProgress, if_first_sign: 2, deal_amount: 50000, del_flag: 0 });
  await cloneRow('order_form', { school_id: chaoyang, order_date: D, state: ORDER_STATE.draft, if_first_sign: 1, deal_amount: 999900, del_flag: 0 });
  await cloneRow('order_form', { school_id: chaoyang, order_date: '2031-06-02', state: ORDER_STATE.completed, if_first_sign: 1, deal_amount: 10000, del_flag: 0 });

  await cloneRow('fin_stu_account_receipts', { school_id: chaoyang, biz_date: D, kind: 1, amount: 100000 });
  await cloneRow('fin_stu_account_receipts', { school_id: chaoyang, biz_date: D, kind: 1, amount: -20000 });
  await cloneRow('fin_stu_account_receipts', { school_id: chaoyang, biz_date: D, kind: 2, amount: -5000 });
  await cloneRow('fin_stu_account_receipts', { school_id: chaoyang, biz_date: '2031-06-01', kind: 1, amount: 300000 });

  await cloneRow('order_refund', { school_id: chaoyang, state: 6, refunded_at: `${D} 15:00:00`, amount: 30000 });
  await cloneRow('order_refund', { school_id: chaoyang, state: 3, refunded_at: null, amount: 70000 });

  const checkIn = { school_id: chaoyang, lesson_date: D, state: 1 };
  await cloneRow('edu_check_in', { ...checkIn, schedule_id: 900001, student_id: 900101, mark: 'present', hours: 200 });
  await cloneRow('edu_check_in', { ...checkIn, schedule_id: 900001, student_id: 900102, mark: 'late', hours: 200 });
  await cloneRow('edu_check_in', { ...checkIn, schedule_id: 900001, student_id: 900103, mark: 'absent', hours: 0 });
  await cloneRow('edu_check_in', { ...checkIn, schedule_id: 900002, student_id: 900104, mark: 'leave', hours: 0 });
  await cloneRow('edu_check_in', { ...checkIn, schedule_id: 900002, student_id: 900105, mark: 'present', hours: 150, state: 0 });

  await any(s.db)
    .insertInto('cmp_plan')
    .values({ school_id: chaoyang, plan_month: '2031-06', target_revenue: 1000000, target_new_students: 4, target_renewals: 3, target_attendance_rate: 90, remark: null, created_at: `${D} 00:00:00`, updated_at: null, created_by: null, updated_by: null })
    .execute();

  schoolRule = await addRule({ name: '测试校区日报', report_kind: 2, generate_time: '21:00', include_weekend: 1, created_at: `${D} 08:00:00` });
}, 400_000);

afterAll(async () => {
  await s?.close();
});

describe('the job: once per rule and day at the rule’s Asia/Shanghai time', () => {
  it('is not due before 21:00, makes the day at 21:00, nothing more at 23:59:59 or at midnight', async () => {
    expect(mine(await runDueReports(s.db, at(`${D} 20:59:59`)), schoolRule)).toEqual([]);
    const made = await runDueReports(s.db, at(`${D} 21:00:00`));
    expect(mine(made, schoolRule)).toEqual([D]);
    const campuses = await s.db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).execute();
    expect(made.find((m) => m.rule_id === schoolRule)?.reports).toBe(campuses.length);
    expect(mine(await runDueReports(s.db, at(`${D} 23:59:59`)), schoolRule)).toEqual([]);
    expect(mine(await runDueReports(s.db, at('2031-06-11 00:00:00')), schoolRule)).toEqual([]);
    const rows = await s.db.selectFrom('cmp_daily_report').select(['report_date', 'subject_key', 'generated_by']).where('rule_id', '=', schoolRule).execute();
    expect(rows).toHaveLength(campuses.length);
    expect(new Set(rows.map((r) => r.subject_key)).size).toBe(campuses.length);
    expect(rows.every((r) => r.report_date === D && r.generated_by === null)).toBe(true);
  });

  it('catches up the days missed while no server ran, not today before its time', async () => {
    // the server was down from D 21:00 until D+3 09:00: D+1 and D+2 are made at the start
    const made = await runDueReports(s.db, at('2031-06-13 09:00:00'));
    expect(mine(made, schoolRule)).toEqual(['2031-06-11', '2031-06-12']);
    expect(mine(await runDueReports(s.db, at('2031-06-13 09:01:00')), schoolRule)).toEqual([]);
  });

  it('skips weekends for a working-day rule and never goes back before the rule existed', async () => {
    const ta = await addRule({ name: '测试学管日报', report_kind: 3, generate_time: '19:00', include_weekend: 0, created_at: '2031-06-13 10:00:00' });
    // Friday 13th 19:00 → the 13th; Monday 16th 19:30 → the 16th only (14th, 15th are the weekend)
    expect(mine(await runDueReports(s.db, at('2031-06-13 19:00:00')), ta)).toEqual(['2031-06-13']);
    expect(mine(await runDueReports(s.db, at('2031-06-16 19:30:00')), ta)).toEqual(['2031-06-16']);
    const leases = await s.db.selectFrom('sys_job_lease').select('period').where('job', '=', reportJob(ta)).orderBy('period').execute();
    expect(leases.map((l) => l.period)).toEqual(['2031-06-13', '2031-06-16']);
    await any(s.db).updateTable('cmp_gen_rule').set({ state: 0 }).where('id', '=', ta).execute();
  });

  it('claims a rule’s day once: running the day again makes nothing', async () => {
    expect(await runRuleDay(s.db, await ruleOf(schoolRule), D, at(`${D} 22:00:00`))).toBeNull();
  });
});

describe('校区日报: the figures of a day, exactly', () => {
  it('counts 北京朝阳’s rows of D within Asia/Shanghai midnight and sets the month against the plan', async () => {
    const list = await s.call<Page<DailyReportRow>>('GET', api('cmp_daily_report_school/page'), { headers: admin, query: { report_date_start: D, report_date_end: D, school_id: chaoyang } });
    expect(list.body.code).toBe(200);
    expect(list.body.data.totalSize).toBe(1);
    const row = list.body.data.content[0];
    expect(row).toMatchObject({ report_date: D, school_id: chaoyang, school_name: '北京朝阳校区', city_name: '北京分公司', rule_name: '测试校区日报', generated_by_name: '定时任务', generated_at: `${D} 21:00:00` });
    expect(row).toMatchObject({ new_leads: 3, visits: 2, trials: 2, orders: 2, order_amount: 1284500, collected: 80000, refund_amount: 30000, lessons: 2, attendance_rate: 5000, consumed_hours: 400, consumed_value: 0 });
    const detail = await s.call<DailyReportDetail>('GET', api('cmp_daily_report_school/get'), { headers: admin, query: { id: row.id } });
    const c = detail.body.data.content;
    if (c.kind !== 'school') throw new Error(c.kind);
    expect(c.campus.day).toMatchObject({ new_signs: 1, renewals: 1, refunds: 1, check_ins: 4, attended: 2, leaves: 1, absents: 1 });
    // month to date: 300000 on the 1st + 80000 on D against 1000000; 2 new signs (the 2nd and D) of 4; 1 renewal of 3
    expect(c.campus.month).toEqual({
      month: '2031-06',
      has_plan: true,
      collected: 380000,
      target_revenue: 1000000,
      revenue_rate: 3800,
      new_signs: 2,
      target_new_students: 4,
      new_rate: 5000,
      renewals: 1,
      target_renewals: 3,
      renewal_rate: 3333,
      attendance_rate: 5000,
      target_attendance_rate: 90,
    });
  });

  it('keeps the snapshot: a row added later changes nothing until an administrator makes it again', async () => {
    await cloneRow('mkt_resource', { school_id: chaoyang, created_at: `${D} 18:00:00`, del_flag: 0 });
    const q = { report_date_start: D, report_date_end: D, school_id: chaoyang };
    const before = (await s.call<Page<DailyReportRow>>('GET', api('cmp_daily_report_school/page'), { headers: admin, query: q })).body.data.content[0];
    expect(before.new_leads).toBe(3);
    const refused = await s.call('POST', api('cmp_daily_report/regenerate'), { headers: principal, json: { id: before.id } });
    expect(refused.body.code).toBe(403);
    const again = await s.call<DailyReportDetail>('POST', api('cmp_daily_report/regenerate'), { headers: admin, json: { id: before.id } });
    expect(again.body).toMatchObject({ code: 200, data: { id: before.id, new_leads: 4, regenerate_count: 1, regenerated_by_name: '王建国', generated_at: `${D} 21:00:00`, generated_by_name: '定时任务' } });
    expect(again.body.data.regenerated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const audit = await any(s.db).selectFrom('audit_log').select(['call']).where('call', '=', 'cmp_daily_report/regenerate').execute();
    expect(audit.length).toBeGreaterThan(0);
    const missing = await s.call('POST', api('cmp_daily_report/regenerate'), { headers: admin, json: { id: 99999999 } });
    expect(missing.body.code).toBe(404);
  });
});

describe('城市日报', () => {
  it('sums a city’s campuses; a principal of some of them sees those only, marked partial', async () => {
    const city = await addRule({ name: '测试城市日报', report_kind: 1, generate_time: '21:00', include_weekend: 1, created_at: `${D} 08:00:00` });
    await runRuleDay(s.db, await ruleOf(city), D, at(`${D} 21:30:00`));
    const all = await s.call<Page<DailyReportRow>>('GET', api('cmp_daily_report_city/page'), { headers: admin, query: { report_date_start: D, report_date_end: D, school_id: chaoyang } });
    expect(all.body.data.totalSize).toBe(1);
    const bj = await s.call<DailyReportDetail>('GET', api('cmp_daily_report_city/get'), { headers: admin, query: { id: all.body.data.content[0].id } });
    const c = bj.body.data.content;
    if (c.kind !== 'city') throw new Error(c.kind);
    expect(c.city_name).toBe('北京分公司');
    expect(c.campuses.map((x) => x.school_id)).toContain(xicheng);
    expect(c.total.new_leads).toBe(c.campuses.reduce((n, x) => n + x.day.new_leads, 0));
    expect(c.total.collected).toBe(80000);
    const mineOnly = await s.call<Page<DailyReportRow>>('GET', api('cmp_daily_report_city/page'), { headers: principal, query: { report_date_start: D, report_date_end: D } });
    expect(mineOnly.body.data.content.map((r) => r.city_name)).toEqual(['北京分公司']);
    const part = await s.call<DailyReportDetail>('GET', api('cmp_daily_report_city/get'), { headers: principal, query: { id: mineOnly.body.data.content[0].id } });
    const pc = part.body.data.content;
    if (pc.kind !== 'city') throw new Error(pc.kind);
    expect(part.body.data.partial).toBe(true);
    expect(pc.campuses.map((x) => x.school_id)).not.toContain(xicheng);
    // the principal cannot make a city report again, even the administrator’s code would need all campuses
    expect((await s.call('POST', api('cmp_daily_report/regenerate'), { headers: principal, json: { id: part.body.data.id } })).body.code).toBe(403);
  });
});

describe('scope, codes and messages', () => {
  it('shows a principal their campuses, a 学管 their own reports, and refuses roles without the screen', async () => {
    const mineOnly = await s.call<Page<DailyReportRow>>('GET', api('cmp_daily_report_school/page'), { headers: principal, query: { report_date_start: D, report_date_end: D, rows: 50 } });
    expect(mineOnly.body.code).toBe(200);
    expect(new Set(mineOnly.body.data.content.map((r) => r.school_name))).toEqual(new Set(['北京朝阳校区', '北京海淀校区']));
    const far = (await s.call<Page<DailyReportRow>>('GET', api('cmp_daily_report_school/page'), { headers: admin, query: { report_date_start: D, report_date_end: D, school_id: pudong } })).body.data.content[0];
    expect((await s.call('GET', api('cmp_daily_report_school/get'), { headers: principal, query: { id: far.id } })).body.code).toBe(404);
    expect((await s.call('GET', api('cmp_daily_report_school/page'), { headers: telemarketer })).body.code).toBe(403);
    expect((await s.call('GET', api('cmp_daily_report_school/page'))).status).toBe(401);

    // the demo's 学管日报 (made by the demo seed): the teacher sees only their own, the principal every 学管 of their campuses
    const me = await userId('teacher');
    const own = await s.call<Page<DailyReportRow>>('GET', api('cmp_daily_report_ta/page'), { headers: teacher, query: { rows: 100 } });
    expect(own.body.code).toBe(200);
    expect(own.body.data.totalSize).toBeGreaterThan(0);
    expect(own.body.data.content.every((r) => r.staff_id === me && r.school_id === pudong)).toBe(true);
    const theirs = await s.call<Page<DailyReportRow>>('GET', api('cmp_daily_report_ta/page'), { headers: principal, query: { rows: 100 } });
    expect(new Set(theirs.body.data.content.map((r) => r.staff_id)).size).toBeGreaterThan(1);
    expect(theirs.body.data.content.every((r) => r.school_id === chaoyang || r.school_id === (theirs.body.data.content.find((x) => x.school_id !== chaoyang)?.school_id ?? chaoyang))).toBe(true);
    const other = theirs.body.data.content[0];
    expect((await s.call('GET', api('cmp_daily_report_ta/get'), { headers: teacher, query: { id: other.id } })).body.code).toBe(404);
  });

  it('answers bad input with a Chinese message', async () => {
    const bad = async (path: string, query: Record<string, string>) => (await s.call('GET', api(path), { headers: admin, query })).body;
    expect(await bad('cmp_daily_report_school/page', { report_date_start: '2031-02-30' })).toMatchObject({ code: 400, msg: expect.stringContaining('开始日期不是有效日期') });
    expect(await bad('cmp_daily_report_city/page', { school_id: 'x' })).toMatchObject({ code: 400, msg: expect.stringContaining('校区') });
    expect(await bad('cmp_daily_report_ta/get', { id: 'abc' })).toMatchObject({ code: 400, msg: expect.stringContaining('日报') });
    expect(await bad('cmp_plan_report/page', { plan_month_start: '2031-13' })).toMatchObject({ code: 400, msg: expect.stringContaining('开始月份格式应为 YYYY-MM') });
    expect(await bad('cmp_daily_report_school/page', { sort: 'content desc' })).toMatchObject({ code: 400, msg: '不支持按 content 排序' });
    const body = (await s.call('POST', api('cmp_daily_report/regenerate'), { headers: admin, json: { id: 'x' } })).body;
    expect(body.code).toBe(400);
  });
});

describe('计划报表', () => {
  it('sets a campus’s plan of a month against its figures of that month', async () => {
    const res = await s.call<Page<PlanReportRow>>('GET', api('cmp_plan_report/page'), { headers: principal, query: { plan_month_start: '2031-06', plan_month_end: '2031-06' } });
    expect(res.body.code).toBe(200);
    const row = res.body.data.content.find((r) => r.school_id === chaoyang);
    // the figures of June 2031 are read up to today only: a month to come has none yet
    expect(row).toMatchObject({ plan_month: '2031-06', school_name: '北京朝阳校区', target_revenue: 1000000, collected: 0, revenue_rate: 0, target_new_students: 4, new_signs: 0 });
    expect(res.body.data.content.every((r) => r.school_id === chaoyang || r.school_name === '北京海淀校区')).toBe(true);
    const demo = await s.call<Page<PlanReportRow>>('GET', api('cmp_plan_report/page'), { headers: principal, query: {} });
    expect(demo.body.data.totalSize).toBeGreaterThan(0);
    expect(demo.body.data.content.some((r) => r.collected > 0)).toBe(true);
    expect((await s.call('GET', api('cmp_plan_report/page'), { headers: teacher })).body.code).toBe(403);
  });
});

import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { activateLine, forfeitExpired, openLine, postHours, reverseHours } from '../../../server/modules/orders';
import { addDays, nowText, todayText } from '../../../server/lib/time';
import type { ReportAnswer as ReportPage } from '../../../src/contract/reports';

/*
 * 报表中心's table reports against rows seeded here in a campus of their own (so the demo's rows
 * never mix in): every figure is checked exactly. The period runs from yesterday to tomorrow
 * (Shanghai), so rows stamped now fall inside it at any time of day, midnight included.
 */

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let finance: LoggedIn;
let sales: LoggedIn;
let campus: number;
let bjCity: number;
let teacherId: number;
let typeId: number;
let typeName: string;
let lineA: number;
let lineB: number;
const today = todayText();
const period = { date_start: addDays(today, -1), date_end: addDays(today, 1) };

type Loose = Kysely<Record<string, Record<string, unknown>>>;
const loose = () => s.db as unknown as Loose;
const stamp = () => ({ created_at: nowText(), updated_at: nowText(), created_by: null, updated_by: null });
async function insert(table: string, values: Record<string, unknown>): Promise<number> {
  const row = await loose().insertInto(table).values({ ...stamp(), ...values }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

async function report(who: LoggedIn, path: string, query: Record<string, string | number>) {
  return s.call<ReportPage>('GET', `/api/v1/${path}`, { headers: who.headers, query: { ...period, org_id: campus, ...query } });
}
async function ok(who: LoggedIn, path: string, query: Record<string, string | number> = {}): Promise<ReportPage> {
  const res = await report(who, path, query);
  expect(res.status).toBe(200);
  expect(res.body.msg).toBe('成功');
  return res.body.data;
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  finance = await s.login('finance', DEMO_PASSWORD);
  sales = await s.login('sales', DEMO_PASSWORD);
  const bj = await s.db.selectFrom('organisations').select(['id', 'inheritance']).where('code', '=', 'BJ').executeTakeFirstOrThrow();
  bjCity = Number(bj.id);
  campus = await insert('organisations', { name: '报表测试校区', code: 'RPT-T', parent_id: bjCity, inheritance: `${bj.inheritance}${bjCity}|`, kind: 'school', order_num: 99, del_flag: 0 });
  // the principal (北京朝阳, 北京海淀) runs the test campus too; signed in again to take it up
  const principalId = Number((await s.db.selectFrom('users').select('id').where('login_id', '=', 'principal').executeTakeFirstOrThrow()).id);
  await s.db.insertInto('user_schools').values({ user_id: principalId, school_id: campus }).execute();
  principal = await s.login('principal', DEMO_PASSWORD);
  const type = await s.db.selectFrom('prod_class_type').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  typeId = Number(type.id);
  typeName = type.name;
  teacherId = Number((await s.db.selectFrom('users').select('id').where('login_id', '=', 'teacher').executeTakeFirstOrThrow()).id);
  const student = (name: string) => insert('student', { school_id: campus, name, gender: 1, state: 1, del_flag: 0 });
  const students = [await student('报表甲'), await student('报表乙'), await student('报表丙')];

  // 班级报表: capacity 4, three enrolled, two lessons in the period (one held), three marks on the held one
  const cls = await insert('base_class_manage', { school_id: campus, name: '报表测试班', class_type_id: typeId, head_teacher_id: teacherId, capacity: 4, state: 2, is_warm_up: 0, del_flag: 0 });
  for (const st of students) await insert('stu_class', { school_id: campus, student_id: st, class_id: cls, class_type_id: typeId, join_date: period.date_start, state: 1, is_warm_up: 0 });
  await insert('stu_class', { school_id: campus, student_id: students[0], class_id: cls, class_type_id: typeId, join_date: period.date_start, state: 2, is_warm_up: 0 });
  const held = await insert('edu_class_schedule', { school_id: campus, class_id: cls, class_type_id: typeId, lesson_date: today, start_time: '09:00', end_time: '10:00', teacher_id: teacherId, hours: 1, state: 2 });
  await insert('edu_class_schedule', { school_id: campus, class_id: cls, class_type_id: typeId, lesson_date: period.date_end, start_time: '09:00', end_time: '10:00', teacher_id: teacherId, hours: 1, state: 1 });
  await insert('edu_class_schedule', { school_id: campus, class_id: cls, class_type_id: typeId, lesson_date: addDays(today, -40), start_time: '09:00', end_time: '10:00', teacher_id: teacherId, hours: 1, state: 2 });
  const marks = ['present', 'late', 'absent'] as const;
  const checkIns: number[] = [];
  for (const [i, st] of students.entries()) {
    checkIns.push(await insert('edu_check_in', { school_id: campus, schedule_id: held, student_id: st, class_id: cls, class_type_id: typeId, lesson_date: today, start_time: '09:00', mark: marks[i], hours: i < 2 ? 1 : 0, checked_at: nowText(), state: 1 }));
  }

  // 课消报表: line A 10 h for ¥2000 (¥200 an hour), line B 4 h + 1 gift h for ¥400 paid + ¥100 promotion, expired
  await s.db.transaction().execute(async (trx) => {
    const a = await openLine(trx, { schoolId: campus, studentId: students[0], classTypeId: typeId, source: 'order', boughtHours: 1000, giftHours: 0, paidMoney: 200000, promoMoney: 0, by: null });
    const b = await openLine(trx, { schoolId: campus, studentId: students[0], classTypeId: typeId, source: 'order', boughtHours: 400, giftHours: 100, paidMoney: 40000, promoMoney: 10000, endDate: '2020-01-01', by: null });
    lineA = a.id;
    lineB = b.id;
    await activateLine(trx, a.id, null);
    await activateLine(trx, b.id, null);
    // 3 h by the held lesson's check-in (B has expired for today: A pays)
    await postHours(trx, { studentId: students[0], classTypeId: typeId, hours: 300, refType: 'check_in', refId: checkIns[0], by: null, day: today });
    // 1 h posted and undone: nets to nothing
    await postHours(trx, { studentId: students[0], classTypeId: typeId, hours: 100, refType: 'check_in', refId: checkIns[1], by: null, day: today });
    await reverseHours(trx, { refType: 'check_in', refId: checkIns[1], reason: '改为缺勤', by: null });
    // 2 h of B on a day it was still valid (soonest expiry first), by no lesson of the timetable
    await postHours(trx, { studentId: students[0], classTypeId: typeId, hours: 200, refType: 'report_test', refId: 1, by: null, day: '2019-12-31' });
    // 2 h of A refunded
    await postHours(trx, { studentId: students[0], classTypeId: typeId, hours: 200, refType: 'report_test', refId: 2, by: null, day: today, bizType: 'refund' });
    // B's rest forfeited at expiry (other campuses' expired lines too: they do not show here)
    await forfeitExpired(trx, today, null);
});
}, 400_000);
afterAll(async () => s?.close());

describe('班级报表', () => {
  it('counts enrolment, capacity, lessons and check-ins of the period exactly', async () => {
    const r = await ok(principal, 'report/class');
    expect(r.totalSize).toBe(1);
    expect(r.content[0]).toMatchObject({ name: '报表测试班', school_name: '报表测试校区', class_type_name: typeName, students: 3, capacity: 4, fill_rate: 7500, planned: 2, held: 1, attended: 2, marked: 3, attendance_rate: 6667 });
    expect(r.totals).toMatchObject({ name: '合计', students: 3, capacity: 4, planned: 2, held: 1, attended: 2, marked: 3, fill_rate: 7500, attendance_rate: 6667 });
    const byType = await ok(principal, 'report/class', { group_by: 'class_type' });
    expect(byType.content).toEqual([expect.objectContaining({ name: typeName, school_name: '报表测试校区', class_count: 1, students: 3 })]);
  });

  it('refuses a report outside the caller\'s campuses as missing, and an unknown city', async () => {
    const gz = await s.db.selectFrom('organisations').select('id').where('code', '=', 'GZ-TH').executeTakeFirstOrThrow();
    const res = await report(principal, 'report/class', { org_id: Number(gz.id) });
    expect(res.body).toMatchObject({ code: 404, msg: '城市或校区不存在或无权访问' });
    const none = await report(admin, 'report/class', { org_id: 999999 });
    expect(none.body.code).toBe(404);
  });
});

describe('课消报表', () => {
  it('values consumption at the line\'s own unit price, refunds and forfeits apart, deferred revenue at the end', async () => {
    const r = await ok(finance, 'report/class_consume', { group_by: 'school' });
    expect(r.content).toHaveLength(1);
    const row = r.content[0];
    // A: 3 h × ¥200 = ¥600; B: 2 h of its 5 h worth ¥500 = ¥200, all from the paid part (paid money first)
    expect(row).toMatchObject({ name: '报表测试校区', consumed_hours: 500, consumed_money: 60000 + 20000, consumed_promo: 0 });
    expect(row).toMatchObject({ refund_hours: 200, refund_money: 40000, forfeit_hours: 300, forfeit_money: 20000 });
    expect(row).toMatchObject({ opening_money: 0, credited_money: 240000, transfer_money: 0, closing_hours: 500, closing_money: 100000 });
    // the money adds up: closing = opening + credited − consumed − refunded − forfeited + transfers
    expect(row.closing_money).toBe(Number(row.opening_money) + Number(row.credited_money) - Number(row.consumed_money) - Number(row.refund_money) - Number(row.forfeit_money) + Number(row.transfer_money));
    expect(r.totals).toMatchObject({ consumed_money: 80000, closing_money: 100000 });
  });

  it('equals the money ledger itself: the deferred revenue is the paid balance of the campus\'s lines', async () => {
    const paid = await s.db.selectFrom('order_money_flow').select(['account_key', 'amount']).where('account_key', 'in', [`paid:${lineA}`, `paid:${lineB}`]).execute();
    const r = await ok(admin, 'report/class_consume', { group_by: 'class_type' });
    expect(r.content[0].closing_money).toBe(paid.reduce((n, p) => n + Number(p.amount), 0));
    const consumedA = paid.filter((p) => p.account_key === `paid:${lineA}`).reduce((n, p) => n + Number(p.amount), 0);
    expect(consumedA).toBe(200000 - 60000 - 40000);
  });

  it('by teacher: the check-in\'s lesson teacher, other consumption apart; by month: the period\'s months', async () => {
    const r = await ok(principal, 'report/class_consume', { group_by: 'teacher' });
    const byName = Object.fromEntries(r.content.map((x) => [x.name, x]));
    expect(byName['赵敏']).toMatchObject({ consumed_hours: 300, consumed_money: 60000 });
    expect(byName['未排课老师']).toMatchObject({ consumed_hours: 200, consumed_money: 20000 });
    expect(r.totals).toMatchObject({ consumed_hours: 500, consumed_money: 80000 });
    const m = await ok(principal, 'report/class_consume', { group_by: 'month' });
    const months = [...new Set([period.date_start, today, period.date_end].map((d) => d.slice(0, 7)))];
    expect(m.content.map((x) => x.key).sort()).toEqual(months);
    expect(m.content.reduce((n, x) => n + Number(x.consumed_money), 0)).toBe(80000);
  });

  it('is refused to a role without the code, and a teacher does not see it', async () => {
    expect((await report(sales, 'report/class_consume', {})).body.code).toBe(403);
    const teacher = await s.login('teacher', DEMO_PASSWORD);
    expect((await report(teacher, 'report/class_consume', {})).body.code).toBe(403);
  });
});

describe('财务报表 (报表中心)', () => {
  it('is the finance area\'s receipt figures: city rows drill down to campuses, method rows add up to the same totals', async () => {
    const q = { date_start: '2025-01-01', date_end: '2025-12-31' };
    const cities = await ok(finance, 'report/finance', { ...q, org_id: '' });
    const schools = await ok(finance, 'report/finance', { ...q, org_id: bjCity, group_by: 'school' });
    const methods = await ok(finance, 'report/finance', { ...q, org_id: '', group_by: 'method' });
    expect(methods.totals).toEqual(cities.totals);
    const bjRow = cities.content.find((c) => c.org_id === bjCity);
    expect(bjRow).toBeDefined();
    expect(schools.totals).toMatchObject({ net: bjRow?.net, income: bjRow?.income, count: bjRow?.count });
    expect(schools.content.some((x) => x.name === '报表测试校区')).toBe(true);
  });

  it('sums receipts of its campus exactly (yuan as integer fen)', async () => {
    const student = Number((await s.db.selectFrom('student').select('id').where('school_id', '=', campus).executeTakeFirstOrThrow()).id);
    for (const [kind, amount, method] of [[1, 123456, 'wechat'], [1, 1001, 'cash'], [2, -2002, 'cash']] as const) {
      await insert('fin_stu_account_receipts', { school_id: campus, student_id: student, receipt_no: `RPT${amount}`, kind, amount, pay_method: method, biz_date: today, state: 1 });
    }
    const r = await ok(principal, 'report/finance', { group_by: 'method' });
    const byKey = Object.fromEntries(r.content.map((x) => [x.key, x]));
    expect(byKey.wechat).toMatchObject({ name: '微信', income: 123456, refund: 0, net: 123456, count: 1 });
    expect(byKey.cash).toMatchObject({ name: '现金', income: 1001, refund: -2002, net: -1001, count: 2 });
    expect(r.totals).toMatchObject({ income: 124457, refund: -2002, net: 122455, count: 3 });
  });
});

describe('filters', () => {
  it('answers bad filters in Chinese with code 400, never a 5xx', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ date_start: '2025-02-30' }, '开始日期不是有效日期'],
      [{ date_end: 'yesterday' }, '结束日期格式应为 YYYY-MM-DD'],
      [{ date_start: '2025-03-02', date_end: '2025-03-01' }, '开始日期不能晚于结束日期'],
      [{ date_start: '2020-01-01', date_end: '2025-01-01' }, '统计区间不能超过366天'],
      [{ group_by: 'planet' }, '统计维度只能是'],
      [{ sort: 'nope desc' }, '不能按 nope 排序'],
      [{ sort: 'x; drop table users' }, '排序参数格式应为'],
      [{ org_id: 'abc' }, '城市或校区必须是数字'],
      [{ page: '0' }, '页码必须从 1 开始'],
      [{ rows: '100001' }, '每页行数不能超过'],
    ];
    for (const path of ['report/class', 'report/class_consume', 'report/finance', 'report/foreign', 'report/supply_groups']) {
      for (const [q, msg] of cases) {
        const res = await s.call('GET', `/api/v1/${path}`, { headers: admin.headers, query: q });
        expect(res.status, `${path} ${JSON.stringify(q)}`).toBe(200);
        expect(res.body.code, `${path} ${JSON.stringify(q)}`).toBe(400);
        expect(res.body.msg).toContain(msg);
      }
    }
  });

  it('sorts by any column of the grouping, both ways, and pages', async () => {
    const desc = await s.call<ReportPage>('GET', '/api/v1/report/class', { headers: admin.headers, query: { sort: 'students desc', rows: 5 } });
    const asc = await s.call<ReportPage>('GET', '/api/v1/report/class', { headers: admin.headers, query: { sort: 'students', rows: 1000 } });
    const d = desc.body.data.content.map((x) => Number(x.students));
    expect(d).toHaveLength(5);
    expect([...d].sort((x, y) => y - x)).toEqual(d);
    const a = asc.body.data.content.map((x) => Number(x.students));
    expect([...a].sort((x, y) => x - y)).toEqual(a);
    expect(asc.body.data.totalSize).toBe(a.length);
    expect(a.reduce((n, x) => n + x, 0)).toBe(asc.body.data.totals.students);
  });
});

describe('外教报表', () => {
  let foreignId: number;
  beforeAll(async () => {
    foreignId = Number((await s.db.selectFrom('users').select('id').where('login_id', '=', 'foreign_teacher').executeTakeFirstOrThrow()).id);
    const month = today.slice(0, 7);
    await insert('teacher_ft', { school_id: campus, teacher_id: foreignId, english_name: 'Test Brown', nationality: '英国', ft_type: 1, contract_start: '2025-01-01', contract_end: '2027-01-01', state: 1 });
    for (const [d, state, hours] of [[today, 1, 400], [period.date_start, 2, 300], [period.date_end, 4, 0], [addDays(today, -10), 1, 500]] as const) {
      await insert('teacher_cam', { school_id: campus, teacher_id: foreignId, work_date: d, state, lesson_hours: hours });
    }
    await insert('teacher_fas', { school_id: campus, teacher_id: foreignId, assess_month: month, teaching_score: 35, attendance_score: 18, feedback_score: 16, cooperation_score: 16, total_score: 85, level: 2 });
    await insert('teacher_fas', { school_id: campus, teacher_id: foreignId, assess_month: addDays(today, -70).slice(0, 7), teaching_score: 20, attendance_score: 10, feedback_score: 10, cooperation_score: 10, total_score: 50, level: 4 });
    const cls = Number((await s.db.selectFrom('base_class_manage').select('id').where('school_id', '=', campus).executeTakeFirstOrThrow()).id);
    for (const score of [80, 91]) await insert('teacher_oa', { school_id: campus, teacher_id: foreignId, observer_id: teacherId, class_id: cls, observe_date: today, preparation_score: 20, delivery_score: 20, interaction_score: 20, management_score: score - 60, total_score: score });
    // an observation of a Chinese teacher is no foreign teacher's
    await insert('teacher_oa', { school_id: campus, teacher_id: teacherId, observer_id: foreignId, class_id: cls, observe_date: today, preparation_score: 10, delivery_score: 10, interaction_score: 10, management_score: 10, total_score: 40 });
    for (const [d, state] of [[today, 2], [period.date_start, 2], [period.date_end, 1]] as const) {
      await insert('edu_class_schedule', { school_id: campus, class_id: cls, class_type_id: typeId, lesson_date: d, start_time: '15:00', end_time: '16:30', teacher_id: foreignId, hours: 1.5, state });
    }
  });

  it('adds lessons, attendance, the month\'s assessment and observations per teacher exactly', async () => {
    const r = await ok(principal, 'report/foreign');
    expect(r.content).toHaveLength(1);
    expect(r.content[0]).toMatchObject({ name: '迈克尔·布朗', english_name: 'Test Brown', school_name: '报表测试校区', lessons: 2, lesson_hours: 300 });
    expect(r.content[0]).toMatchObject({ cam_days: 3, cam_present: 1, cam_late: 1, cam_absent: 1, cam_leave: 0, attendance_rate: 6667, cam_hours: 700, fas_score: 850, oa_count: 2, oa_score: 855 });
    const bySchool = await ok(principal, 'report/foreign', { group_by: 'school' });
    expect(bySchool.content[0]).toMatchObject({ name: '报表测试校区', teacher_count: 1, lessons: 2, cam_hours: 700, oa_score: 855 });
    expect(bySchool.totals).toMatchObject({ teacher_count: 1, lessons: 2, cam_days: 3, fas_score: 850 });
  });

  it('shows a foreign teacher only their campuses', async () => {
    const ft = await s.login('foreign_teacher', DEMO_PASSWORD);
    expect((await report(ft, 'report/foreign', {})).body.code).toBe(404);
    const own = await s.call<ReportPage>('GET', '/api/v1/report/foreign', { headers: ft.headers, query: { ...period, group_by: 'school' } });
    expect(own.body.code).toBe(200);
    expect(own.body.data.content.map((x) => x.name).sort()).toEqual(['上海徐汇校区', '上海浦东校区'].sort());
  });
});

describe('供应组报表', () => {
  let textbooks: number;
  beforeAll(async () => {
    let book = await s.db.selectFrom('prod_text_book').select(['id']).where('class_type_id', '=', typeId).where('status', '=', 1).executeTakeFirst();
    if (!book) {
      await insert('prod_text_book', { name: '报表测试教材', class_type_id: typeId, price: 8800, status: 1 });
      book = await s.db.selectFrom('prod_text_book').select(['id']).where('class_type_id', '=', typeId).executeTakeFirstOrThrow();
    }
    textbooks = Number((await s.db.selectFrom('prod_text_book').select((eb) => eb.fn.countAll<number>().as('n')).where('class_type_id', '=', typeId).where('status', '=', 1).executeTakeFirstOrThrow()).n);
    const students = (await s.db.selectFrom('student').select(['id', 'name']).where('school_id', '=', campus).orderBy('id').execute()).map((x) => ({ id: Number(x.id), name: x.name }));
    const order = (st: { id: number; name: string }, quantity: number, state: number, at = nowText()) =>
      insert('fin_book_order', { school_id: campus, student_id: st.id, student_name: st.name, text_book_id: book.id, quantity, unit_price: 8800, amount: 8800 * quantity, state, created_at: at, updated_at: at });
    await order(students[0], 2, 3);
    await order(students[1], 1, 2);
    await order(students[2], 1, 4);
    await order(students[2], 5, 3, `${addDays(today, -40)} 10:00:00`);
  });

  it('sets the period\'s book orders against the students enrolled, per campus and class type', async () => {
    const r = await ok(principal, 'report/supply_groups');
    expect(r.content).toHaveLength(1);
    expect(r.content[0]).toMatchObject({ name: typeName, school_name: '报表测试校区', students: 3, textbooks, ordered_qty: 3, delivered_qty: 2, pending_qty: 1, amount: 26400, supplied_students: 1, coverage: 3333 });
    expect(r.totals).toMatchObject({ students: 3, ordered_qty: 3, amount: 26400, coverage: 3333 });
  });
});

describe('export', () => {
  it('exports a report through the shared export machinery as the screen shows it', async () => {
    const res = await s.call<{ file_id?: string }>('GET', '/api/v1/report/class_consume', {
      headers: admin.headers,
      query: { ...period, org_id: campus, __export__: 'true', __name__: '课消报表', __columns__: JSON.stringify([{ prop: 'name', label: '名称', width: 20 }, { prop: 'consumed_money', label: '消课收入', width: 12 }]) },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.file_id).toBeTruthy();
  });
});

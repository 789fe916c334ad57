import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { todayText } from '../../../server/lib/time';
import { integralMismatches } from '../../../server/modules/students';
import { demoRun } from '../../../server/modules/workflow';
import { idCardCheckDigit } from '../../../src/contract/students';
import '../../../server/modules/students/schema';
import { likeIsWhole } from '../../../server/lib/page-plan';

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let sales: LoggedIn;
let bj: number;
let gz: number;
let seq = 0;

type Body<T> = { code: number; msg: string; data: T };
const api = (p: string) => `/api/v1/${p}`;

async function ok<T>(p: Promise<{ body: Body<T> }>): Promise<T> {
  const res = await p;
  expect(res.body.msg).toBe('成功');
  return res.body.data;
}

function phone(): string {
  seq++;
  return `15${String(700000000 + seq * 13).slice(-9)}`;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function addStudent(who: LoggedIn, body: Record<string, unknown>): Promise<{ id: number; state: number; school_id: number }> {
  return ok(s.call<{ id: number; state: number; school_id: number }>('POST', api('student/add'), { headers: who.headers, json: { school_id: bj, gender: 1, ...body } }));
}

function idCard(birth: string, seqNo: number): string {
  const first17 = `110105${birth.replace(/-/g, '')}${String(100 + seqNo).slice(-3)}`;
  return first17 + idCardCheckDigit(first17);
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  sales = await s.login('sales', DEMO_PASSWORD);
  const school = async (code: string) => (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  bj = await school('BJ-CY');
  gz = await school('GZ-TH');
}, 120_000);

afterAll(async () => s?.close());

describe('students: demo data', () => {
  it('has students in every state over the campuses, parents shared by siblings, and points equal to their ledger', async () => {
    const states = await s.db.selectFrom('student').select(['state', 'school_id']).where('del_flag', '=', 0).execute();
    // issue 12: at least 2,000 students, frozen and stopped ones at every campus
    expect(states.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(states.map((r) => r.state))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    const campuses = new Set(states.map((r) => r.school_id));
    expect(campuses.size).toBeGreaterThanOrEqual(9);
    for (const state of [2, 7]) expect(new Set(states.filter((r) => r.state === state).map((r) => r.school_id))).toEqual(campuses);
    const parents = await s.db.selectFrom('stu_parent_student').select('student_id').distinct().execute();
    expect(parents.length).toBeGreaterThanOrEqual(2000);
    const shared = await s.db.selectFrom('stu_parent_student').select('parent_id').groupBy('parent_id').having((eb) => eb.fn.countAll(), '>', 1).execute();
    expect(shared.length).toBeGreaterThan(0);
    expect(await integralMismatches(s.db)).toEqual([]);
  });
});

describe('student add, update and state', () => {
  it('adds a student with the primary parent as one parent record; a sibling reuses it; get_by_phone finds both', async () => {
    const p = phone();
    const a = await addStudent(sales, { name: '测试甲', parent_name: '测试妈妈', parent_relation: 2, parent_phone: p, state: 5 });
    expect(a.state).toBe(5);
    const b = await addStudent(sales, { name: '测试乙', parent_name: '测试妈妈', parent_relation: 2, parent_phone: p });
    expect(b.state).toBe(1);
    const parents = await s.db.selectFrom('stu_parent').select(['id', 'name']).where('phone', '=', p).execute();
    expect(parents).toHaveLength(1);
    const page = await ok(s.call<{ content: { id: number; children: string; name: string }[] }>('GET', api('stu_parent/page'), { headers: sales.headers, query: { student_id: a.id } }));
    expect(page.content.map((r) => r.children)).toEqual(['测试甲、测试乙']);
    const found = await ok(s.call<{ id: number; matched_by: string; parents: { name: string }[] }[]>('GET', api('student/get_by_phone'), { headers: sales.headers, query: { phone: p } }));
    expect(found.map((f) => f.id).sort()).toEqual([a.id, b.id].sort());
    expect(found[0].matched_by).toBe('母亲电话');
    expect(found[0].parents[0].name).toBe('测试妈妈');
    // the caller's scope: the front desk of 广州 finds none of them
    const gzDesk = await s.login('front_desk', DEMO_PASSWORD);
    expect(await ok(s.call<unknown[]>('GET', api('student/get_by_phone'), { headers: gzDesk.headers, query: { phone: p } }))).toEqual([]);
    expect((await s.call('GET', api('student/get_by_phone'), { headers: sales.headers, query: { phone: '12a' } })).body).toMatchObject({ code: 400, msg: '手机号应为4到11位数字' });
  });

  it('validates the ID number (format, check digit) and keeps it unique', async () => {
    const good = idCard('2016-05-20', ++seq);
    const bad = good.slice(0, 17) + (good[17] === '1' ? '2' : '1');
    expect((await s.call('POST', api('student/add'), { headers: admin.headers, json: { school_id: bj, name: '证件错', id_card: bad } })).body).toMatchObject({ code: 400, msg: '身份证号校验位不正确' });
    expect((await s.call('POST', api('student/add'), { headers: admin.headers, json: { school_id: bj, name: '证件短', id_card: '1101051' } })).body).toMatchObject({ code: 400, msg: '身份证号应为18位，最后一位可为数字或X' });
    const first = await ok(s.call<{ id: number; birthday: string }>('POST', api('student/add'), { headers: admin.headers, json: { school_id: bj, name: '证件对', id_card: good } }));
    expect(first.birthday).toBe('2016-05-20');
    const dup = await s.call('POST', api('student/add'), { headers: admin.headers, json: { school_id: gz, name: '证件重', id_card: good.toLowerCase() } });
    expect(dup.body).toMatchObject({ code: 409, msg: '身份证号已被其他学员使用' });
    expect(await s.db.selectFrom('student').select('id').where('name', '=', '证件重').execute()).toEqual([]);
  });

  it('changes state along the life cycle only; freeze and stop are refused directly', async () => {
    const st = await addStudent(admin, { name: '状态生', state: 5, parent_phone: phone(), parent_name: '状态家长' });
    expect((await ok(s.call<{ state: number }>('POST', api('student/change_state'), { headers: admin.headers, json: { id: st.id, state: 6 } }))).state).toBe(6);
    expect((await s.call('POST', api('student/change_state'), { headers: admin.headers, json: { id: st.id, state: 3 } })).body).toMatchObject({ code: 409, msg: '学员状态不能从试听变更为结课' });
    expect((await s.call('POST', api('student/change_state'), { headers: admin.headers, json: { id: st.id, state: 7 } })).body).toMatchObject({ code: 409, msg: '学员不能直接变更为冻结，请提交冻结申请' });
    expect((await s.call('POST', api('student/add'), { headers: admin.headers, json: { school_id: bj, name: '直接结课', state: 3 } })).body).toMatchObject({ code: 400, msg: '新学员的状态只能是 潜在、试听 或 在读' });
    // another campus's student answers as missing
    const other = await addStudent(admin, { school_id: gz, name: '广州生' });
    expect((await s.call('POST', api('student/change_state'), { headers: principal.headers, json: { id: other.id, state: 8 } })).body.code).toBe(404);
    expect((await s.call('POST', api('student/change_state'), { headers: sales.headers, json: { id: st.id, state: 5 } })).body.code).toBe(200);
  });
});

describe('points', () => {
  it('posts to the ledger, never goes below zero, and the balance is the ledger sum', async () => {
    const st = await addStudent(admin, { name: '积分生' });
    const a = await ok(s.call<{ balance: number }>('POST', api('student/add_integral'), { headers: principal.headers, json: { student_id: st.id, points: 30, reason: '全勤奖励' } }));
    expect(a.balance).toBe(30);
    const r = await ok(s.call<{ balance: number }>('POST', api('student/reduce_integral'), { headers: principal.headers, json: { student_id: st.id, points: 20, reason: '兑换绘本' } }));
    expect(r.balance).toBe(10);
    const refused = await s.call('POST', api('student/reduce_integral'), { headers: principal.headers, json: { student_id: st.id, points: 11, reason: '兑换' } });
    expect(refused.body).toMatchObject({ code: 409, msg: '积分不足：积分生 当前积分 10，不能扣减 11' });
    expect((await s.call('POST', api('student/add_integral'), { headers: principal.headers, json: { student_id: st.id, points: 0, reason: 'x' } })).body).toMatchObject({ code: 400, msg: '积分至少为 1' });
    expect((await s.call('POST', api('student/add_integral'), { headers: sales.headers, json: { student_id: st.id, points: 5, reason: 'x' } })).body.code).toBe(403);
    const log = await ok(s.call<{ content: { points: number; balance_after: number }[] }>('GET', api('student_integral_log/page'), { headers: principal.headers, query: { student_id: st.id } }));
    expect(log.content.map((l) => [l.points, l.balance_after])).toEqual([
      [-20, 10],
      [30, 30],
    ]);
    expect(await integralMismatches(s.db)).toEqual([]);
  });
});

async function definitions(tags: string[], state: 0 | 1): Promise<void> {
  await s.db.updateTable('wf_define').set({ state }).where('tag', 'in', tags).execute();
}

describe('freeze and stop class through the workflow', () => {
  it('an apply starts an approval tied to it; check_freeze is refused meanwhile; the approval freezes the student', async () => {
    await definitions(['freeze', 'stop_class'], 1);
    const today = todayText();
    const st = await addStudent(admin, { name: '审批冻结生', valid_until: addDays(today, 30) });
    const f = await ok(s.call<{ id: number; wf_instance_id: number | null; state: number }>('POST', api('student/apply_freeze'), { headers: principal.headers, json: { student_id: st.id, start_date: today, end_date: addDays(today, 4), reason: '出国' } }));
    expect(f.wf_instance_id).toEqual(expect.any(Number));
    const inst = await s.db.selectFrom('wf_instance').select(['ref_type', 'ref_id', 'state']).where('id', '=', Number(f.wf_instance_id)).executeTakeFirstOrThrow();
    expect(inst).toEqual({ ref_type: 'student_freeze', ref_id: f.id, state: 1 });
    expect((await s.call('POST', api('student/check_freeze'), { headers: principal.headers, json: { id: f.id, state: 2 } })).body).toMatchObject({ code: 409, msg: '该申请正在审批流程中，请在审批待办中处理' });
    await demoRun(s.db, principal.user.id, Number(f.wf_instance_id), 'approve', '同意');
    const row = await s.db.selectFrom('student').select(['state', 'valid_until']).where('id', '=', st.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 7, valid_until: addDays(today, 35) });
    expect((await s.db.selectFrom('student_freeze').select('state').where('id', '=', f.id).executeTakeFirstOrThrow()).state).toBe(2);

    const other = await addStudent(admin, { name: '审批停课生' });
    const stop = await ok(s.call<{ id: number }>('POST', api('student_stop_apply/add'), { headers: principal.headers, json: { student_id: other.id, start_date: today, days: 7, reason: '考试周' } }));
    const stopRow = await s.db.selectFrom('student_stop_apply').select('wf_instance_id').where('id', '=', stop.id).executeTakeFirstOrThrow();
    expect(stopRow.wf_instance_id).toEqual(expect.any(Number));
    await demoRun(s.db, principal.user.id, Number(stopRow.wf_instance_id), 'refuse', '考试周可请假');
    expect((await s.db.selectFrom('student_stop_apply').select('state').where('id', '=', stop.id).executeTakeFirstOrThrow()).state).toBe(3);
    expect((await s.db.selectFrom('student').select('state').where('id', '=', other.id).executeTakeFirstOrThrow()).state).toBe(1);
  });
});

describe('freeze, freeze-off and stop class without an enabled approval definition', () => {
  beforeAll(() => definitions(['freeze', 'stop_class'], 0));

  it('apply → check (approve) freezes the student and moves the validity; rollback restores both', async () => {
    const today = todayText();
    const st = await addStudent(admin, { name: '冻结生', valid_until: addDays(today, 100) });
    const bad = await s.call('POST', api('student/apply_freeze'), { headers: principal.headers, json: { student_id: st.id, start_date: addDays(today, 5), end_date: today, reason: '旅行' } });
    expect(bad.body).toMatchObject({ code: 400, msg: '冻结结束日期不能早于开始日期' });
    const f = await ok(s.call<{ id: number; days: number; state: number }>('POST', api('student/apply_freeze'), { headers: principal.headers, json: { student_id: st.id, start_date: today, end_date: addDays(today, 9), reason: '旅行' } }));
    expect(f).toMatchObject({ days: 10, state: 1 });
    expect((await s.call('POST', api('student/apply_freeze'), { headers: principal.headers, json: { student_id: st.id, start_date: addDays(today, 3), end_date: addDays(today, 4), reason: '又一次' } })).body.code).toBe(409);
    const checked = await ok(s.call<{ state: number }>('POST', api('student/check_freeze'), { headers: principal.headers, json: { id: f.id, state: 2, check_remark: '同意' } }));
    expect(checked.state).toBe(2);
    let row = await s.db.selectFrom('student').select(['state', 'valid_until', 'freeze_start', 'freeze_end']).where('id', '=', st.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 7, valid_until: addDays(today, 110), freeze_start: today, freeze_end: addDays(today, 9) });
    expect((await s.call('POST', api('student/check_freeze'), { headers: principal.headers, json: { id: f.id, state: 2 } })).body.code).toBe(409);
    await ok(s.call('POST', api('student/freeze_rollback'), { headers: principal.headers, json: { id: f.id } }));
    row = await s.db.selectFrom('student').select(['state', 'valid_until', 'freeze_start', 'freeze_end']).where('id', '=', st.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 1, valid_until: addDays(today, 100), freeze_start: null, freeze_end: null });
  });

  it('a freeze-off apply, once approved, ends the freeze the day before and gives back the unused days', async () => {
    const today = todayText();
    const st = await addStudent(admin, { name: '解冻生', valid_until: addDays(today, 50) });
    const f = await ok(s.call<{ id: number }>('POST', api('student/apply_freeze'), { headers: principal.headers, json: { student_id: st.id, start_date: today, end_date: addDays(today, 19), reason: '住院' } }));
    await ok(s.call('POST', api('student/check_freeze'), { headers: principal.headers, json: { id: f.id, state: 2 } }));
    expect((await s.call('POST', api('student_freeze_off_apply/add'), { headers: principal.headers, json: { freeze_id: f.id, student_id: st.id, off_date: addDays(today, 40), reason: '提前' } })).body.code).toBe(400);
    const off = await ok(s.call<{ id: number; state: number }>('POST', api('student_freeze_off_apply/add'), { headers: principal.headers, json: { freeze_id: f.id, student_id: st.id, off_date: addDays(today, 5), reason: '提前回来' } }));
    expect(off.state).toBe(1);
    await ok(s.call('POST', api('student_freeze_off_apply/check'), { headers: principal.headers, json: { id: off.id, state: 2 } }));
    const freeze = await s.db.selectFrom('student_freeze').select(['state', 'end_date', 'days']).where('id', '=', f.id).executeTakeFirstOrThrow();
    expect(freeze).toEqual({ state: 5, end_date: addDays(today, 4), days: 5 });
    const row = await s.db.selectFrom('student').select(['state', 'valid_until']).where('id', '=', st.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 1, valid_until: addDays(today, 55) });
    expect((await s.call('POST', api('student_freeze_off_apply/check'), { headers: principal.headers, json: { id: off.id, state: 3 } })).body.code).toBe(409);
  });

  it('stop class: apply, approve (停课), stopped days, no delete once approved', async () => {
    const today = todayText();
    const st = await addStudent(admin, { name: '停课生' });
    const apply = await ok(s.call<{ id: number; state: number }>('POST', api('student_stop_apply/add'), { headers: principal.headers, json: { student_id: st.id, start_date: addDays(today, -2), days: 10, reason: '考试' } }));
    expect(apply.state).toBe(1);
    expect((await s.call('POST', api('student_stop_apply/add'), { headers: principal.headers, json: { student_id: st.id, start_date: today, days: 3, reason: '再次' } })).body.code).toBe(409);
    await ok(s.call('POST', api('student_stop_apply/check'), { headers: principal.headers, json: { id: apply.id, state: 2 } }));
    expect((await s.db.selectFrom('student').select('state').where('id', '=', st.id).executeTakeFirstOrThrow()).state).toBe(2);
    const days = await ok(s.call<{ days: number; days_so_far: number }>('GET', api('student_stop_apply/stopped_days'), { headers: principal.headers, query: { student_id: st.id } }));
    expect(days).toMatchObject({ days: 10, days_so_far: 3 });
    expect((await s.call('POST', api('student_stop_apply/delete'), { headers: principal.headers, json: [{ id: apply.id }] })).body.code).toBe(409);
    const list = await ok(s.call<{ content: { id: number }[] }>('GET', api('student_stop_apply/stus'), { headers: principal.headers, query: { student_id: st.id } }));
    expect(list.content.map((r) => r.id)).toEqual([apply.id]);
    // 复课
    await ok(s.call('POST', api('student/change_state'), { headers: principal.headers, json: { id: st.id, state: 1 } }));
  });
});

describe('searches and views', () => {
  it('student/search and student/page are form-encoded with comma-joined arrays', async () => {
    const p = phone();
    const st = await addStudent(admin, { name: '搜索目标', parent_name: '搜索家长', parent_phone: p, state: 6 });
    const byPhone = await ok(s.call<{ content: { id: number; school_name: string }[]; totalSize: number }>('POST', api('student/search'), { headers: admin.headers, form: { keyword: p.slice(-6), state: '5,6', school_id: `${bj},${gz}` } }));
    expect(byPhone.content.map((r) => r.id)).toEqual([st.id]);
    expect(byPhone.content[0].school_name).toBe('北京朝阳校区');
    const page = await ok(s.call<{ content: { id: number; seller_name?: string }[] }>('POST', api('student/page'), { headers: admin.headers, form: { name: '搜索目标', state: '6,1', school_id: `${bj},${gz}` } }));
    expect(page.content.map((r) => r.id)).toEqual([st.id]);
    const none = await ok(s.call<{ totalSize: number }>('POST', api('student/page'), { headers: admin.headers, form: { name: '搜索目标', state: '3' } }));
    expect(none.totalSize).toBe(0);
    expect((await s.call('POST', api('student/page'), { headers: admin.headers, form: { view: 'nonsense' } })).body).toMatchObject({ code: 400, msg: '视图参数不正确' });
  });

  it('student/page finds a parent phone by its whole number (an indexed equality) and by a part of it', async () => {
    const p = phone();
    const st = await addStudent(admin, { name: '电话查找', parent_name: '电话家长', parent_phone: p });
    for (const q of [p, p.slice(3, 9)]) {
      const page = await ok(s.call<{ content: { id: number }[] }>('POST', api('student/page'), { headers: admin.headers, form: { parent_phone: q } }));
      expect(page.content.map((r) => r.id), q).toContain(st.id);
    }
    const other = await ok(s.call<{ totalSize: number }>('POST', api('student/page'), { headers: admin.headers, form: { parent_phone: `${p.slice(0, 10)}${(Number(p[10]) + 1) % 10}`, name: '电话查找' } }));
    expect(other.totalSize).toBe(0);
    const field = { type: 'string', label: '家长电话', max: 11, search: 'like' } as const;
    expect([likeIsWhole(field, p), likeIsWhole(field, p.slice(2)), likeIsWhole(field, 'abcdefghijk'), likeIsWhole({ ...field, max: undefined }, p)]).toEqual([true, false, false, false]);
  });

  it('views: stay_open, age group and my_entered', async () => {
    const st = await addStudent(sales, { name: '待开班生', birthday: `${Number(todayText().slice(0, 4)) - 4}-01-01` });
    const stay = await ok(s.call<{ content: { id: number }[] }>('POST', api('student/page'), { headers: sales.headers, form: { view: 'stay_open', name: '待开班生' } }));
    expect(stay.content.map((r) => r.id)).toEqual([st.id]);
    const age = await ok(s.call<{ content: { id: number }[] }>('POST', api('student/page'), { headers: sales.headers, form: { age_group: 612, name: '待开班生' } }));
    expect(age.content.map((r) => r.id)).toEqual([st.id]);
    const other = await ok(s.call<{ totalSize: number }>('POST', api('student/page'), { headers: sales.headers, form: { age_group: 615, name: '待开班生' } }));
    expect(other.totalSize).toBe(0);
    const mine = await ok(s.call<{ content: { id: number }[] }>('GET', api('student/my_entered'), { headers: sales.headers, query: { name: '待开班生' } }));
    expect(mine.content.map((r) => r.id)).toEqual([st.id]);
    expect((await ok(s.call<{ totalSize: number }>('GET', api('student/my_entered'), { headers: admin.headers, query: { name: '待开班生' } }))).totalSize).toBe(0);
    const warm = await ok(s.call<{ totalSize: number }>('GET', api('student/warm_up_student'), { headers: admin.headers }));
    expect(warm.totalSize).toBeGreaterThan(0);
  });

  it('热身班学员 and 我录入的学员 show demo rows to every demo user whose sidebar holds them', async () => {
    const logins = [ADMIN.login, 'principal', 'telemarketer', 'sales', 'teacher', 'foreign_teacher', 'front_desk', 'finance'];
    const holders: Record<string, string[]> = { students_warm_up: [], students_my_entered: [] };
    for (const login of logins) {
      const who = login === ADMIN.login ? admin : await s.login(login, DEMO_PASSWORD);
      const tree = JSON.stringify(await ok(s.call<unknown>('GET', api('system/sidebar'), { headers: who.headers, query: { type: '0' } })));
      for (const [code, path] of [
        ['students_warm_up', 'student/warm_up_student'],
        ['students_my_entered', 'student/my_entered'],
      ] as const) {
        if (!tree.includes(`"code":"${code}"`)) continue;
        holders[code].push(login);
        const rows = await ok(s.call<{ totalSize: number }>('GET', api(path), { headers: who.headers, query: { page: '1', rows: '10' } }));
        expect(rows.totalSize, `${login} ${path}`).toBeGreaterThan(0);
      }
    }
    // the screens are held at all (the check above would pass on an empty sidebar)
    expect(holders.students_warm_up).toEqual(expect.arrayContaining([ADMIN.login, 'principal', 'front_desk', 'sales', 'teacher']));
    expect(holders.students_my_entered).toEqual(expect.arrayContaining([ADMIN.login, 'principal', 'front_desk', 'sales']));
  });

  it('转班学员: the students with a class transfer record, each campus of the demo has some', async () => {
    const page = await ok(s.call<{ content: { id: number; school_id: number }[]; totalSize: number }>('POST', api('student/page'), { headers: principal.headers, form: { view: 'transfer', rows: '100' } }));
    expect(page.totalSize).toBeGreaterThan(0);
    const moved = await s.db.selectFrom('ct_transfer').select('student_id').execute();
    expect(page.content.every((r) => moved.some((m) => m.student_id === r.id))).toBe(true);
    // the front desk's campus too (广州天河)
    const desk = await s.login('front_desk', DEMO_PASSWORD);
    const theirs = await ok(s.call<{ totalSize: number }>('POST', api('student/page'), { headers: desk.headers, form: { view: 'transfer' } }));
    expect(theirs.totalSize).toBeGreaterThan(0);
  });

  it('pusher agents: the referrer of a student and the students they brought', async () => {
    const pusher = await addStudent(admin, { name: '推荐人甲' });
    const child = await addStudent(admin, { name: '被推荐乙', pusher_id: pusher.id, source: 2 });
    const by = await ok(s.call<{ id: number; referred: number } | null>('GET', api('pusher_agent/pusher_by_stu_id'), { headers: principal.headers, query: { stu_id: child.id } }));
    expect(by).toMatchObject({ id: pusher.id, referred: 1 });
    const att = await ok(s.call<{ content: { id: number }[] }>('GET', api('pusher_agent/pusher_attache'), { headers: principal.headers, query: { pusher_id: pusher.id } }));
    expect(att.content.map((r) => r.id)).toEqual([child.id]);
    const pg = await ok(s.call<{ content: { id: number; referred: number }[] }>('GET', api('pusher_agent/pusher_page'), { headers: principal.headers, query: { name: '推荐人甲' } }));
    expect(pg.content).toEqual([expect.objectContaining({ id: pusher.id, referred: 1 })]);
  });
});

describe('student/tags', () => {
  it("answers the tags of a page of students in one call, only those of the caller's campuses; bad ids name the field", async () => {
    const here = await addStudent(admin, { name: '标签本校生' });
    const there = await addStudent(admin, { school_id: gz, name: '标签广州生' });
    const tags = await s.db.selectFrom('sys_tag').select(['id', 'name', 'color']).orderBy('order_num').orderBy('id').limit(2).execute();
    expect(tags).toHaveLength(2);
    const at = '2026-01-01 10:00:00';
    const stamp = { created_at: at, updated_at: at, created_by: null, updated_by: null };
    await s.db
      .insertInto('sys_user_tag')
      .values([
        { stu_id: here.id, tag_id: tags[1].id, school_id: bj, ...stamp },
        { stu_id: here.id, tag_id: tags[0].id, school_id: bj, ...stamp },
        { stu_id: there.id, tag_id: tags[0].id, school_id: gz, ...stamp },
      ])
      .execute();
    const asked = { ids: `${here.id},${there.id}` };
    const mine = await ok(s.call<{ student_id: number; tag_id: number; name: string; color: string | null }[]>('GET', api('student/tags'), { headers: sales.headers, query: asked }));
    // the 广州 student is outside 课程顾问's campus: no tags, as if missing
    expect(mine).toEqual(tags.map((t) => ({ student_id: here.id, tag_id: t.id, name: t.name, color: t.color })));
    const all = await ok(s.call<{ student_id: number }[]>('GET', api('student/tags'), { headers: admin.headers, query: asked }));
    expect(all.map((t) => t.student_id).sort()).toEqual([here.id, here.id, there.id].sort());
    expect((await s.call('GET', api('student/tags'), { headers: sales.headers, query: { ids: '1,x' } })).body).toMatchObject({ code: 400, msg: '学员应为逗号分隔的 id，最多 200 个' });
    expect((await s.call('GET', api('student/tags'), { headers: sales.headers, query: { ids: Array.from({ length: 201 }, (_, i) => i + 1).join(',') } })).body.code).toBe(400);
    expect((await s.call('GET', api('student/tags'), { headers: sales.headers })).body).toMatchObject({ code: 400, msg: '请传入学员' });
  });
});

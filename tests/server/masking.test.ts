import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FULL_VALUE_PERM, MASK_RULES, maskText, maskedInputMessage, type MaskKind } from '../../src/contract/mask';
import { maskSql } from '../../server/lib/mask';
import { ADMIN, DEMO_PASSWORD, createTestServer, type LoggedIn, type TestServer } from './helpers';

/**
 * Masked personal data in the hand-written reads (users, a campus's staff, the check-in roster,
 * the absence list): masked for callers without FULL_VALUE_PERM, in full with it; the masked
 * phone sent back by the user dialog keeps the stored one. Declared columns are covered for every
 * declaration by declarations-contract.test.ts; here also the SQL form of the rule (the page
 * plan's database-rendered rows) against the TypeScript one, on this database.
 */

type Row = Record<string, unknown>;

let s: TestServer;
let admin: LoggedIn;
/** the demo principal with the code to see full values revoked (they hold 用户管理 and update_user) and 组织管理 added */
let principal: LoggedIn;
let teacher: LoggedIn;

const PHONE = /^1\d{2}\*{4}\d{4}$/;

beforeAll(async () => {
  s = await createTestServer();
  const role = await s.db.selectFrom('roles').select('id').where('code', '=', 'principal').executeTakeFirstOrThrow();
  const codes = await s.db.selectFrom('menus').select('id').where('code', '=', FULL_VALUE_PERM).execute();
  expect(codes.length).toBeGreaterThan(0);
  const held = await s.db.deleteFrom('role_menus').where('role_id', '=', role.id).where('menu_id', 'in', codes.map((c) => c.id)).executeTakeFirst();
  // the seed grants the code to the principal: revoking it is what this test relies on
  expect(Number(held.numDeletedRows)).toBeGreaterThan(0);
  // and may read 组织管理 (a campus's staff list, system/get_org_users)
  const orgScreen = await s.db.selectFrom('menus').select('id').where('code', '=', 'system_org').executeTakeFirstOrThrow();
  await s.db.insertInto('role_menus').values({ role_id: role.id, menu_id: orgScreen.id }).execute();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  teacher = await s.login('teacher', DEMO_PASSWORD);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('the mask rule', () => {
  it('keeps the head and tail of a phone or ID number and hides the rest, the same in SQL as in TypeScript', async () => {
    expect(maskText('phone', '13812341234')).toBe('138****1234');
    expect(maskText('id_card', '11010519491231002X')).toBe('1101**********002X');
    expect(maskText('phone', '1234567')).toBe('*******');
    expect(maskText('phone', '')).toBe('');
    expect(maskText('phone', null)).toBeNull();
    const samples = ['', '1', '12345', '1234567890', '13812341234', '010-12345678', '11010519491231002X', 'x'.repeat(300)];
    for (const kind of Object.keys(MASK_RULES) as MaskKind[]) {
      for (const value of samples) {
        const row = await sql<{ m: string | null }>`select ${maskSql('t.v', kind)} as m from (select cast(${value} as varchar(400)) as v) t`.execute(s.db);
        expect(row.rows[0].m, `${kind} ${value.length}`).toBe(maskText(kind, value));
      }
      const nul = await sql<{ m: string | null }>`select ${maskSql('t.v', kind)} as m from (select cast(null as varchar(20)) as v) t`.execute(s.db);
      expect(nul.rows[0].m).toBeNull();
    }
  });
});

describe('hand-written reads of phones', () => {
  it('the user list, a user, the user options and a campus staff list mask phones without the code', async () => {
    const page = await s.call<{ content: Row[] }>('GET', '/api/v1/system/find_user_page', { headers: principal.headers, query: { page: 1, rows: 100 } });
    expect(page.body.code).toBe(200);
    const phones = page.body.data.content.map((r) => r.phone).filter((p) => p);
    expect(phones.length).toBeGreaterThan(0);
    for (const p of phones) expect(p).toMatch(PHONE);
    const full = await s.call<{ content: Row[] }>('GET', '/api/v1/system/find_user_page', { headers: admin.headers, query: { page: 1, rows: 100 } });
    expect(full.body.data.content.some((r) => typeof r.phone === 'string' && /^1\d{10}$/.test(r.phone))).toBe(true);

    const someone = page.body.data.content.find((r) => r.phone && r.id !== principal.user.id) as Row;
    const one = await s.call<Row>('GET', '/api/v1/system/get_user', { headers: principal.headers, query: { id: Number(someone.id) } });
    expect(one.body.data.phone).toMatch(PHONE);
    const info = await s.call<Row>('GET', '/api/v1/sys_user/get_info', { headers: principal.headers, query: { id: Number(someone.id) } });
    expect(info.body.data.phone).toMatch(PHONE);
    // one's own phone stays whole
    const own = await s.call<Row>('GET', '/api/v1/sys_user/get_info', { headers: principal.headers });
    expect(own.body.data.phone).toMatch(/^1\d{10}$/);

    const options = await s.call<Row[]>('GET', '/api/v1/sys_user/get_user_options', { headers: principal.headers });
    expect(options.body.code).toBe(200);
    for (const o of options.body.data) if (o.phone) expect(o.phone).toMatch(PHONE);

    const school = await s.db.selectFrom('user_schools').select('school_id').where('user_id', '=', principal.user.id).orderBy('school_id').executeTakeFirstOrThrow();
    const staff = await s.call<{ content: Row[] }>('GET', '/api/v1/system/get_org_users', { headers: principal.headers, query: { id: school.school_id, page: 1, rows: 100 } });
    expect(staff.body.code).toBe(200);
    expect(staff.body.data.content.length).toBeGreaterThan(0);
    for (const r of staff.body.data.content) if (r.phone) expect(r.phone).toMatch(PHONE);
  });

  it('a user saved with the masked phone it was shown keeps the stored phone; another masked text is refused', async () => {
    const page = await s.call<{ content: Row[] }>('GET', '/api/v1/system/find_user_page', { headers: principal.headers, query: { page: 1, rows: 100 } });
    const target = page.body.data.content.find((r) => r.phone && r.id !== principal.user.id && r.login_id !== 'admin') as Row;
    const before = await s.db.selectFrom('users').select('phone').where('id', '=', Number(target.id)).executeTakeFirstOrThrow();
    const saved = await s.call<Row>('POST', '/api/v1/system/update_user', { headers: principal.headers, json: { id: target.id, name: target.name, phone: target.phone } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(saved.body.data.phone).toBe(target.phone);
    expect((await s.db.selectFrom('users').select('phone').where('id', '=', Number(target.id)).executeTakeFirstOrThrow()).phone).toBe(before.phone);

    const refused = await s.call('POST', '/api/v1/system/update_user', { headers: principal.headers, json: { id: target.id, phone: '139****0000' } });
    expect(refused.body).toMatchObject({ code: 400, msg: maskedInputMessage('手机号') });
    expect((await s.db.selectFrom('users').select('phone').where('id', '=', Number(target.id)).executeTakeFirstOrThrow()).phone).toBe(before.phone);

    const added = await s.call('POST', '/api/v1/system/add_user', { headers: admin.headers, json: { login_id: 'mask_new', password: 'Mask12345', name: '新用户', phone: '138****1234', roles: [2] } });
    expect(added.body).toMatchObject({ code: 400, msg: maskedInputMessage('手机号') });
  });

  it('the check-in roster and the absence list mask parents’ phones for a teacher', async () => {
    const teacherSchools = await s.db.selectFrom('user_schools').select('school_id').where('user_id', '=', teacher.user.id).execute();
    const lesson = await s.db
      .selectFrom('edu_class_schedule as sc')
      .innerJoin('edu_class_schedule_student as ss', 'ss.schedule_id', 'sc.id')
      .innerJoin('student as st', 'st.id', 'ss.student_id')
      .select(['sc.school_id', 'sc.lesson_date'])
      .where('sc.school_id', 'in', teacherSchools.map((r) => r.school_id))
      .where('st.parent_phone', 'is not', null)
      .orderBy('sc.id')
      .executeTakeFirstOrThrow();
    const roster = await s.call<{ students: Row[] }[]>('GET', '/api/v1/edu_check_in/today_roster', { headers: teacher.headers, query: { school_id: lesson.school_id, date: lesson.lesson_date } });
    expect(roster.body.code, roster.body.msg).toBe(200);
    const phones = roster.body.data.flatMap((l) => l.students.map((x) => x.parent_phone)).filter((p) => p);
    expect(phones.length).toBeGreaterThan(0);
    for (const p of phones) expect(p).toMatch(PHONE);
    const full = await s.call<{ students: Row[] }[]>('GET', '/api/v1/edu_check_in/today_roster', { headers: admin.headers, query: { school_id: lesson.school_id, date: lesson.lesson_date } });
    expect(full.body.data.flatMap((l) => l.students.map((x) => x.parent_phone)).filter((p) => p)[0]).toMatch(/^1\d{10}$/);

    const absence = await s.call<{ content: Row[] }>('POST', '/api/v1/edu_class_schedule_student/absenceList', { headers: teacher.headers, form: { page: 1, rows: 100 } });
    expect(absence.body.code, absence.body.msg).toBe(200);
    const absent = absence.body.data.content.map((r) => r.parent_phone).filter((p) => p);
    expect(absent.length).toBeGreaterThan(0);
    for (const p of absent) expect(p).toMatch(PHONE);
  });
});

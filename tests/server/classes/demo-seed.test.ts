import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers';
import { CHECK_IN_OPENS_MINUTES, type RosterSession } from '../../../src/contract/classes';
import { nowText, todayText } from '../../../server/lib/time';
import { ledgerViolations } from '../../../server/modules/orders';
import '../../../server/modules/classes/schema';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe('classes demo seed', () => {
  it('gives every campus classes, lessons for this and next month, enrolments and past check-ins', async () => {
    const schools = await server.db.selectFrom('organisations').select('id').where('kind', '=', 'school').execute();
    for (const s of schools) {
      const classes = await server.db.selectFrom('base_class_manage').select('id').where('school_id', '=', s.id).execute();
      expect(classes.length).toBeGreaterThanOrEqual(3);
    }
    const today = todayText();
    const next = await server.db.selectFrom('edu_class_schedule').select('id').where('lesson_date', '>', today).limit(1).execute();
    expect(next).toHaveLength(1);
    const past = await server.db.selectFrom('edu_class_schedule').select(['id', 'state']).where('lesson_date', '<', today).execute();
    const checkIns = await server.db.selectFrom('edu_check_in').select('id').execute();
    if (past.length > 0) {
      expect(checkIns.length).toBeGreaterThan(0);
      expect(past.every((p) => p.state === 2)).toBe(true);
    }
    // the classes demo's balances agree with the check-ins that consumed hours; balances the orders
    // demo moved since (an order bought, refunded, converted, forfeited) are the ledger's to explain
    const bal = await server.db
      .selectFrom('student_class_type as b')
      .selectAll('b')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('order_contract_line as l').select('l.id').whereRef('l.student_id', '=', 'b.student_id').whereRef('l.class_type_id', '=', 'b.class_type_id').where('l.source', '<>', 'opening'))))
      .orderBy('b.id')
      .limit(20)
      .execute();
    expect(bal).toHaveLength(20);
    expect(await ledgerViolations(server.db)).toEqual([]);
    for (const b of bal) {
      const used = await server.db.selectFrom('edu_check_in').select('hours').where('student_id', '=', b.student_id).where('state', '=', 1).execute();
      expect(Number(b.total_hours) - Number(b.remaining_hours)).toBeCloseTo(used.reduce((n, r) => n + Number(r.hours), 0), 5);
    }
  });

  it("gives the front desk a roster of at least 20 students today and lets them check one in", async () => {
    const desk = await server.login('front_desk', DEMO_PASSWORD);
    const school = await server.db.selectFrom('organisations').select('id').where('code', '=', 'GZ-TH').executeTakeFirstOrThrow();
    const res = await server.call<RosterSession[]>('GET', '/api/v1/edu_check_in/today_roster', { headers: desk.headers, query: { school_id: school.id } });
    expect(res.body.code).toBe(200);
    const students = res.body.data.flatMap((s) => s.students.map((st) => ({ ...st, schedule_id: s.schedule_id })));
    const holiday = await server.db.selectFrom('base_holiday_set').select('id').where('start_date', '<=', todayText()).where('end_date', '>=', todayText()).executeTakeFirst();
    if (holiday) return; // no lessons on a holiday
    expect(students.length).toBeGreaterThanOrEqual(20);
    // roll call opens 30 minutes before a lesson: mark a student of a lesson open now, or, before
    // the day's first lesson opens, see the first one refused with the rule
    const opensAt = (s: RosterSession) => nowText(Date.parse(`${s.lesson_date}T${s.start_time}:00+08:00`) - CHECK_IN_OPENS_MINUTES * 60_000);
    const open = new Set(res.body.data.filter((s) => opensAt(s) <= nowText()).map((s) => s.schedule_id));
    const first = students.find((s) => open.has(s.schedule_id) && s.mark === null) ?? students.find((s) => open.has(s.schedule_id)) ?? students[0];
    const done = await server.call<{ remaining_hours: number }>('POST', '/api/v1/check_in', { headers: desk.headers, query: { c: 'zh' }, json: { schedule_id: first.schedule_id, student_id: first.student_id, mark: 'present' } });
    if (open.size > 0) expect(done.body.code).toBe(200);
    else expect(done.body).toMatchObject({ code: 409, msg: expect.stringContaining(`开课前${CHECK_IN_OPENS_MINUTES}分钟内才能点名`) });
  });

  it('grants the menus to the roles that need them', async () => {
    const teacher = await server.login('teacher', DEMO_PASSWORD);
    const codes = await server.db
      .selectFrom('role_menus')
      .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
      .innerJoin('roles', 'roles.id', 'role_menus.role_id')
      .select(['roles.code as role', 'menus.code'])
      .where('menus.type', '=', 2)
      .execute();
    const has = (role: string, code: string) => codes.some((c) => c.role === role && c.code === code);
    expect(has('front_desk', 'edu_check_in_add')).toBe(true);
    expect(has('teacher', 'edu_check_in_add')).toBe(true);
    expect(has('principal', 'edu_class_schedule_arrange')).toBe(true);
    expect(has('teacher', 'edu_class_schedule_arrange')).toBe(false);
    expect(has('finance', 'wf_clock_in_punch')).toBe(true);
    expect(teacher.user).toBeTruthy();
  });
});

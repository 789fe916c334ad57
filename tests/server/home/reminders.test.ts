import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import type { Principal } from '../../../server/lib/context';
import { loadAccess } from '../../../server/lib/principal';
import { todayText } from '../../../server/lib/time';
import { ageOn, birthdayWindow } from '../../../server/modules/home/birthday-window';
import { birthdayRows, collectRows, visitRows } from '../../../server/modules/home/reminders';
import { calendarMonth } from '../../../server/modules/home/calendar';
import type { BirthdayRow, CalendarMonth, CollectRow, ReminderBadge, RenewRow, Shortcut, TodoRow, VisitRow } from '../../../src/contract/home';
import '../../../server/modules/home/shortcuts';

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let teacher: LoggedIn;
let frontDesk: LoggedIn;
let telemarketer: LoggedIn;
type Page<T> = { content: T[]; totalSize: number };

async function principalOf(who: LoggedIn): Promise<Principal> {
  return { ...(await loadAccess(s.db, who.user.id)), userId: who.user.id, loginId: who.user.login_id, domain: who.user.domain, name: who.user.name, tokenHash: '', mustChangePassword: false };
}

async function data<T>(who: LoggedIn, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const r = await s.call<T>('GET', `/api/v1/${path}`, { headers: who.headers, query });
  expect(r.body.msg).toBe('成功');
  return r.body.data;
}

async function schoolId(name: string): Promise<number> {
  return (await s.db.selectFrom('organisations').select('id').where('name', 'like', `%${name}%`).where('kind', '=', 'school').executeTakeFirstOrThrow()).id;
}

/** A studying student of a campus, given a date of birth. */
async function bornOn(school: number, birthday: string, nth = 0): Promise<number> {
  const st = await s.db.selectFrom('student').select('id').where('school_id', '=', school).where('del_flag', '=', 0).where('state', '=', 1).orderBy('id', 'desc').offset(nth).limit(1).executeTakeFirstOrThrow();
  await s.db.updateTable('student').set({ birthday }).where('id', '=', st.id).execute();
  return st.id;
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  teacher = await s.login('teacher', DEMO_PASSWORD);
  frontDesk = await s.login('front_desk', DEMO_PASSWORD);
  telemarketer = await s.login('telemarketer', DEMO_PASSWORD);
}, 600_000);
afterAll(async () => s?.close());

describe('birthday window (calendar arithmetic, no clock)', () => {
  it('runs over a month end, a year end and 29 February', () => {
    expect(birthdayWindow('2026-01-28', 7).map((d) => d.date)).toEqual(['2026-01-28', '2026-01-29', '2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02', '2026-02-03', '2026-02-04']);
    const yearEnd = birthdayWindow('2026-12-29', 7);
    expect(yearEnd.at(-1)).toEqual({ date: '2027-01-05', offset: 7, monthDays: ['01-05'] });
    expect(yearEnd.find((d) => d.date === '2027-01-01')?.monthDays).toEqual(['01-01']);
    // 2027 has no 29 February: wished on the 28th; 2028 has it
    expect(birthdayWindow('2027-02-28', 0)[0].monthDays).toEqual(['02-28', '02-29']);
    expect(birthdayWindow('2028-02-28', 1).map((d) => d.monthDays)).toEqual([['02-28'], ['02-29']]);
    expect(ageOn('2016-01-02', '2027-01-02')).toBe(11);
  });
});

describe('backlog_remind', () => {
  it('badge: the principal sees every tab with rows, the teacher no money and no renewals', async () => {
    const p = await data<ReminderBadge>(principal, 'backlog_remind/badge');
    expect(p.tabs).toEqual(['birthday', 'collect', 'renew', 'todo']);
    expect(p.counts.birthday).toBeGreaterThan(0);
    expect(p.counts.collect).toBeGreaterThan(0);
    expect(p.total).toBe(p.counts.birthday + p.counts.collect + p.counts.renew + p.counts.todo);
    const t = await data<ReminderBadge>(teacher, 'backlog_remind/badge');
    expect(t.tabs).not.toContain('collect');
    expect(t.tabs).not.toContain('renew');
    expect(t.tabs).toContain('birthday');
    expect(t.counts.birthday).toBeGreaterThan(0);
    expect(t.counts.collect).toBe(0);
    // a tab the caller may not see answers no rows (its data is not read at all)
    expect(await data<Page<CollectRow>>(teacher, 'backlog_remind/collect')).toEqual({ content: [], totalSize: 0 });
    expect(await data<Page<RenewRow>>(teacher, 'backlog_remind/renew')).toEqual({ content: [], totalSize: 0 });
    expect((await s.call('GET', '/api/v1/backlog_remind/badge')).status).toBe(401);
  });

  it('birthday: paged, masked phones, links to the student list; every row in the caller\'s campuses', async () => {
    const page = await data<Page<BirthdayRow>>(principal, 'backlog_remind/birthday', { page: 1, rows: 2 });
    expect(page.totalSize).toBeGreaterThan(2);
    expect(page.content).toHaveLength(2);
    const all = await data<Page<BirthdayRow>>(principal, 'backlog_remind/birthday', { rows: 500 });
    const scope = new Set((await principalOf(principal)).schoolIds);
    for (const r of all.content) {
      expect(scope.has(r.school_id)).toBe(true);
      expect(r.days_left).toBeGreaterThanOrEqual(0);
      expect(r.days_left).toBeLessThanOrEqual(7);
      expect(r.age).toBe(Number(r.birthday_date.slice(0, 4)) - Number(r.birthday.slice(0, 4)));
      expect(r.link).toMatch(/^\//);
    }
    // the principal may see phones in full, a teacher sees them masked
    const masked = await data<Page<BirthdayRow>>(teacher, 'backlog_remind/birthday', { rows: 500 });
    expect(masked.content.filter((r) => r.phone).length).toBeGreaterThan(0);
    for (const r of masked.content) if (r.phone) expect(r.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const bad = await s.call('GET', '/api/v1/backlog_remind/birthday', { headers: principal.headers, query: { rows: 'x' } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/每页行数/);
  });

  it('birthday: another campus\'s student never appears; the window follows the Shanghai day at midnight', async () => {
    const gz = await schoolId('天河');
    const bj = (await principalOf(principal)).schoolIds[0];
    // 2026-01-31 16:00 UTC is 2026-02-01 00:00 in Shanghai: the first of February is "today"
    const today = todayText(Date.UTC(2026, 0, 31, 16, 0, 0));
    expect(today).toBe('2026-02-01');
    const gzStudent = await bornOn(gz, '2015-02-01');
    const bjToday = await bornOn(bj, '2014-02-01');
    const bjYesterday = await bornOn(bj, '2013-01-31', 1);
    const pr = await birthdayRows(s.db, await principalOf(principal), today);
    expect(pr.map((r) => r.student_id)).toContain(bjToday);
    expect(pr.find((r) => r.student_id === bjToday)).toMatchObject({ days_left: 0, age: 12, birthday_date: '2026-02-01' });
    expect(pr.map((r) => r.student_id)).not.toContain(gzStudent);
    expect(pr.map((r) => r.student_id)).not.toContain(bjYesterday);
    const fd = await birthdayRows(s.db, await principalOf(frontDesk), today);
    expect(fd.map((r) => r.student_id)).toContain(gzStudent);
    expect(fd.map((r) => r.student_id)).not.toContain(bjToday);
    // a window over the year's end: 2026-12-30 reaches 2027-01-06
    const newYear = await bornOn(bj, '2016-01-03', 2);
    const dec = await birthdayRows(s.db, await principalOf(principal), '2026-12-30');
    expect(dec.find((r) => r.student_id === newYear)).toMatchObject({ birthday_date: '2027-01-03', days_left: 4, age: 11 });
    // the admin (all campuses) sees both
    const ad = await birthdayRows(s.db, await principalOf(admin), today);
    expect(ad.map((r) => r.student_id)).toEqual(expect.arrayContaining([gzStudent, bjToday]));
  });

  it('collect: overdue and coming installments and unpaid balances in fen, of the caller\'s campuses', async () => {
    const rows = await data<Page<CollectRow>>(principal, 'backlog_remind/collect', { rows: 500 });
    expect(rows.content.length).toBeGreaterThan(0);
    for (const r of rows.content) {
      expect(Number.isInteger(r.amount)).toBe(true);
      expect(r.amount).toBeGreaterThan(0);
      expect(r.note).toMatch(/¥[\d,]+\.\d{2}/);
    }
    expect(rows.content.some((r) => r.overdue)).toBe(true);
    const fixed = await collectRows(s.db, await principalOf(frontDesk), todayText());
    const fdSchools = new Set((await principalOf(frontDesk)).schoolIds);
    const names = await s.db.selectFrom('organisations').select(['id', 'name']).execute();
    for (const r of fixed) expect(fdSchools.has(names.find((n) => n.name === r.school_name)?.id ?? -1)).toBe(true);
  });

  it('renew: low or expiring hours of the caller\'s campuses', async () => {
    const rows = await data<Page<RenewRow>>(admin, 'backlog_remind/renew', { rows: 500 });
    for (const r of rows.content) expect(r.remaining_hours <= 4 || r.expires_on !== null).toBe(true);
  });

  it('visit: a telemarketer sees the due follow-ups of their own leads only', async () => {
    const mine = await data<Page<VisitRow>>(telemarketer, 'backlog_remind/visit');
    expect(mine.totalSize).toBeGreaterThan(0);
    const me = telemarketer.user.id;
    const ids = mine.content.map((r) => r.lead_id);
    const leads = await s.db.selectFrom('mkt_resource').select(['id', 'tmk_id', 'seller_id']).where('id', 'in', ids).execute();
    for (const l of leads) expect(l.tmk_id === me || l.seller_id === me).toBe(true);
    // someone else's lead due today stays out
    const other = await s.db
      .selectFrom('mkt_resource')
      .select('id')
      .where(sql<boolean>`coalesce(tmk_id, 0) <> ${me} and coalesce(seller_id, 0) <> ${me}`)
      .where('del_flag', '=', 0)
      .where('pool', 'in', [2, 3])
      .executeTakeFirstOrThrow();
    const today = todayText();
    await s.db.updateTable('mkt_resource').set({ next_follow_at: `${today} 09:00:00` }).where('id', '=', other.id).execute();
    const again = await visitRows(s.db, await principalOf(telemarketer), today);
    expect(again.map((r) => r.lead_id)).not.toContain(other.id);
    expect(again.every((r) => r.next_follow_at <= `${today} 23:59:59`)).toBe(true);
    // a teacher holds no lead screen
    expect(await data<Page<VisitRow>>(teacher, 'backlog_remind/visit')).toEqual({ content: [], totalSize: 0 });
  });

  it('todo: workflow tasks awaiting the caller and due follow-ups', async () => {
    const rows = await data<Page<TodoRow>>(principal, 'backlog_remind/todo', { rows: 100 });
    expect(rows.content.length).toBeGreaterThan(0);
    for (const r of rows.content) expect(r.link).toMatch(/^\//);
    const tm = await data<Page<TodoRow>>(telemarketer, 'backlog_remind/todo', { rows: 100 });
    expect(tm.content.some((r) => r.kind === 'visit')).toBe(true);
  });
});

describe('calendar and shortcuts', () => {
  it('calendar: a teacher\'s month shows the lessons they teach only', async () => {
    const lesson = await s.db.selectFrom('edu_class_schedule').select(['lesson_date', 'teacher_id']).where('teacher_id', '=', teacher.user.id).orderBy('lesson_date').executeTakeFirst();
    expect(lesson).toBeDefined();
    const month = lesson!.lesson_date.slice(0, 7);
    const cal = await data<CalendarMonth>(teacher, 'home_calendar/month', { month });
    const lessons = cal.items.filter((i) => i.kind === 'lesson');
    expect(lessons.length).toBeGreaterThan(0);
    const own = await s.db.selectFrom('edu_class_schedule').select('id').where('teacher_id', '=', teacher.user.id).where('lesson_date', 'like', `${month}%`).execute();
    expect(lessons).toHaveLength(own.length);
    const direct = await calendarMonth(s.db, await principalOf(teacher), month);
    expect(direct.items.filter((i) => i.kind === 'lesson')).toHaveLength(own.length);
    const bad = await s.call('GET', '/api/v1/home_calendar/month', { headers: teacher.headers, query: { month: '2026-13' } });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toMatch(/月份/);
  });

  it('shortcuts: learned from openings per user, pinned first, only screens still held', async () => {
    const sidebar = await s.db.selectFrom('menus').select(['url', 'code']).where('code', '=', 'students_student').executeTakeFirstOrThrow();
    const path = sidebar.url!;
    const open = (who: LoggedIn, p: string) => s.call<{ recorded: boolean }>('POST', '/api/v1/home_shortcut/open', { headers: who.headers, json: { path: p } });
    expect((await open(teacher, path)).body.data.recorded).toBe(true);
    await open(teacher, path);
    const list = await data<Shortcut[]>(teacher, 'home_shortcut/list');
    expect(list[0]).toMatchObject({ path, open_count: 2, pinned: false });
    // another user's shortcuts are their own
    expect((await data<Shortcut[]>(principal, 'home_shortcut/list')).find((x) => x.path === path)).toBeUndefined();
    // a screen the teacher does not hold is not recorded and cannot be pinned
    const orders = await s.db.selectFrom('menus').select('url').where('code', '=', 'orders_all').executeTakeFirstOrThrow();
    expect((await open(teacher, orders.url!)).body.data.recorded).toBe(false);
    expect((await s.call('POST', '/api/v1/home_shortcut/pin', { headers: teacher.headers, json: { path: orders.url, pinned: true } })).body.code).toBe(404);
    const timetable = await s.db.selectFrom('menus').select('url').where('code', '=', 'educational_timetable').executeTakeFirstOrThrow();
    const pinned = await s.call<Shortcut[]>('POST', '/api/v1/home_shortcut/pin', { headers: teacher.headers, json: { path: timetable.url, pinned: true } });
    expect(pinned.body.data[0]).toMatchObject({ path: timetable.url, pinned: true });
    expect((await s.call('POST', '/api/v1/home_shortcut/open', { headers: teacher.headers, json: { path: 'javascript:x' } })).body.code).toBe(400);
  });
});

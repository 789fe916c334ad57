import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, type LoggedIn, type TestServer } from './helpers';
import { addDays, nowText, todayText } from '../../server/lib/time';
import { dateRangeOf } from '../../src/lib/format/dateRange';
import { FLOW_KINDS } from '../../src/contract/resources/finance-flows';

/**
 * A new user opens every administration screen of the demo and finds believable rows, not an
 * empty table: the page call each of these screens makes answers rows for the administrator.
 */
const SCREENS: readonly [string, string, Record<string, string>?][] = [
  ['员工档案', 'base_user_detail/page'],
  ['机构管理', 'base_organ/page'],
  ['分公司', 'base_sub_company/page'],
  ['行政区划', 'base_district/page'],
  ['区域管理', 'system/find_area_page'],
  ['区域模板', 'system/find_area_template_page'],
  ['区域模板明细', 'system/find_area_template_detail_page'],
  ['用户模板', 'system/find_user_template_page'],
  ['用户模板明细', 'system/find_user_template_detail_page'],
  ['域管理', 'system/find_domain_page'],
  ['应用功能', 'sys_app/find_app_fun_page'],
  ['数据权限', 'system/find_data_permission_page'],
  ['数据权限明细', 'system/find_data_permission_detail_page'],
  ['调休日', 'base_swap_day/page'],
  ['老师请假', 'edu_tea_leave_management/page'],
  ['请假与补课', 'edu_stu_leave/page'],
  ['表格列设置', 'system/find_table_col_userpage'],
  ['用户反馈', 'base_feedback/page'],
  ['我的导出', 'excel_export_status/page'],
  ['操作日志', 'logger/search'],
];

let server: TestServer;
let admin: LoggedIn;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login(ADMIN.login, ADMIN.password);
});

afterAll(async () => {
  await server?.close();
});

describe('demo data on every administration screen', () => {
  it('each screen’s page call answers rows for the administrator', async () => {
    const empty: string[] = [];
    for (const [title, path, query] of SCREENS) {
      const r = await server.call<{ content: Record<string, unknown>[]; totalSize: number }>('GET', `/api/v1/${path}`, { headers: admin.headers, query: { page: 1, rows: 20, ...query } });
      if (r.body.code !== 200 || !(r.body.data.totalSize > 0) || r.body.data.content.length === 0) empty.push(`${title} (${path}): ${r.body.code} ${r.body.msg} ${r.body.data?.totalSize ?? ''}`);
    }
    expect(empty).toEqual([]);
  });

  it('操作日志 shows the demo users’ sign-ins and writes of the last days, naming real rows, none in the future', async () => {
    type Entry = { at: string; user_name: string; title: string; call: string; record_ids: string | null; changes: string };
    const search = async (query: Record<string, string>) =>
      (await server.call<{ content: Entry[] }>('GET', '/api/v1/logger/search', { headers: admin.headers, query: { page: 1, rows: 100, ...query } })).body.data.content;
    const desk = await search({ user_name: '孙丽' });
    const checkIns = desk.filter((e) => e.call === 'check_in');
    const recent = await server.db.selectFrom('edu_check_in').select('id').where('checked_at', '>=', `${nowText(Date.now() - 2 * 86_400_000).slice(0, 10)} 00:00:00`).where('checked_at', '<=', nowText()).limit(1).executeTakeFirst();
    // (no check-ins in the last days only when they were all holidays)
    if (recent) {
      expect(checkIns.length).toBeGreaterThan(0);
      expect(desk.some((e) => e.title === '登录' && e.call === 'sso/login')).toBe(true);
      for (const e of checkIns) {
        const id = Number(e.record_ids?.replace(/,/g, ''));
        const row = await server.db.selectFrom('edu_check_in').select(['student_id', 'checked_at']).where('id', '=', id).executeTakeFirstOrThrow();
        expect(JSON.parse(e.changes)[0].after).toMatchObject({ student_id: row.student_id, checked_at: row.checked_at });
      }
    }
    const all = await search({});
    expect(new Set(all.map((e) => e.user_name)).size).toBeGreaterThanOrEqual(3);
    expect(all.every((e) => e.at <= nowText())).toBe(true);
    expect(all.some((e) => e.title === '编辑班级' && e.user_name === '李秀英')).toBe(true);
  });

  // CI once ran just after midnight on the first of a month: the screens opening on the current
  // month found no lesson of it past yet, and no flow or reconciled day of it
  it('the screens whose search opens on a date range still have rows on the first of a month', async () => {
    const teacher = await server.login('teacher', 'demo123');
    const today = todayText();
    // on the first, the month's absences are the leaves asked ahead for the coming days
    const coming = { date_start: addDays(today, 1), date_end: addDays(today, 7) };
    for (const who of [admin, teacher]) {
      const absences = await server.call<{ totalSize: number }>('POST', '/api/v1/edu_class_schedule_student/absenceList', { headers: who.headers, form: { page: 1, rows: 20, ...coming } });
      expect(absences.body.data.totalSize, `缺勤记录 of ${who.user.login_id}`).toBeGreaterThan(0);
      const checkIns = await server.call<{ totalSize: number }>('GET', '/api/v1/edu_check_in/page', { headers: who.headers, query: { page: 1, rows: 20, state: 1, lesson_date_start: coming.date_start, lesson_date_end: coming.date_end } });
      expect(checkIns.body.data.totalSize, `考勤记录 of ${who.user.login_id}`).toBeGreaterThan(0);
    }
    // the flows and reconciled days open on the latest two months: at least the 28 days before
    // today, whichever day of the month it is
    const [start, end] = dateRangeOf('latestTwoMonths');
    expect(start <= addDays(today, -28) && end === today).toBe(true);
    for (const { name, title } of FLOW_KINDS) {
      const flows = await server.call<{ totalSize: number }>('GET', `/api/v1/${name}/page`, { headers: admin.headers, query: { page: 1, rows: 20, pay_time_start: `${start} 00:00:00`, pay_time_end: `${end} 23:59:59` } });
      expect(flows.body.data.totalSize, title).toBeGreaterThan(0);
    }
    const days = await server.call<{ totalSize: number }>('GET', '/api/v1/fin_reconciliations/page', { headers: admin.headers, query: { page: 1, rows: 20, recon_date_start: start, recon_date_end: end } });
    expect(days.body.data.totalSize, '对账日').toBeGreaterThan(0);
  });

  it('员工档案 has a file for every member of staff, with their name', async () => {
    const users = await server.db.selectFrom('users').select('id').where('del_flag', '=', 0).execute();
    const r = await server.call<{ content: { user_name: string | null; entry_date: string | null }[]; totalSize: number }>('GET', '/api/v1/base_user_detail/page', { headers: admin.headers, query: { page: 1, rows: 100 } });
    expect(r.body.data.totalSize).toBe(users.length);
    expect(r.body.data.content.every((f) => /[\u4e00-\u9fa5]/.test(f.user_name ?? '') && /^\d{4}-\d{2}-\d{2}$/.test(f.entry_date ?? ''))).toBe(true);
  });
});

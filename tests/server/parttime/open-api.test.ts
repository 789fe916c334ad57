import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from '../helpers';
import { listRoutes } from '../../../server/routes-list';
import { bearerOf } from '../../../src/contract/session';
import { DEVICE_TOKEN_HEADER } from '../../../src/contract/device';

/**
 * The part-time acquirers' open API (/api/openapi/erp/..., server/modules/parttime): its own
 * authentication (the staff session; nothing public, no device credential), operation codes and
 * screens, campus scope, every call's answer and Chinese messages on bad input. SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */

type Row = Record<string, unknown> & { id: number };
interface Page<T> {
  content: T[];
  totalSize: number;
}

let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
let teacher: Record<string, string>;
let chaoyang: number;
let pudong: number;

const api = (p: string) => `/api/openapi/erp/${p}`;
const orgId = async (code: string) => (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const COLUMNS = JSON.stringify([
  { prop: 'name', label: '姓名', width: 12 },
  { prop: 'collected', label: '采集数', width: 10 },
]);

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
  chaoyang = await orgId('BJ-CY');
  pudong = await orgId('SH-PD');
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('authentication of the open API', () => {
  it('refuses every call without a session, with a forged one, and with a device credential, with 401 and a Chinese message', async () => {
    const routes = listRoutes(s.app).filter((l) => l.includes(' /api/openapi/'));
    expect(routes.length).toBe(18);
    const forged = { token: 'x'.repeat(40), Authorization: bearerOf('admin', 'x'.repeat(40), 'default') };
    const mismatched = { token: admin.token, Authorization: bearerOf('principal', admin.token, 'default') };
    const variants: Record<string, string>[] = [{}, forged, mismatched, { [DEVICE_TOKEN_HEADER]: 'abc' }];
    for (const line of routes) {
      const [method, path] = line.split(' ');
      for (const headers of variants) {
        const r = await s.call(method, path, { headers, json: method === 'POST' ? {} : undefined });
        expect(r.status, `${line} ${JSON.stringify(headers).slice(0, 30)}`).toBe(401);
        expect(r.body.msg).toBe('未授权，请登录');
      }
    }
  });

  it('refuses reads to a role without the screens (403) and writes without the operation code', async () => {
    const read = await s.call('GET', api('part_time_user/page'), { headers: teacher });
    expect(read.body.code).toBe(403);
    expect(read.body.msg).toMatch(/没有查看权限/);
    const write = await s.call('POST', api('part_time_user/add'), { headers: teacher, json: { school_id: chaoyang, name: '某某', phone: '13900000001' } });
    expect(write.body.code).toBe(403);
    expect(write.body.msg).toMatch(/没有操作权限/);
    expect(await s.db.selectFrom('pt_part_time_user').select('id').where('phone', '=', '13900000001').executeTakeFirst()).toBeUndefined();
  });
});

describe('part-time users', () => {
  let id: number;

  it('adds, pages, shows, updates and logs an acquirer of the caller’s campus', async () => {
    const add = await s.call<{ id: number }>('POST', api('part_time_user/add'), { headers: principal, json: { school_id: chaoyang, name: '测试兼职', phone: '13912345678', monthly_target: 20 } });
    expect(add.body).toMatchObject({ code: 200 });
    id = add.body.data.id;
    const page = await s.call<Page<Row>>('GET', api('part_time_user/page'), { headers: principal, query: { name: '测试兼职', page: 1, rows: 10 } });
    expect(page.body.data.totalSize).toBe(1);
    expect(page.body.data.content[0]).toMatchObject({ id, school_id: chaoyang, state: 1, monthly_target: 20 });
    const upd = await s.call('POST', api('part_time_user/update'), { headers: principal, json: { id, school_id: chaoyang, name: '测试兼职二', phone: page.body.data.content[0].phone, monthly_target: 25 } });
    expect(upd.body.code).toBe(200);
    const stored = await s.db.selectFrom('pt_part_time_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // the phone the list showed, sent back unchanged, keeps the stored one
    expect(stored).toMatchObject({ name: '测试兼职二', phone: '13912345678', monthly_target: 25 });
    const info = await s.call<Row & { kpi: Row }>('GET', api('part_time_user/info'), { headers: principal, query: { id } });
    expect(info.body.data).toMatchObject({ id, name: '测试兼职二', kpi: { id, monthly_target: 25, collected: 0, completion: '0.0%' } });
    const log = await s.call<Page<Row>>('GET', api('part_time_user/logPage'), { headers: principal, query: { part_time_user_id: id } });
    expect(log.body.data.content.map((r) => r.action)).toEqual(['修改', '新增']);
  });

  it('refuses a duplicate phone, a bad phone and a missing name with Chinese messages, writing nothing', async () => {
    const before = await s.db.selectFrom('pt_part_time_user').select('id').execute();
    const dup = await s.call('POST', api('part_time_user/add'), { headers: principal, json: { school_id: chaoyang, name: '重复', phone: '13912345678' } });
    expect(dup.body).toMatchObject({ code: 409, msg: '该手机号已登记为兼职人员' });
    const bad = await s.call('POST', api('part_time_user/add'), { headers: principal, json: { school_id: chaoyang, name: '', phone: '123' } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/姓名|手机号/);
    const month = await s.call('GET', api('part_time_user/kpiPage'), { headers: principal, query: { month: '2024-13' } });
    expect(month.body).toMatchObject({ code: 400 });
    expect(month.body.msg).toMatch(/月份格式应为 YYYY-MM/);
    expect((await s.db.selectFrom('pt_part_time_user').select('id').execute()).length).toBe(before.length);
  });

  it('keeps another campus out of reach: adding there, reading and writing its rows answer as missing', async () => {
    const there = await s.call('POST', api('part_time_user/add'), { headers: principal, json: { school_id: pudong, name: '外校', phone: '13912340000' } });
    expect(there.body).toMatchObject({ code: 404, msg: '校区不存在或无权访问' });
    const other = await s.db.selectFrom('pt_part_time_user').select('id').where('school_id', '=', pudong).executeTakeFirstOrThrow();
    expect((await s.call('GET', api('part_time_user/info'), { headers: principal, query: { id: other.id } })).body.code).toBe(404);
    expect((await s.call('POST', api('part_time_user/updateTarget'), { headers: principal, json: { ids: [other.id], target: 9 } })).body.code).toBe(404);
    expect((await s.call('POST', api('part_time_user/updateState'), { headers: principal, json: { ids: [other.id], state: 2 } })).body.code).toBe(404);
    expect((await s.call('POST', api('part_time_user/delete'), { headers: principal, json: [{ id: other.id }] })).body.code).toBe(404);
    const page = await s.call<Page<Row>>('GET', api('part_time_user/page'), { headers: principal, query: { rows: 100 } });
    expect(page.body.data.content.some((r) => r.school_id === pudong)).toBe(false);
    expect(page.body.data.totalSize).toBeGreaterThan(0);
    const all = await s.call<Page<Row>>('GET', api('part_time_user/page'), { headers: admin, query: { school_id: pudong } });
    expect(all.body.data.totalSize).toBe(3);
  });

  it('changes target and state, turns an acquirer into a seller of the same campus, and deletes', async () => {
    expect((await s.call('POST', api('part_time_user/updateTarget'), { headers: principal, json: { ids: [id], target: 40 } })).body).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await s.call('POST', api('part_time_user/updateState'), { headers: principal, json: { ids: [id], state: 2 } })).body.code).toBe(200);
    const badState = await s.call('POST', api('part_time_user/updateState'), { headers: principal, json: { ids: [id], state: 3 } });
    expect(badState.body).toMatchObject({ code: 400 });
    const seller = await s.db
      .selectFrom('user_schools as us')
      .innerJoin('users as u', 'u.id', 'us.user_id')
      .select('u.id')
      .where('us.school_id', '=', chaoyang)
      .where('u.login_id', '=', 'sales')
      .executeTakeFirstOrThrow();
    const elsewhere = await s.db.selectFrom('users').select('id').where('login_id', '=', 'teacher').executeTakeFirstOrThrow();
    expect((await s.call('POST', api('part_time_user/toSeller'), { headers: principal, json: { id, user_id: elsewhere.id } })).body).toMatchObject({ code: 404, msg: '销售账号不存在或无权访问' });
    const to = await s.call('POST', api('part_time_user/toSeller'), { headers: principal, json: { id, user_id: seller.id } });
    expect(to.body).toMatchObject({ code: 200, data: { id, seller_user_id: seller.id } });
    expect((await s.call('POST', api('part_time_user/toSeller'), { headers: principal, json: { id, user_id: seller.id } })).body).toMatchObject({ code: 409, msg: '该兼职人员已转为销售' });
    expect(await s.db.selectFrom('pt_part_time_user').select(['state', 'monthly_target']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ state: 3, monthly_target: 40 });
    const log = await s.call<Page<Row>>('GET', api('part_time_user/logPage'), { headers: principal, query: { part_time_user_id: id } });
    expect(log.body.data.content[0]).toMatchObject({ action: '转为销售' });
    expect((await s.call('POST', api('part_time_user/delete'), { headers: principal, json: [{ id }] })).body).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await s.call('GET', api('part_time_user/info'), { headers: principal, query: { id } })).body.code).toBe(404);
  });

  it('answers the month’s figures per acquirer and exports them through the export task', async () => {
    const kpi = await s.call<Page<Row>>('GET', api('part_time_user/kpiPage'), { headers: principal, query: { school_id: chaoyang, rows: 50 } });
    expect(kpi.body.code).toBe(200);
    const actives = kpi.body.data.content.filter((r) => r.state === 1);
    expect(actives.length).toBeGreaterThan(0);
    for (const r of kpi.body.data.content) {
      const collected = await s.db
        .selectFrom('pt_acquirer_student')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('part_time_user_id', '=', r.id)
        .where('collected_at', 'like', `${String(r.month)}-%`)
        .executeTakeFirstOrThrow();
      expect(r.collected).toBe(Number(collected.n));
    }
    const noColumns = await s.call('GET', api('part_time_user/kpiExport'), { headers: principal });
    expect(noColumns.body).toMatchObject({ code: 400, msg: '请选择导出列（__columns__）' });
    const exp = await s.call<{ file_id: number }>('GET', api('part_time_user/kpiExport'), { headers: principal, query: { __columns__: COLUMNS, __name__: '兼职业绩' } });
    expect(exp.body.code).toBe(200);
    expect(typeof exp.body.data.file_id).toBe('number');
  });
});

describe('acquirer students', () => {
  it('pages the caller’s campuses only, with masked phones for a caller without the full-phone code', async () => {
    const page = await s.call<Page<Row>>('GET', api('acquirer_student/page'), { headers: principal, query: { rows: 500 } });
    expect(page.body.code).toBe(200);
    expect(page.body.data.totalSize).toBeGreaterThan(0);
    const schools = new Set(page.body.data.content.map((r) => r.school_id));
    expect(schools.has(pudong)).toBe(false);
    const mine = await s.call<Page<Row>>('GET', api('acquirer_student/page'), { headers: principal, query: { school_id: pudong } });
    expect(mine.body.data.totalSize).toBe(0);
    const filtered = await s.call<Page<Row>>('GET', api('acquirer_student/page'), { headers: principal, query: { state: 4, start_date: '2000-01-01', end_date: '2999-12-31' } });
    expect(filtered.body.data.content.every((r) => r.state === 4)).toBe(true);
    expect((await s.call('GET', api('acquirer_student/page'), { headers: principal, query: { start_date: '2024-02-30' } })).body).toMatchObject({ code: 400, msg: expect.stringMatching(/采集开始日期/) });
  });

  it('finds a phone among the leads and other acquirer students (repeat), refusing a bad phone', async () => {
    const lead = await s.db.selectFrom('mkt_resource').select(['parent_phone', 'id']).where('school_id', '=', chaoyang).where('del_flag', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const hit = await s.call<{ repeat: boolean; leads: Row[] }>('GET', api('acquirer_student/repeat'), { headers: principal, query: { phone: lead.parent_phone } });
    expect(hit.body.data.repeat).toBe(true);
    expect(hit.body.data.leads.map((r) => r.id)).toContain(lead.id);
    const miss = await s.call<{ repeat: boolean }>('GET', api('acquirer_student/repeat'), { headers: principal, query: { phone: '19999999999' } });
    expect(miss.body.data).toMatchObject({ repeat: false, leads: [], acquirer_students: [] });
    expect((await s.call('GET', api('acquirer_student/repeat'), { headers: principal, query: { phone: '12ab' } })).body).toMatchObject({ code: 400, msg: expect.stringMatching(/联系电话/) });
    expect((await s.call('GET', api('acquirer_student/repeat'), { headers: principal })).body).toMatchObject({ code: 400, msg: expect.stringMatching(/联系电话/) });
  });

  it('updates a pending family and hands pending ones to marketing: new phones become leads (地推), known ones 重复', async () => {
    const pending = await s.db.selectFrom('pt_acquirer_student').selectAll().where('school_id', '=', chaoyang).where('state', '=', 1).orderBy('id').execute();
    const lead = await s.db.selectFrom('mkt_resource').select('parent_phone').where('school_id', '=', chaoyang).where('del_flag', '=', 0).where('pool', '!=', 4).orderBy('id').executeTakeFirstOrThrow();
    const fresh = pending.find((r) => r.parent_phone !== lead.parent_phone);
    const known = pending.find((r) => r.parent_phone === lead.parent_phone);
    expect(fresh && known).toBeTruthy();
    if (!fresh || !known) return;
    const upd = await s.call('POST', api('acquirer_student/update'), { headers: principal, json: { id: fresh.id, name: '改名学员', parent_phone: '15811112222', grade: 3 } });
    expect(upd.body.code).toBe(200);
    const badState = await s.call('POST', api('acquirer_student/update'), { headers: principal, json: { id: fresh.id, name: '改名学员', parent_phone: '15811112222', state: 2 } });
    expect(badState.body).toMatchObject({ code: 400, msg: expect.stringMatching(/状态只能改为待处理或无效/) });
    const add = await s.call<{ added: number; repeated: number; skipped: number; resource_ids: number[] }>('POST', api('acquirer_student/addMkt'), { headers: principal, json: { ids: [fresh.id, known.id] } });
    expect(add.body).toMatchObject({ code: 200, data: { added: 1, repeated: 1, skipped: 0 } });
    const made = await s.db.selectFrom('mkt_resource').selectAll().where('id', '=', add.body.data.resource_ids[0]).executeTakeFirstOrThrow();
    expect(made).toMatchObject({ school_id: chaoyang, name: '改名学员', parent_phone: '15811112222', source: 1, pool: 1 });
    const after = await s.db.selectFrom('pt_acquirer_student').select(['id', 'state', 'resource_id']).where('id', 'in', [fresh.id, known.id]).orderBy('id').execute();
    expect(after.find((r) => r.id === fresh.id)).toMatchObject({ state: 2, resource_id: made.id });
    expect(after.find((r) => r.id === known.id)).toMatchObject({ state: 3, resource_id: null });
    const again = await s.call('POST', api('acquirer_student/addMkt'), { headers: principal, json: { ids: [fresh.id] } });
    expect(again.body).toMatchObject({ code: 200, data: { added: 0, skipped: 1 } });
    expect((await s.call('POST', api('acquirer_student/update'), { headers: principal, json: { id: fresh.id, name: 'x', parent_phone: '15811112222' } })).body.code).toBe(409);
  });

  it('refuses another campus’s families as missing', async () => {
    const other = await s.db.selectFrom('pt_acquirer_student').select('id').where('school_id', '=', pudong).executeTakeFirstOrThrow();
    expect((await s.call('POST', api('acquirer_student/addMkt'), { headers: principal, json: { ids: [other.id] } })).body).toMatchObject({ code: 404, msg: '地推资源不存在或无权访问' });
    expect((await s.call('POST', api('acquirer_student/update'), { headers: principal, json: { id: other.id, name: 'x', parent_phone: '15811112222' } })).body.code).toBe(404);
    expect((await s.call('GET', api('acquirer_student/repeat'), { headers: principal, query: { id: other.id } })).body.code).toBe(404);
  });
});

describe('acquirer attendance', () => {
  it('pages working days with minutes, sums a month per acquirer and exports', async () => {
    const page = await s.call<Page<Row>>('GET', api('acquirer_attendance_record/page'), { headers: principal, query: { rows: 200 } });
    expect(page.body.code).toBe(200);
    expect(page.body.data.totalSize).toBeGreaterThan(0);
    expect(page.body.data.content.some((r) => r.school_id === pudong)).toBe(false);
    const full = page.body.data.content.find((r) => r.punch_in_at && r.punch_out_at);
    expect(typeof full?.minutes).toBe('number');
    const who = Number(page.body.data.content[0].part_time_user_id);
    const month = String(page.body.data.content[0].work_date).slice(0, 7);
    const info = await s.call<Row>('GET', api('acquirer_attendance_record/userInfo'), { headers: principal, query: { part_time_user_id: who, month } });
    const days = page.body.data.content.filter((r) => r.part_time_user_id === who && String(r.work_date).startsWith(month));
    expect(info.body.data).toMatchObject({ id: who, month, days: days.length });
    const other = await s.db.selectFrom('pt_part_time_user').select('id').where('school_id', '=', pudong).executeTakeFirstOrThrow();
    expect((await s.call('GET', api('acquirer_attendance_record/userInfo'), { headers: principal, query: { part_time_user_id: other.id } })).body.code).toBe(404);
    expect((await s.call('GET', api('acquirer_attendance_record/userInfo'), { headers: principal })).body).toMatchObject({ code: 400, msg: expect.stringMatching(/兼职人员/) });
    const exp = await s.call<{ file_id: number }>('GET', api('acquirer_attendance_record/export'), { headers: principal, query: { __columns__: JSON.stringify([{ prop: 'work_date', label: '日期' }]) } });
    expect(exp.body.code).toBe(200);
    expect(typeof exp.body.data.file_id).toBe('number');
  });
});

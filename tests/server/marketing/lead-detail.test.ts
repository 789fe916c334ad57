import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, createTestServer, type LoggedIn, type TestServer } from '../helpers';
import type { SchoolClassType } from '../../../src/contract/products';
import { api, get, insertLead, leadRow, ok, post, schoolId, userId } from './funnel-fixtures';

/**
 * The lead detail's sub-screens: 已有学员 (principal, sales) with 刷卡支付, 试听, 课程包, 到访,
 * 修改信息, 其他校区, 注销 and 标签说明; the telemarketers' lead details with 班型. Each uses a call
 * of the spec: demo rows for every role that sees it, operation codes, campus scope, Chinese
 * messages for bad input and nothing written on refusal.
 */

type Page<T> = { content: T[]; totalSize: number };
type Row = Record<string, unknown>;

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let tmk: LoggedIn;
let sales: LoggedIn;
let teacher: LoggedIn;
let cy: number;
let gz: number;
let tmkId: number;
let salesId: number;

const existing = async (who: LoggedIn) => ok(s.call<Page<Row>>('POST', api('mkt_resource/page'), { headers: who.headers, form: { page: 1, rows: 50, has_student: 1 } }));
const classTypes = (who: LoggedIn, school: number | string) => get<SchoolClassType[]>(s, who, 'prod_language_pack/school_class_types', { school_id: school });
const moves = async (id: number) => s.db.selectFrom('mkt_resource_move').select(['action', 'reason', 'to_pool']).where('resource_id', '=', id).orderBy('id').execute();

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  tmk = await s.login('telemarketer', DEMO_PASSWORD);
  sales = await s.login('sales', DEMO_PASSWORD);
  teacher = await s.login('teacher', DEMO_PASSWORD);
  cy = await schoolId(s, 'BJ-CY');
  gz = await schoolId(s, 'GZ-TH');
  tmkId = await userId(s, 'telemarketer');
  salesId = await userId(s, 'sales');
}, 120_000);

afterAll(async () => s?.close());

describe('demo rows for every role that sees each sub-screen', () => {
  it('已有学员 lists students for admin, principal and sales, and 试听 has bookings of them', async () => {
    for (const who of [admin, principal, sales]) {
      const rows = (await existing(who)).content;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.student_id !== null)).toBe(true);
      const ids = rows.map((r) => Number(r.id));
      // declared tables are not in the typed schema (server/db/resource-tables.ts makes them)
      const booked = await (s.db as unknown as Kysely<Record<string, { resource_id: number }>>).selectFrom('mkt_trial_lesson_student').select('resource_id').where('resource_id', 'in', ids).execute();
      expect(booked.length).toBeGreaterThan(0);
      const one = booked[0]!.resource_id;
      const listed = await ok(get<Page<Row>>(s, who, 'mkt_trial_lesson_student/page', { page: 1, rows: 20, resource_id: one }));
      expect(listed.totalSize).toBeGreaterThan(0);
      expect(listed.content.every((r) => Number(r.resource_id) === one)).toBe(true);
    }
  });

  it('课程包 (已有学员) and 班型 (电销) answer the packs and class types on sale at the lead\'s campus', async () => {
    const lead = (await existing(sales)).content[0]!;
    for (const who of [principal, sales, tmk]) {
      const types = await ok(classTypes(who, Number(lead.school_id)));
      expect(types.length).toBeGreaterThan(0);
      for (const t of types) {
        expect(t.class_type_name).toMatch(/\S/);
        expect(t.language_packs.length).toBeGreaterThan(0);
        for (const p of t.language_packs) {
          expect(Number.isInteger(p.price)).toBe(true);
          expect(p.class_type_ids).toContain(t.class_type_id);
        }
      }
    }
    const tmkLead = (await ok(s.call<Page<Row>>('POST', api('mkt_resource/page'), { headers: tmk.headers, form: { page: 1, rows: 5, pool: 2 } }))).content[0]!;
    expect((await ok(classTypes(tmk, Number(tmkLead.school_id)))).length).toBeGreaterThan(0);
  });
});

describe('班型 / 课程包: operation code, campus scope, bad input', () => {
  it('a role without a lead detail that shows them is refused; another campus answers as missing', async () => {
    const refused = await classTypes(teacher, cy);
    expect(refused.body.code).toBe(403);
    const other = await classTypes(tmk, gz);
    expect(other.body.code).toBe(404);
    expect(other.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('a school id that is not a number gets a Chinese message naming the field', async () => {
    const bad = await classTypes(sales, 'abc');
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('校区');
    const none = await get<null>(s, sales, 'prod_language_pack/school_class_types', {});
    expect(none.body.code).toBe(400);
    expect(none.body.msg).toMatch(/校区/);
  });
});

describe('已有学员 › 刷卡支付 (mkt_resource/yeepay)', () => {
  it('the seller requests a card payment for a student: numbered, on the lead\'s timeline', async () => {
    const lead = (await existing(sales)).content[0]!;
    const id = Number(lead.id);
    const r = await ok(post<{ id: number; request_no: string }>(s, sales, 'mkt_resource/yeepay', { id, amount: 368000, remark: '首期学费' }));
    expect(r.request_no).toMatch(/^YP\d{14}[0-9A-F]{6}$/);
    const last = (await moves(id)).at(-1)!;
    expect(last.action).toBe('刷卡支付');
    expect(last.reason).toContain('3680.00元');
    expect(last.reason).toContain(r.request_no);
  });

  it('bad amounts get Chinese messages and write nothing; the telemarketer holds no 刷卡支付', async () => {
    const lead = (await existing(sales)).content[0]!;
    const id = Number(lead.id);
    const before = (await moves(id)).length;
    for (const [amount, msg] of [
      [0, '金额必须大于0'],
      [12.5, '金额必须是以分为单位的整数'],
      ['abc', '金额必须是数字'],
    ] as const) {
      const res = await post<null>(s, sales, 'mkt_resource/yeepay', { id, amount });
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    expect((await post<null>(s, tmk, 'mkt_resource/yeepay', { id, amount: 100 })).body.code).toBe(403);
    expect((await moves(id)).length).toBe(before);
  });

  it('a student lead of another campus answers as missing', async () => {
    const far = await insertLead(s.db, { school_id: gz, seller_id: salesId, pool: 3 });
    const res = await post<null>(s, sales, 'mkt_resource/yeepay', { id: far, amount: 100 });
    expect(res.body.code).toBe(404);
    expect(await moves(far)).toHaveLength(0);
  });
});

describe('资源详情 dialogs: 到访, 修改信息, 其他校区, 注销', () => {
  it('到访: the seller records a visit of her lead; it stamps the lead and lists under the lead', async () => {
    const id = await insertLead(s.db, { school_id: cy, seller_id: salesId, pool: 3, stage: 2 });
    const bad = await post<null>(s, sales, 'mkt_student_visit/add', { resource_id: id, visit_time: '明天', result: 1 });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('到访时间');
    await ok(post(s, sales, 'mkt_student_visit/add', { resource_id: id, visit_time: '2026-11-20 10:30:00', result: 1, content: '家长带孩子参观校区' }));
    const visits = await ok(get<Page<Row>>(s, sales, 'mkt_student_visit/page', { page: 1, rows: 10, resource_id: id, visit_time_start: '', visit_time_end: '' }));
    expect(visits.content.map((v) => v.content)).toEqual(['家长带孩子参观校区']);
    expect(Number((await leadRow(s.db, id)).stage)).toBe(4);
    // 到访 is not the telemarketers' (到访记录 is not granted to them)
    expect((await post<null>(s, tmk, 'mkt_student_visit/add', { resource_id: id, visit_time: '2026-11-20 10:30:00' })).body.code).toBe(403);
  });

  it('修改信息: the seller edits her lead; a bad phone is refused in Chinese and nothing changes', async () => {
    const id = await insertLead(s.db, { school_id: cy, seller_id: salesId, pool: 3 });
    // a phone of its own (the fixture's may meet a demo lead's)
    await s.db.updateTable('mkt_resource').set({ parent_phone: '14799990001' }).where('id', '=', id).execute();
    const bad = await post<null>(s, sales, 'mkt_resource/update', { id, parent_phone: '12345' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('手机号应为11位数字，以1开头');
    await ok(post(s, sales, 'mkt_resource/update', { id, parent_name: '王女士', attend_school: '朝阳实验小学' }));
    const row = await leadRow(s.db, id);
    expect(row.parent_name).toBe('王女士');
    expect(row.attend_school).toBe('朝阳实验小学');
  });

  it('其他校区: the principal moves one lead to another campus of hers (transfer_school); sellers may not', async () => {
    const id = await insertLead(s.db, { school_id: cy, seller_id: salesId, pool: 3 });
    expect((await post<null>(s, sales, 'mkt_resource/transfer_school', { id, school_id: gz })).body.code).toBe(403);
    const missing = await post<null>(s, principal, 'mkt_resource/transfer_school', { id });
    expect(missing.body.code).toBe(400);
    expect(missing.body.msg).toContain('校区');
    // a campus that is not hers answers as missing and moves nothing
    expect((await post<null>(s, principal, 'mkt_resource/transfer_school', { id, school_id: gz })).body.code).toBe(404);
    const hd = await schoolId(s, 'BJ-HD');
    await ok(post(s, principal, 'mkt_resource/transfer_school', { id, school_id: hd, reason: '家长搬家' }));
    const row = await leadRow(s.db, id);
    expect(Number(row.school_id)).toBe(hd);
    expect(Number(row.pool)).toBe(1);
    expect((await moves(id)).at(-1)?.reason).toContain('家长搬家');
  });

  it('注销: the seller releases her lead to the campus public pool (cancel_school); a telemarketer cannot touch it', async () => {
    const id = await insertLead(s.db, { school_id: cy, seller_id: salesId, pool: 3 });
    const theirs = await insertLead(s.db, { school_id: cy, tmk_id: tmkId, pool: 2 });
    expect((await get<null>(s, sales, 'mkt_resource/cancel_school', { ids: String(theirs) })).body.code).toBe(404);
    expect((await get<null>(s, sales, 'mkt_resource/cancel_school', { ids: 'x' })).body.msg).toBe('资源编号格式不正确');
    await ok(get(s, sales, 'mkt_resource/cancel_school', { ids: String(id) }));
    expect(Number((await leadRow(s.db, id)).pool)).toBe(5);
    expect(Number((await leadRow(s.db, theirs)).pool)).toBe(2);
  });
});

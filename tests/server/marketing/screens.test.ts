import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, createTestServer, type LoggedIn, type TestServer } from '../helpers';
import { recycleLeads } from '../../../server/modules/marketing';
import { nowText } from '../../../server/lib/time';
import { get, insertLead, leadRow, ok, post, schoolId, userId } from './funnel-fixtures';

/**
 * 添加学员 (mkt_resource/add with check_phone_repeat), 老学员添加学员 (mkt_stu_referral), 绘本学员
 * (mkt_picture_book_student) and AI日志 (mkt_ai_log): demo rows for every role granted each, the
 * pools new leads go to, phone duplicates, campus scope and ownership, bad input, and that the log
 * shows only what the recycling job did.
 */

type Page<T> = { content: T[]; totalSize: number };
type Row = Record<string, unknown>;

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let tmk: LoggedIn;
let sales: LoggedIn;
let desk: LoggedIn;
let cy: number;
let gz: number;
let tmkId: number;
let salesId: number;
let deskId: number;

let phoneSeq = 0;
const newPhone = () => `147${String(20000000 + ++phoneSeq * 7717).slice(-8)}`;

const page = (who: LoggedIn, path: string, query: Record<string, string | number> = {}) => ok(get<Page<Row>>(s, who, path, { page: 1, rows: 100, ...query }));

async function studentOf(school: number): Promise<number> {
  return (await s.db.selectFrom('student').select('id').where('school_id', '=', school).where('del_flag', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  tmk = await s.login('telemarketer', DEMO_PASSWORD);
  sales = await s.login('sales', DEMO_PASSWORD);
  desk = await s.login('front_desk', DEMO_PASSWORD);
  cy = await schoolId(s, 'BJ-CY');
  gz = await schoolId(s, 'GZ-TH');
  tmkId = await userId(s, 'telemarketer');
  salesId = await userId(s, 'sales');
  deskId = await userId(s, 'front_desk');
}, 120_000);

afterAll(async () => s?.close());

describe('demo rows for every role granted each screen', () => {
  it('老学员添加学员, 绘本学员 and AI日志 list rows for each of their roles', async () => {
    for (const who of [admin, principal, sales, desk]) expect((await page(who, 'mkt_stu_referral/page')).totalSize).toBeGreaterThan(0);
    for (const who of [admin, principal, tmk, sales, desk]) expect((await page(who, 'mkt_picture_book_student/page')).totalSize).toBeGreaterThan(0);
    for (const who of [admin, principal, tmk, sales]) expect((await page(who, 'mkt_ai_log/page')).totalSize).toBeGreaterThan(0);
  });

  it('the sidebar gives each screen to the roles granted it and to no other', async () => {
    const codes = async (who: LoggedIn) => {
      const r = await s.call<unknown>('GET', '/api/v1/system/sidebar', { headers: who.headers });
      return JSON.stringify(r.body.data);
    };
    const has = (menu: string, code: string) => menu.includes(`"${code}"`);
    const byRole = new Map<string, string>();
    for (const [name, who] of [['principal', principal], ['telemarketer', tmk], ['sales', sales], ['front_desk', desk]] as const) byRole.set(name, await codes(who));
    const teacher = await codes(await s.login('teacher', DEMO_PASSWORD));
    expect(['principal', 'telemarketer', 'sales', 'front_desk'].every((r) => has(byRole.get(r) ?? '', 'marketing_add_trainees'))).toBe(true);
    expect(['principal', 'sales', 'front_desk'].every((r) => has(byRole.get(r) ?? '', 'marketing_students_add_trainees'))).toBe(true);
    expect(has(byRole.get('telemarketer') ?? '', 'marketing_students_add_trainees')).toBe(false);
    expect(['principal', 'telemarketer', 'sales'].every((r) => has(byRole.get(r) ?? '', 'marketing_ai_log_table'))).toBe(true);
    expect(has(byRole.get('front_desk') ?? '', 'marketing_ai_log_table')).toBe(false);
    expect(has(teacher, 'marketing_picture_book_student') || has(teacher, 'marketing_add_trainees')).toBe(false);
  });
});

describe('添加学员: a new lead with the phone checked first', () => {
  it('the front desk checks a phone, adds the family into the campus 待分配 pool and sees it; the same phone again is refused naming the lead', async () => {
    const phone = newPhone();
    const before = await ok(get<{ repeat: boolean; owners: unknown[] }>(s, desk, 'mkt_resource/check_phone_repeat', { phone }));
    expect(before.repeat).toBe(false);
    const added = await ok(post<Row>(s, desk, 'mkt_resource/add', { name: '前台新生', parent_phone: phone, source: 4, school_id: gz }));
    const lead = await leadRow(s.db, Number(added.id));
    expect([lead.pool, lead.tmk_id, lead.seller_id, lead.created_by, lead.school_id]).toEqual([1, null, null, deskId, gz]);
    const again = await ok(get<{ repeat: boolean; msg: string }>(s, desk, 'mkt_resource/check_phone_repeat', { phone }));
    expect(again.repeat).toBe(true);
    expect(again.msg).toContain('前台新生');
    const dup = await post<Row>(s, desk, 'mkt_resource/add', { name: '重复家庭', parent_phone: phone, school_id: gz });
    expect(dup.body.code).toBe(409);
    expect(dup.body.msg).toContain('联系电话已存在：前台新生');
    // the front desk's own lead waiting for distribution is theirs to read
    expect((await ok(get<Row>(s, desk, 'mkt_resource/get', { id: Number(added.id) }))).name).toBe('前台新生');
  });

  it('a telemarketer’s new lead is theirs (电销跟进), a seller’s goes to the seller pool', async () => {
    const t = await ok(post<Row>(s, tmk, 'mkt_resource/add', { name: '电销录入', parent_phone: newPhone(), school_id: cy }));
    const a = await leadRow(s.db, Number(t.id));
    expect([a.pool, a.tmk_id]).toEqual([2, tmkId]);
    const v = await ok(post<Row>(s, sales, 'mkt_resource/add', { name: '顾问录入', parent_phone: newPhone(), school_id: cy }));
    const b = await leadRow(s.db, Number(v.id));
    expect([b.pool, b.seller_id]).toEqual([3, salesId]);
  });

  it('bad input answers a Chinese message and writes nothing', async () => {
    const n = (await s.db.selectFrom('mkt_resource').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const r = await post<Row>(s, desk, 'mkt_resource/add', { name: '号码不对', parent_phone: '12345', school_id: gz });
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toContain('手机号应为11位数字');
    const q = await get<Row>(s, desk, 'mkt_resource/check_phone_repeat', { phone: 'abc' });
    expect(q.body.code).toBe(400);
    expect((await s.db.selectFrom('mkt_resource').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toBe(n);
  });
});

describe('老学员添加学员: a referral makes its lead', () => {
  it('a seller refers a child of a student of the campus: the lead is 转介绍, theirs, and named on the referral', async () => {
    const student = await studentOf(cy);
    const phone = newPhone();
    const ref = await ok(post<Row>(s, sales, 'mkt_stu_referral/add', { student_id: student, relation: 2, name: '转介绍新生', parent_name: '赵女士', parent_phone: phone, gender: 2, grade: 3, remark: '同班同学' }));
    expect(Number(ref.school_id)).toBe(cy);
    const lead = await leadRow(s.db, Number(ref.resource_id));
    expect([lead.name, lead.parent_phone, lead.source, lead.pool, lead.seller_id, lead.school_id]).toEqual(['转介绍新生', phone, 2, 3, salesId, cy]);
    expect(String(lead.remark)).toMatch(/^老学员.+转介绍（同学）：同班同学$/);
    const moves = await s.db.selectFrom('mkt_resource_move').select(['action', 'created_by']).where('resource_id', '=', Number(ref.resource_id)).execute();
    expect(moves).toEqual([{ action: '老学员转介绍', created_by: salesId }]);
    const mine = await page(sales, 'mkt_stu_referral/page', { name: '转介绍新生' });
    const referrer = await s.db.selectFrom('student').select('name').where('id', '=', student).executeTakeFirstOrThrow();
    // the seller holds 查看完整手机号和证件号 (a button of the students' screens), so the phone is whole
    expect(mine.content.map((r) => [r.student_name, r.parent_phone, r.resource_id])).toEqual([[referrer.name, phone, ref.resource_id]]);
  });

  it('a phone the campus already holds is refused naming its lead, and no lead or referral is written', async () => {
    const student = await studentOf(cy);
    const taken = String((await s.db.selectFrom('mkt_resource').select('parent_phone').where('school_id', '=', cy).where('pool', '=', 5).where('del_flag', '=', 0).executeTakeFirstOrThrow()).parent_phone);
    const count = async () => [
      Number((await s.db.selectFrom('mkt_resource').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      Number((await s.db.selectFrom('mkt_stu_referral').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    ];
    const before = await count();
    const r = await post<Row>(s, principal, 'mkt_stu_referral/add', { student_id: student, relation: 1, name: '重复号码', parent_phone: taken });
    expect(r.body.code).toBe(409);
    expect(r.body.msg).toContain('联系电话已存在');
    expect(await count()).toEqual(before);
  });

  it('a student of another campus answers as missing; a missing relation names the field; telemarketers may not refer', async () => {
    const other = await studentOf(gz);
    const r = await post<Row>(s, sales, 'mkt_stu_referral/add', { student_id: other, relation: 1, name: '外校', parent_phone: newPhone() });
    expect(r.body.code).toBe(404);
    const bad = await post<Row>(s, sales, 'mkt_stu_referral/add', { student_id: await studentOf(cy), name: '缺关系', parent_phone: newPhone() });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('与推荐学员关系');
    expect((await post<Row>(s, tmk, 'mkt_stu_referral/add', { student_id: await studentOf(cy), relation: 1, name: '电销', parent_phone: newPhone() })).body.code).toBe(403);
    expect((await get<Row>(s, tmk, 'mkt_stu_referral/page')).body.code).toBe(403);
  });

  it('without the right to all leads one sees the referrals one entered, not a colleague’s', async () => {
    const deskRows = await page(desk, 'mkt_stu_referral/page');
    expect(deskRows.content.length).toBeGreaterThan(0);
    expect(deskRows.content.every((r) => Number(r.created_by) === deskId)).toBe(true);
    const salesRows = await page(sales, 'mkt_stu_referral/page');
    expect(salesRows.content.every((r) => Number(r.created_by) === salesId)).toBe(true);
    // the principal's referral in 朝阳 is not the seller's to open
    const theirs = await s.db.selectFrom('mkt_stu_referral').select('id').where('school_id', '=', cy).where('created_by', '!=', salesId).executeTakeFirstOrThrow();
    expect((await get<Row>(s, sales, 'mkt_stu_referral/get', { id: theirs.id })).body.code).toBe(404);
    expect((await ok(get<Row>(s, principal, 'mkt_stu_referral/get', { id: theirs.id }))).id).toBe(theirs.id);
  });
});

describe('绘本学员: the picture-book course', () => {
  it('the front desk enrols a public-pool lead of their campus; lessons taken never exceed the course; a lead reads at most once', async () => {
    const lead = await insertLead(s.db, { school_id: gz, pool: 5, name: '绘本新生' });
    const bad = await post<Row>(s, desk, 'mkt_picture_book_student/add', { resource_id: lead, level: 1, join_date: '2026-11-01', lesson_total: 12, lesson_done: 13 });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toBe('已上课次（13）不能大于总课次（12）');
    const row = await ok(post<Row>(s, desk, 'mkt_picture_book_student/add', { resource_id: lead, level: 2, join_date: '2026-11-01', lesson_total: 12, lesson_done: 0 }));
    expect([Number(row.school_id), Number(row.state)]).toEqual([gz, 1]);
    const twice = await post<Row>(s, desk, 'mkt_picture_book_student/add', { resource_id: lead, level: 2, join_date: '2026-11-02', lesson_total: 12 });
    expect(twice.body.code).toBe(409);
    expect(twice.body.msg).toBe('绘本新生已在绘本课在读，请直接编辑');
    const listed = await page(desk, 'mkt_picture_book_student/page', { resource_id: lead });
    expect(listed.content.map((r) => r.resource_name)).toEqual(['绘本新生']);
    // finished: 已转正式课, then the lead may start again
    await ok(post<Row>(s, desk, 'mkt_picture_book_student/update', { id: row.id, state: 3, lesson_done: 12 }));
    expect((await post<Row>(s, desk, 'mkt_picture_book_student/add', { resource_id: lead, level: 3, join_date: '2026-11-20', lesson_total: 12 })).body.code).toBe(200);
    expect((await post<Row>(s, desk, 'mkt_picture_book_student/delete', [{ id: row.id }])).body.code).toBe(403);
  });

  it('a lead of another campus answers as missing and its row is not listed', async () => {
    const lead = await insertLead(s.db, { school_id: cy, pool: 5, name: '朝阳绘本' });
    const r = await post<Row>(s, desk, 'mkt_picture_book_student/add', { resource_id: lead, level: 1, join_date: '2026-11-01', lesson_total: 12 });
    expect(r.body.code).toBe(404);
    const rows = await page(desk, 'mkt_picture_book_student/page');
    expect(rows.content.every((x) => Number(x.school_id) === gz)).toBe(true);
  });
});

describe('AI日志: what the recycling job did', () => {
  it('lists the job’s recycling and warnings only, each person those of the leads they held', async () => {
    const all = await page(principal, 'mkt_ai_log/page');
    expect(all.content.length).toBeGreaterThan(0);
    expect(new Set(all.content.map((r) => r.action))).toEqual(new Set(['自动回收', '回收提醒']));
    expect(all.content.every((r) => r.created_by === null)).toBe(true);
    const t = await page(tmk, 'mkt_ai_log/page');
    expect(t.content.length).toBeGreaterThan(0);
    expect(t.content.every((r) => Number(r.from_owner) === tmkId)).toBe(true);
    expect(t.content.some((r) => r.from_owner_name === '陈晓燕')).toBe(true);
    const v = await page(sales, 'mkt_ai_log/page');
    expect(v.content.every((r) => Number(r.from_owner) === salesId)).toBe(true);
    // a person's move is never in the log, even asked for by id
    const personal = await s.db.selectFrom('mkt_resource_move').select('id').where('created_by', 'is not', null).executeTakeFirstOrThrow();
    expect((await get<Row>(s, admin, 'mkt_ai_log/get', { id: personal.id })).body.code).toBe(404);
    expect((await post<Row>(s, admin, 'mkt_ai_log/add', { resource_id: 1, action: '自动回收' })).status).toBe(404);
  });

  it('a lead left without follow-up shows up once the job recycles it, with the reason', async () => {
    const old = nowText(Date.now() - 40 * 86_400_000);
    const lead = await insertLead(s.db, { school_id: cy, pool: 2, tmk_id: tmkId, name: '久未跟进', created_at: old });
    await s.db.updateTable('mkt_resource').set({ assigned_at: old }).where('id', '=', lead).execute();
    await s.db.transaction().execute((trx) => recycleLeads(trx));
    const rows = await page(tmk, 'mkt_ai_log/page', { resource_id: lead });
    expect(rows.content.map((r) => [r.action, r.from_pool, r.to_pool, r.resource_name])).toEqual([['自动回收', 2, 5, '久未跟进']]);
    expect(String(rows.content[0]?.reason)).toMatch(/天未跟进$/);
    expect((await page(tmk, 'mkt_ai_log/page', { action: '回收提醒', resource_id: lead })).totalSize).toBe(0);
  });
});

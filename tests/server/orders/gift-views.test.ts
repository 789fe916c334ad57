import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from '../helpers';
import { api, schoolId, type Page, type Row } from '../finance/flows-helpers';
import type { OldRecommendRow } from '../../../src/contract/orders-extras';
import { todayText } from '../../../server/lib/time';

/**
 * The views of 学员赠品: 推荐赠品 (source 2, given only by the order's 推荐赠品), 老学员推荐 (students an
 * existing student brought, their signed orders and the recommender's gifts) and 老学员赠品 (`view=old`:
 * gifts of the students the 老学员 view holds). Demo rows for every role granted them, campus scope,
 * operation codes, Chinese messages. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
let sales: Record<string, string>;
let frontDesk: Record<string, string>;
let teacher: Record<string, string>;
let chaoyang: number;
let tianhe: number;

const SCOPE: Record<string, string[]> = { principal: ['BJ-CY', 'BJ-HD'], sales: ['BJ-CY'], front_desk: ['GZ-TH'] };

async function page<T = Row>(headers: Record<string, string>, path: string, query: Record<string, string | number> = {}) {
  return s.call<Page<T>>('GET', api(path), { headers, query: { page: 1, rows: 100, ...query } });
}

/** The 老学员 rule of the students area: 在读 or 结课 and entered a year ago or more (by the end of that day). */
function oldCutoff(): string {
  const today = todayText();
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return `${d.toISOString().slice(0, 10)} 23:59:59`;
}

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  sales = (await s.login('sales', DEMO_PASSWORD)).headers;
  frontDesk = (await s.login('front_desk', DEMO_PASSWORD)).headers;
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
  chaoyang = await schoolId(s, 'BJ-CY');
  tianhe = await schoolId(s, 'GZ-TH');
  // the first file of a run builds the seeded PostgreSQL template: slow on a busy machine
}, 240_000);

afterAll(async () => {
  await s?.close();
});

describe('推荐赠品', () => {
  it('demo recommend gifts are visible to every role granted the screen, only in its campuses', async () => {
    for (const [login, headers] of [['principal', principal], ['sales', sales], ['front_desk', frontDesk]] as const) {
      const r = await page(headers, 'order_student_gift/page', { source: 2 });
      expect(r.body.code).toBe(200);
      expect(r.body.data.content.length).toBeGreaterThan(0);
      expect(r.body.data.content.every((g) => Number(g.source) === 2)).toBe(true);
      const codes = new Set<string>();
      for (const g of r.body.data.content) {
        const org = await s.db.selectFrom('organisations').select('code').where('id', '=', Number(g.school_id)).executeTakeFirstOrThrow();
        codes.add(String(org.code));
      }
      expect([...codes].every((c) => SCOPE[login].includes(c))).toBe(true);
    }
  });

  it('the order gives it with source 推荐赠品; it cannot be added or re-sourced by hand; 发放 and 退回 work on it', async () => {
    const order = await s.db
      .selectFrom('order_form as f')
      .innerJoin('student as b', 'b.id', 'f.student_id')
      .select(['f.id', 'f.student_id'])
      .where('f.school_id', '=', chaoyang)
      .where('f.state', 'in', [3, 4, 5, 6])
      .where('b.del_flag', '=', 0)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('order_student_gift as g').select('g.id').whereRef('g.order_id', '=', 'f.id'))))
      .orderBy('f.id')
      .executeTakeFirstOrThrow();
    const recommender = await s.db.selectFrom('student').select(['id', 'name']).where('school_id', '=', chaoyang).where('del_flag', '=', 0).where('id', '<>', order.student_id).orderBy('id').executeTakeFirstOrThrow();
    await s.db.updateTable('student').set({ pusher_id: recommender.id }).where('id', '=', order.student_id).execute();
    const added = await s.call<{ id: number }>('POST', api('order_form/add_recommend_gift'), { headers: sales, json: { id: order.id, gift_name: '推荐礼：地球仪', list_price: 12000 } });
    expect(added.body.code).toBe(200);
    const listed = await page(sales, 'order_student_gift/page', { source: 2, student_id: recommender.id });
    const gift = listed.body.data.content.find((g) => g.id === added.body.data.id);
    expect(gift).toMatchObject({ source: 2, order_id: order.id, state: 1, gift_name: '推荐礼：地球仪', list_price: 12000 });
    // not among the signed gifts
    const signed = await page(sales, 'order_student_gift/page', { source: 1, student_id: recommender.id });
    expect(signed.body.data.content.some((g) => g.id === added.body.data.id)).toBe(false);

    const byHand = await s.call('POST', api('order_student_gift/add'), { headers: sales, json: { student_id: recommender.id, gift_name: '手工推荐赠品', quantity: 1, list_price: 100, source: 2 } });
    expect(byHand.body).toMatchObject({ code: 400, msg: '推荐赠品请在推荐学员的订单中添加' });
    const resourced = await s.call('POST', api('order_student_gift/update'), { headers: sales, json: { id: added.body.data.id, source: 1 } });
    expect(resourced.body).toMatchObject({ code: 400, msg: '推荐赠品不能改为其他来源' });
    const renewal = await s.call<Row>('POST', api('order_student_gift/add'), { headers: sales, json: { student_id: recommender.id, gift_name: '续费礼：台灯', quantity: 1, list_price: 9900, source: 3 } });
    expect(renewal.body.code).toBe(200);
    expect(Number(renewal.body.data.source)).toBe(3);

    expect((await s.call('POST', api('order_student_gift/give_gift'), { headers: sales, json: { ids: [added.body.data.id] } })).body.code).toBe(200);
    const back = await s.call<Row>('POST', api('order_student_gift/update_return'), { headers: sales, json: { id: added.body.data.id, return_charge: 12000, return_note: '已使用' } });
    expect(back.body.code).toBe(200);
    expect(back.body.data).toMatchObject({ state: 3, return_charge: 12000 });
  });
});

describe('老学员推荐', () => {
  it('lists the referred students of the caller campuses with their recommenders, signed orders and gifts', async () => {
    for (const [login, headers] of [['principal', principal], ['sales', sales], ['front_desk', frontDesk]] as const) {
      const r = await page<OldRecommendRow>(headers, 'order_student_gift/old_recommend_page');
      expect(r.body.code).toBe(200);
      expect(r.body.data.content.length).toBeGreaterThan(0);
      const allowed = await s.db.selectFrom('organisations').select('id').where('code', 'in', SCOPE[login]).execute();
      expect(r.body.data.content.every((row) => allowed.some((o) => o.id === row.school_id))).toBe(true);
    }
    const all = await page<OldRecommendRow>(admin, 'order_student_gift/old_recommend_page', { school_id: tianhe });
    const expected = await s.db.selectFrom('student as s').innerJoin('student as r', 'r.id', 's.pusher_id').select((eb) => eb.fn.countAll<number>().as('n')).where('s.school_id', '=', tianhe).where('s.del_flag', '=', 0).executeTakeFirstOrThrow();
    expect(all.body.data.totalSize).toBe(Number(expected.n));
    for (const row of all.body.data.content) {
      const st = await s.db.selectFrom('student').select(['pusher_id', 'name']).where('id', '=', row.student_id).executeTakeFirstOrThrow();
      expect(row.referrer_id).toBe(Number(st.pusher_id));
      expect(row.student_name).toBe(st.name);
      const gifts = await s.db
        .selectFrom('order_student_gift as g')
        .innerJoin('order_form as o', 'o.id', 'g.order_id')
        .select(['g.state'])
        .where('o.student_id', '=', row.student_id)
        .where('g.student_id', '=', row.referrer_id)
        .where('g.source', '=', 2)
        .where('g.del_flag', '=', 0)
        .execute();
      expect(row.gifts_pending).toBe(gifts.filter((g) => g.state === 1).length);
      expect(row.gifts_given).toBe(gifts.filter((g) => g.state === 2).length);
    }
    expect(all.body.data.content.some((r) => r.gifts_pending + r.gifts_given > 0)).toBe(true);
    // a name matches the referred student or the recommender
    const one = all.body.data.content[0];
    const byReferrer = await page<OldRecommendRow>(admin, 'order_student_gift/old_recommend_page', { name: String(one.referrer_name) });
    expect(byReferrer.body.data.content.some((r) => r.student_id === one.student_id)).toBe(true);
  });

  it('refuses a role without the screen, another campus asked by id answers empty, and bad input in Chinese', async () => {
    expect((await page(teacher, 'order_student_gift/old_recommend_page')).body.code).toBe(403);
    const other = await page<OldRecommendRow>(sales, 'order_student_gift/old_recommend_page', { school_id: tianhe });
    expect(other.body).toMatchObject({ code: 200, data: { totalSize: 0 } });
    const long = await page(sales, 'order_student_gift/old_recommend_page', { name: '长'.repeat(40) });
    expect(long.body).toMatchObject({ code: 400, msg: expect.stringContaining('姓名最多32个字') });
    const bad = await page(sales, 'order_student_gift/old_recommend_page', { school_id: 'x' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/校区/);
  });
});

describe('老学员赠品', () => {
  it('view=old lists exactly the gifts of old students, for every role granted the screen', async () => {
    for (const headers of [principal, sales, frontDesk]) {
      const r = await page(headers, 'order_student_gift/page', { view: 'old' });
      expect(r.body.code).toBe(200);
      expect(r.body.data.content.length).toBeGreaterThan(0);
      expect(r.body.data.content.some((g) => Number(g.source) === 3)).toBe(true);
    }
    const viewed = await page(admin, 'order_student_gift/page', { view: 'old', school_id: tianhe, rows: 500 });
    const expected = await s.db
      .selectFrom('order_student_gift as g')
      .innerJoin('student as st', 'st.id', 'g.student_id')
      .select('g.id')
      .where('g.school_id', '=', tianhe)
      .where('g.del_flag', '=', 0)
      .where('st.del_flag', '=', 0)
      .where('st.state', 'in', [1, 3])
      .where('st.created_at', '<=', oldCutoff())
      .orderBy('g.id')
      .execute();
    expect(viewed.body.data.content.map((g) => g.id).sort((a, b) => a - b)).toEqual(expected.map((g) => g.id));
    const everything = await page(admin, 'order_student_gift/page', { school_id: tianhe, rows: 500 });
    expect(everything.body.data.totalSize).toBeGreaterThan(viewed.body.data.totalSize);
  });

  it('a view the page does not know answers in Chinese; the students area reads decide who is old', async () => {
    const bad = await page(principal, 'order_student_gift/page', { view: 'nope' });
    expect(bad.body).toMatchObject({ code: 400, msg: '视图参数不正确' });
    // a student who becomes 流失 leaves the view with the gifts
    const one = await page(frontDesk, 'order_student_gift/page', { view: 'old' });
    const studentId = Number(one.body.data.content[0].student_id);
    await s.db.updateTable('student').set({ state: 8 }).where('id', '=', studentId).execute();
    const after = await page(frontDesk, 'order_student_gift/page', { view: 'old', rows: 500 });
    expect(after.body.data.content.some((g) => Number(g.student_id) === studentId)).toBe(false);
    expect(await page(teacher, 'order_student_gift/page', { view: 'old' }).then((r) => r.body.code)).toBe(403);
  });
});

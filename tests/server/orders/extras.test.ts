import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { todayText } from '../../../server/lib/time';
import { feeStandardAt, languagePackForSale } from '../../../server/modules/products';
import type { FeeCheck, GiftRow, StudentGiftReturn } from '../../../src/contract/orders-extras';
import '../../../server/modules/orders/schema';
import '../../../server/modules/students/schema';

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let bj: number;
let gz: number;

type Body<T> = { code: number; msg: string; data: T };
const api = (p: string) => `/api/v1/${p}`;

async function ok<T>(p: Promise<{ body: Body<T> }>): Promise<T> {
  const res = await p;
  expect(res.body.msg).toBe('成功');
  return res.body.data;
}

async function studentOf(schoolId: number): Promise<number> {
  return (await s.db.selectFrom('student').select('id').where('school_id', '=', schoolId).where('del_flag', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  const school = async (code: string) => (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  bj = await school('BJ-CY');
  gz = await school('GZ-TH');
}, 120_000);

afterAll(async () => s?.close());

describe('orders: student gifts', () => {
  it('records a gift pending, gives it once, keeps a given gift unchanged and takes it back with a charge up to its list price', async () => {
    const student = await studentOf(bj);
    const gift = await ok(s.call<{ id: number; school_id: number; state: number }>('POST', api('order_student_gift/add'), { headers: principal.headers, json: { student_id: student, gift_name: '测试书包', quantity: 2, list_price: 12800 } }));
    expect(gift.school_id).toBe(bj); // the student's campus
    expect(gift.state).toBe(1);

    await ok(s.call('POST', api('order_student_gift/give_gift'), { headers: principal.headers, json: { ids: [gift.id] } }));
    const again = await s.call<unknown>('POST', api('order_student_gift/give_gift'), { headers: principal.headers, json: { ids: [gift.id] } });
    expect(again.body.code).toBe(409);
    expect(again.body.msg).toContain('已发放');

    const edit = await s.call<unknown>('POST', api('order_student_gift/update'), { headers: principal.headers, json: { id: gift.id, student_id: student, gift_name: '改名', quantity: 2, list_price: 12800 } });
    expect(edit.body.code).toBe(409);
    const del = await s.call<unknown>('POST', api('order_student_gift/delete'), { headers: principal.headers, json: [{ id: gift.id }] });
    expect(del.body.code).toBe(409);

    const pending = await ok(s.call<StudentGiftReturn>('GET', api(`order_student_gift/get_student_return?student_id=${student}`), { headers: principal.headers }));
    const mine = pending.gifts.find((g) => g.id === gift.id);
    expect(mine?.state).toBe(2);
    expect(pending.total_list_price).toBe(pending.gifts.reduce((sum, g) => sum + g.list_price * g.quantity, 0));
    expect(pending.total_list_price).toBeGreaterThanOrEqual(25600);

    const tooMuch = await s.call<unknown>('POST', api('order_student_gift/update_return'), { headers: principal.headers, json: { id: gift.id, return_charge: 25601 } });
    expect(tooMuch.body.code).toBe(400);
    expect(tooMuch.body.msg).toContain('256.00');
    const badFen = await s.call<unknown>('POST', api('order_student_gift/update_return'), { headers: principal.headers, json: { id: gift.id, return_charge: 10.5 } });
    expect(badFen.body.code).toBe(400);
    expect(badFen.body.msg).toContain('未退回扣款');

    const returned = await ok(s.call<GiftRow>('POST', api('order_student_gift/update_return'), { headers: principal.headers, json: { id: gift.id, return_charge: 12800, return_note: '丢失一个' } }));
    expect(returned.state).toBe(3);
    expect(returned.return_charge).toBe(12800);
    const after = await ok(s.call<StudentGiftReturn>('GET', api(`order_student_gift/get_student_return?student_id=${student}`), { headers: principal.headers }));
    expect(after.gifts.some((g) => g.id === gift.id)).toBe(false);

    const history = await ok(s.call<{ content: GiftRow[]; totalSize: number }>('GET', api(`order_student_gift/old_page?student_id=${student}&rows=100`), { headers: principal.headers }));
    expect(history.content.some((g) => g.id === gift.id && g.state === 3)).toBe(true);
  });

  it('answers another campus\'s student and gift exactly as missing, and writes nothing', async () => {
    const gzStudent = await studentOf(gz);
    const add = await s.call<unknown>('POST', api('order_student_gift/add'), { headers: principal.headers, json: { student_id: gzStudent, gift_name: '越权赠品', quantity: 1, list_price: 100 } });
    expect(add.body.code).toBe(404);
    expect(await s.db.selectFrom('order_student_gift').select('id').where('gift_name', '=', '越权赠品').executeTakeFirst()).toBeUndefined();
    const gzGift = await s.db.selectFrom('order_student_gift').select('id').where('school_id', '=', gz).where('state', '=', 1).executeTakeFirstOrThrow();
    const give = await s.call<unknown>('POST', api('order_student_gift/give_gift'), { headers: principal.headers, json: { ids: [gzGift.id] } });
    expect(give.body.code).toBe(404);
    const missing = await s.call<unknown>('POST', api('order_student_gift/give_gift'), { headers: principal.headers, json: { ids: [99999999] } });
    expect(give.body.msg).toBe(missing.body.msg);
    const ret = await s.call<unknown>('GET', api(`order_student_gift/get_student_return?student_id=${gzStudent}`), { headers: principal.headers });
    expect(ret.body.code).toBe(404);
    const history = await ok(s.call<{ content: GiftRow[] }>('GET', api('order_student_gift/old_page?rows=1000'), { headers: principal.headers }));
    expect(history.content.every((g) => g.school_id !== gz)).toBe(true);
  });
});

describe('orders: price check before signing', () => {
  it('prices a language pack at the campus and flags a price above the list or a discount beyond the limit', async () => {
    const day = todayText();
    const onSale = await s.db.selectFrom('prod_language_pack_city').select('language_pack_id').where('school_id', '=', bj).executeTakeFirstOrThrow();
    const pack = await languagePackForSale(s.db, onSale.language_pack_id, bj, day);
    const at = (deal: number) => ok(s.call<FeeCheck>('GET', api(`order_fee/check_fee?school_id=${bj}&language_pack_id=${pack.language_pack_id}&quantity=1&deal_price=${deal}`), { headers: principal.headers }));
    const full = await at(pack.price);
    expect(full.ok).toBe(true);
    expect(full.lines[0]).toMatchObject({ list_price: pack.price, discount: 0, price_version_id: pack.price_version_id, hours: pack.hours });
    const small = await at(Math.ceil(pack.price * 0.8));
    expect(small.ok).toBe(true);
    const big = await at(Math.floor(pack.price * 0.5));
    expect(big.ok).toBe(false);
    expect(big.lines[0].msg).toContain('需要审批');
    const above = await at(pack.price + 1);
    expect(above.ok).toBe(false);
    expect(above.lines[0].msg).toContain('高于标准价');
  });

  it('sums the lines of check_fee_json, prices a class type by its fee standard, and names the bad field', async () => {
    const day = todayText();
    const fee = await s.db.selectFrom('prod_fee_standard').select(['class_type_id', 'billing_unit']).where('school_id', '=', bj).where('del_flag', '=', 0).where('start_date', '<=', day).where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', day)])).executeTakeFirstOrThrow();
    const terms = await feeStandardAt(s.db, { schoolId: bj, classTypeId: fee.class_type_id, billingUnit: fee.billing_unit, date: day });
    const unit = terms?.unit_price ?? 0;
    expect(unit).toBeGreaterThan(0);
    const res = await ok(
      s.call<FeeCheck>('POST', api('order_fee/check_fee_json'), {
        headers: principal.headers,
        json: { school_id: bj, lines: [{ class_type_id: fee.class_type_id, billing_unit: fee.billing_unit, quantity: 10, deal_price: unit * 10 }, { class_type_id: fee.class_type_id, billing_unit: fee.billing_unit, quantity: 2, deal_price: unit }] },
      }),
    );
    expect(res.list_total).toBe(unit * 12);
    expect(res.deal_total).toBe(unit * 11);
    expect(res.lines.map((l) => l.ok)).toEqual([true, false]);

    const noPrice = await s.call<unknown>('POST', api('order_fee/check_fee_json'), { headers: principal.headers, json: { school_id: bj, lines: [{ class_type_id: fee.class_type_id }] } });
    expect(noPrice.body.code).toBe(400);
    expect(noPrice.body.msg).toContain('成交价');
    const both = await s.call<unknown>('GET', api(`order_fee/check_fee?school_id=${bj}&deal_price=100`), { headers: principal.headers });
    expect(both.body.code).toBe(400);
    expect(both.body.msg).toContain('课程包和班型请二选一');
    const otherCampus = await s.call<unknown>('GET', api(`order_fee/check_fee?school_id=${gz}&class_type_id=${fee.class_type_id}&deal_price=100`), { headers: principal.headers });
    expect(otherCampus.body.code).toBe(404);
  });
});

describe('orders: lists beside the order', () => {
  it('serves 淘宝订单 as a form-encoded page limited to the caller\'s campuses, and refund reasons to finance', async () => {
    const all = await ok(s.call<{ content: { school_id: number; amount: number }[]; totalSize: number }>('POST', api('order_tb_form/page'), { headers: admin.headers, form: { rows: 100 } }));
    expect(all.content.some((r) => r.school_id === gz)).toBe(true);
    const mine = await ok(s.call<{ content: { school_id: number }[] }>('POST', api('order_tb_form/page'), { headers: principal.headers, form: { rows: 100 } }));
    expect(mine.content.length).toBeGreaterThan(0);
    expect(mine.content.every((r) => r.school_id !== gz)).toBe(true);
    const finance = await s.login('finance', DEMO_PASSWORD);
    const reasons = await ok(s.call<{ content: { name: string }[] }>('GET', api('order_refund_detail_reason/page?rows=50'), { headers: finance.headers }));
    expect(reasons.content.length).toBeGreaterThanOrEqual(8);
  });
});

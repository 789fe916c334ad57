import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { builtinPaymentProvider, checkFinanceLedgers, setPaymentProvider, withholdDue, type PaymentProvider } from '../../../server/modules/finance';
import { ledgerViolations } from '../../../server/modules/orders';
import { addDays } from '../../../server/modules/classes';
import { todayText } from '../../../server/lib/time';
import type { WithholdResult } from '../../../src/contract/finance-withholding';
import { ok } from './fixture';
import { api, schoolId } from './flows-helpers';

/**
 * 分期代扣 (server/modules/finance/withholding.ts): the demo plan with a withholding agreement gets a
 * period due yesterday; a refusal at the channel posts nothing; a success posts one 收费 receipt
 * (银行卡) and settles the plan; replays (the same Idempotency-Key, another run the same day) never
 * post twice; the provider's requests are recorded (渠道请求记录).
 */
let s: TestServer;
let finance: LoggedIn;
let desk: LoggedIn;
let plan: { id: number; school_id: number; student_id: number; owed: number; total: number };

const withhold = (who: LoggedIn, key: string, json: Record<string, unknown> = { school_id: plan.school_id }) => s.call<WithholdResult>('POST', api('fin_of_deposit_detail/withhold_due'), { headers: { ...who.headers, 'Idempotency-Key': key }, json });

async function receipts(): Promise<{ amount: number; pay_method: string; kind: number }[]> {
  const rows = await s.db.selectFrom('fin_stu_account_receipts').select(['amount', 'pay_method', 'kind']).where('ref_type', '=', 'order_installment').where('ref_id', '=', String(plan.id)).orderBy('id').execute();
  return rows.map((r) => ({ amount: Number(r.amount), pay_method: r.pay_method, kind: Number(r.kind) }));
}

async function planPaid(): Promise<{ paid: number; state: number }> {
  const row = await s.db.selectFrom('order_installment').select(['paid_amount', 'state']).where('id', '=', plan.id).executeTakeFirstOrThrow();
  return { paid: Number(row.paid_amount), state: Number(row.state) };
}

beforeAll(async () => {
  s = await createTestServer();
  finance = await s.login('finance', DEMO_PASSWORD);
  desk = await s.login('front_desk', DEMO_PASSWORD);
  const row = await s.db.selectFrom('order_installment').select(['id', 'school_id', 'student_id', 'total_amount', 'paid_amount']).where('withholding', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  plan = { id: row.id, school_id: Number(row.school_id), student_id: Number(row.student_id), owed: Number(row.total_amount) - Number(row.paid_amount), total: Number(row.total_amount) };
  // the plan's last period falls due yesterday (the demo's is a month ahead)
  const last = await s.db.selectFrom('order_installment_period').select('id').where('installment_id', '=', plan.id).where('state', '=', 1).orderBy('period_no', 'desc').executeTakeFirstOrThrow();
  await s.db.updateTable('order_installment_period').set({ due_date: addDays(todayText(), -1) }).where('id', '=', last.id).execute();
}, 1_500_000);

afterEach(() => setPaymentProvider(builtinPaymentProvider));
afterAll(async () => s?.close());

describe('finance: 分期代扣 through the payment provider', { timeout: 120_000 }, () => {
  it('a refusal at the channel is recorded and posts nothing; that day is not asked again', async () => {
    expect(plan.owed).toBeGreaterThan(0);
    const asked: string[] = [];
    const refusing: PaymentProvider = {
      ...builtinPaymentProvider,
      name: 'refusing',
      async withhold(_ctx, req) {
        asked.push(req.outTradeNo);
        return { ok: false, tradeNo: null, message: '卡内余额不足', requestId: 0, simulated: true };
      },
    };
    setPaymentProvider(refusing);
    const yesterday = addDays(todayText(), -1);
    const first = await s.db.transaction().execute((trx) => withholdDue(trx, { schoolIds: null, day: yesterday, by: null }));
    expect(first).toMatchObject({ succeeded: 0, failed: 1, amount: 0 });
    expect(first.items[0]).toMatchObject({ installment_id: plan.id, amount: plan.owed, state: 2, message: '卡内余额不足', receipt_no: null });
    expect((await receipts()).some((r) => r.pay_method === 'card')).toBe(false);
    expect((await planPaid()).paid).toBe(plan.total - plan.owed);
    // the same day again: the attempt's number is taken, the channel is not asked
    const again = await s.db.transaction().execute((trx) => withholdDue(trx, { schoolIds: null, day: yesterday, by: null }));
    expect(again.items).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it('a success posts one 收费 receipt (银行卡) and settles the plan; an Idempotency-Key replay and a second run post nothing more', async () => {
    const before = await receipts();
    const first = await ok(withhold(finance, 'wh-test-1'));
    expect(first).toMatchObject({ day: todayText(), succeeded: 1, failed: 0, amount: plan.owed });
    const item = first.items.find((i) => i.installment_id === plan.id);
    expect(item).toMatchObject({ state: 1, amount: plan.owed, receipt_no: expect.any(String) });
    const after = await receipts();
    expect(after.slice(before.length)).toEqual([{ amount: plan.owed, pay_method: 'card', kind: 1 }]);
    expect(await planPaid()).toEqual({ paid: plan.total, state: 4 });
    // the request the provider would have sent (渠道请求记录)
    const request = await s.db.selectFrom('fin_provider_request').select(['operation', 'target', 'school_id']).where('operation', '=', 'withhold').where('target', '=', String(item?.out_trade_no)).executeTakeFirstOrThrow();
    expect(request.school_id).toBe(plan.school_id);

    const replay = await ok(withhold(finance, 'wh-test-1'));
    expect(replay).toEqual(first);
    const second = await ok(withhold(finance, 'wh-test-2'));
    expect(second).toMatchObject({ succeeded: 0, failed: 0, amount: 0, items: [] });
    expect(await receipts()).toHaveLength(after.length);
    const attempts = await s.db.selectFrom('fin_withholding').select(['state']).where('installment_id', '=', plan.id).orderBy('id').execute();
    expect(attempts.map((a) => Number(a.state))).toEqual([2, 1]);
    expect(await ledgerViolations(s.db)).toEqual([]);
    expect(await checkFinanceLedgers(s.db)).toEqual({ accountBreaks: [], receiptProblems: [] });
  });

  it('another campus is missing; bad input is refused in Chinese; the front desk of another campus withholds nothing of it', async () => {
    const gz = await schoolId(s, 'GZ-TH');
    const bad = await withhold(finance, 'wh-test-3', { school_id: 'x' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('校区');
    // a withholding names its campus: none given is refused, nothing taken
    const none = await withhold(finance, 'wh-test-5', {});
    expect(none.body).toMatchObject({ code: 400, msg: expect.stringContaining('请选择校区') });
    const other = await withhold(desk, 'wh-test-4', { school_id: plan.school_id === gz ? 99_999_999 : plan.school_id });
    expect(other.body).toMatchObject({ code: expect.any(Number) });
    expect([403, 404]).toContain(other.body.code);
  });

  it('needs the button 代扣到期分期; a campus not the caller\'s answers exactly as one that does not exist', async () => {
    const principal = await s.login('principal', DEMO_PASSWORD);
    const admin = await s.login(ADMIN.login, ADMIN.password);
    // the front desk takes installment payments elsewhere but has not the withholding's code
    const desk403 = await withhold(desk, 'wh-test-6', { school_id: plan.school_id });
    expect(desk403.body.code).toBe(403);
    // the principal (北京朝阳、北京海淀) and 广州天河, then a campus id that exists nowhere
    const gz = await schoolId(s, 'GZ-TH');
    const foreign = await withhold(principal, 'wh-test-7', { school_id: gz });
    const missing = await withhold(principal, 'wh-test-8', { school_id: 99_999_999 });
    expect(foreign.body).toEqual({ code: 404, msg: '校区不存在或无权访问', data: null });
    expect(missing.body).toEqual(foreign.body);
    // every campus is the administrator's: a missing one is still missing, not an empty run
    expect((await withhold(admin, 'wh-test-9', { school_id: 99_999_999 })).body).toEqual(foreign.body);
    expect(await s.db.selectFrom('fin_withholding').select('id').where('school_id', '=', gz).where('created_by', '=', principal.user.id).execute()).toEqual([]);
  });
});

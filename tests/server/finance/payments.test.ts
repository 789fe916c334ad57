import { CARD_PROVIDER_KIND } from '../../../src/contract/resources/finance-flows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { accountBalance, builtinPaymentProvider, checkFinanceLedgers, serviceFee, setPaymentProvider, type PaymentProvider } from '../../../server/modules/finance';
import type { AccountResult, BalanceAdjustRow, QrPayCode } from '../../../src/contract/finance-accounts';
import type { BindingCard, QuickPayRow, StudentRate } from '../../../src/contract/finance-payment';
import '../../../server/modules/finance/schema';
import { addStudent, decide, ok } from './fixture';
import { api, schoolId } from './flows-helpers';

let s: TestServer;
let admin: LoggedIn;
let finance: LoggedIn;
let principal: LoggedIn;
let bj: number;

let seq = 0;
function newStudent(): Promise<number> {
  seq++;
  return addStudent(s, admin, bj, `支付测试${seq}`, 2);
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  finance = await s.login('finance', DEMO_PASSWORD);
  principal = await s.login('principal', DEMO_PASSWORD);
  bj = await schoolId(s, 'BJ-CY');
}, 120_000);

afterAll(async () => s?.close());

describe('finance: balance corrections need a second person', () => {
  // the direct check decides where no balance_adjust definition is enabled (the demo enables one)
  beforeAll(async () => {
    await s.db.updateTable('wf_define').set({ state: 0 }).where('tag', '=', 'balance_adjust').execute();
  });
  it('the applicant cannot approve their own; another user approves and the correction is posted; a reduction beyond the balance is refused', async () => {
    const id = await newStudent();
    const up = await ok(s.call<BalanceAdjustRow>('POST', api('fn_student_account/modify_balance'), { headers: finance.headers, json: { student_id: id, amount: 2500, reason: '旧系统迁移少计' } }));
    expect(up.state).toBe(1);
    expect(await accountBalance(s.db, id)).toBe(0);
    const self = await s.call('POST', api('fn_student_account/check_modify_balance'), { headers: finance.headers, json: { id: up.id, approve: true } });
    expect(self.body).toMatchObject({ code: 403, msg: '不能审核自己提交的余额调整，请由另一位同事审核' });
    const done = await ok(s.call<BalanceAdjustRow>('POST', api('fn_student_account/check_modify_balance'), { headers: principal.headers, json: { id: up.id, approve: true, check_remark: '核实无误' } }));
    expect(done.state).toBe(2);
    expect(await accountBalance(s.db, id)).toBe(2500);
    const twice = await s.call('POST', api('fn_student_account/check_modify_balance'), { headers: principal.headers, json: { id: up.id, approve: true } });
    expect(twice.body.code).toBe(409);
    const down = await ok(s.call<BalanceAdjustRow>('POST', api('fn_student_account/modify_balance'), { headers: finance.headers, json: { student_id: id, amount: -3000, reason: '多计' } }));
    const refused = await s.call('POST', api('fn_student_account/check_modify_balance'), { headers: principal.headers, json: { id: down.id, approve: true } });
    expect(refused.body).toMatchObject({ code: 409, msg: expect.stringContaining('调减金额超过账户余额') });
    expect(await accountBalance(s.db, id)).toBe(2500);
    const no = await ok(s.call<BalanceAdjustRow>('POST', api('fn_student_account/check_modify_balance'), { headers: principal.headers, json: { id: down.id, approve: false } }));
    expect(no.state).toBe(3);
    const zero = await s.call('POST', api('fn_student_account/modify_balance'), { headers: finance.headers, json: { student_id: id, amount: 0, reason: 'x' } });
    expect(zero.body).toMatchObject({ code: 400, msg: expect.stringContaining('调整金额不能为 0') });
  });
});

describe('finance: balance corrections through the demo balance_adjust approval', () => {
  beforeAll(async () => {
    await s.db.updateTable('wf_define').set({ state: 1 }).where('tag', '=', 'balance_adjust').execute();
  });

  const postings = async (adjustId: number) => s.db.selectFrom('fin_stu_account_flow').select(['amount']).where('ref_type', '=', 'adjust').where('ref_id', '=', String(adjustId)).execute();

  it('approved by the principal through sys_wf/run: the correction is posted to the ledger once; the applicant cannot approve their own', async () => {
    const id = await newStudent();
    const up = await ok(s.call<BalanceAdjustRow>('POST', api('fn_student_account/modify_balance'), { headers: finance.headers, json: { student_id: id, amount: 4200, reason: '活动赠送漏记' } }));
    expect(up).toMatchObject({ state: 1, wf_instance_id: expect.any(Number) });
    const instanceId = Number(up.wf_instance_id);
    // decided in the approval only
    expect((await s.call('POST', api('fn_student_account/check_modify_balance'), { headers: principal.headers, json: { id: up.id, approve: true } })).body.code).toBe(409);
    expect((await decide(s, principal, instanceId, 'approve')).body).toMatchObject({ code: 200, data: { state: 2 } });
    expect(await accountBalance(s.db, id)).toBe(4200);
    expect((await postings(up.id)).map((r) => Number(r.amount))).toEqual([4200]);
    const row = await s.db.selectFrom('fin_balance_adjust').select(['state', 'flow_id', 'checked_by']).where('id', '=', up.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 2, flow_id: expect.any(Number), checked_by: principal.user.id });
    // the correction row carries the request's reason
    const flow = await s.db.selectFrom('fin_stu_account_flow').select(['biz_type', 'reason']).where('id', '=', Number(row.flow_id)).executeTakeFirstOrThrow();
    expect(flow).toMatchObject({ biz_type: 'correction', reason: '活动赠送漏记' });
    // the ended approval cannot be run again, nor the correction checked directly
    expect((await s.call('POST', api('fn_student_account/check_modify_balance'), { headers: principal.headers, json: { id: up.id, approve: true } })).body.code).toBe(409);
    expect((await postings(up.id)).length).toBe(1);
    expect((await checkFinanceLedgers(s.db)).accountBreaks).toEqual([]);
  });

  it('a definition that hands the last approval to the applicant: their approval is refused and nothing is posted', async () => {
    const id = await newStudent();
    const up = await ok(s.call<BalanceAdjustRow>('POST', api('fn_student_account/modify_balance'), { headers: principal.headers, json: { student_id: id, amount: 900, reason: '校长自己申请' } }));
    const own = await decide(s, principal, Number(up.wf_instance_id), 'approve');
    expect(own.body).toMatchObject({ code: 403, msg: '不能审核自己提交的余额调整，请由另一位同事审核' });
    expect(await accountBalance(s.db, id)).toBe(0);
    expect(await postings(up.id)).toEqual([]);
    expect((await s.db.selectFrom('fin_balance_adjust').select('state').where('id', '=', up.id).executeTakeFirstOrThrow()).state).toBe(1);
  });

  it('refused by the principal: nothing is posted and the correction is 已拒绝', async () => {
    const id = await newStudent();
    const up = await ok(s.call<BalanceAdjustRow>('POST', api('fn_student_account/modify_balance'), { headers: finance.headers, json: { student_id: id, amount: 1800, reason: '重复申请' } }));
    expect((await decide(s, principal, Number(up.wf_instance_id), 'refuse')).body).toMatchObject({ code: 200, data: { state: 3 } });
    expect(await accountBalance(s.db, id)).toBe(0);
    expect(await postings(up.id)).toEqual([]);
    expect((await s.db.selectFrom('fin_balance_adjust').select('state').where('id', '=', up.id).executeTakeFirstOrThrow()).state).toBe(3);
  });
});

describe('finance: provider calls through the built-in provider', () => {
  it('makes a QR payment code and records what it would send', async () => {
    const id = await newStudent();
    const qr = await ok(s.call<QrPayCode>('POST', api('fn_student_account/qr_pay_code'), { headers: finance.headers, json: { student_id: id, amount: 9900 } }));
    expect(qr).toMatchObject({ amount: 9900, provider: 'builtin', code_url: expect.stringContaining(qr.out_trade_no) });
    const log = await s.db.selectFrom('fin_provider_request').selectAll().where('target', '=', qr.out_trade_no).execute();
    expect(log.map((l) => l.operation)).toEqual(['qr_code']);
  });

  it('binds a card with the SMS code, pays into the account with it (receipt 中金快捷支付), lists and unbinds; never stores the full card', async () => {
    const id = await newStudent();
    const card = await ok(
      s.call<BindingCard>('POST', api('payment/binding'), { headers: finance.headers, json: { student_id: id, card_no: '6222020200112233445', holder_name: '王芳', id_card: '11010519491231002X', phone: '13912345678', bank_name: '工商银行' } }),
    );
    expect(card).toMatchObject({ state: 1, card_tail: '3445', phone_tail: '5678' });
    const wrong = await s.call('POST', api('payment/confirm_binding'), { headers: finance.headers, json: { binding_id: card.id, sms_code: card.sms_hint === '000000' ? '111111' : '000000' } });
    expect(wrong.body).toMatchObject({ code: 400, msg: '短信验证码不正确' });
    await ok(s.call('POST', api('payment/confirm_binding'), { headers: finance.headers, json: { binding_id: card.id, sms_code: card.sms_hint } }));
    const cards = await ok(s.call<BindingCard[]>('GET', api('zhongjin_binding_bank/get_binding_cards'), { headers: finance.headers, query: { student_id: id } }));
    expect(cards.map((c) => c.id)).toEqual([card.id]);
    const pay = await ok(s.call<QuickPayRow>('POST', api('payment/quick_pay'), { headers: finance.headers, json: { binding_id: card.id, amount: 50000 } }));
    const paid = await ok(s.call<AccountResult>('POST', api('payment/confirm_quick_pay'), { headers: finance.headers, json: { pay_id: pay.id, sms_code: pay.sms_hint } }));
    expect(paid.balance).toBe(50000);
    expect(paid.receipt).toMatchObject({ pay_method: 'zhongjin', ref_type: 'quick_pay', ref_id: pay.out_trade_no, kind: 1 });
    const again = await s.call('POST', api('payment/confirm_quick_pay'), { headers: finance.headers, json: { pay_id: pay.id, sms_code: pay.sms_hint } });
    expect(again.body).toMatchObject({ code: 409, msg: '该笔支付已完成' });
    await ok(s.call('POST', api('payment/unbinding'), { headers: finance.headers, json: { binding_id: card.id } }));
    const none = await ok(s.call<BindingCard[]>('GET', api('zhongjin_binding_bank/get_binding_cards'), { headers: finance.headers, query: { student_id: id } }));
    expect(none).toEqual([]);
    const logs = await s.db.selectFrom('fin_provider_request').select(['operation', 'request']).where('provider', '=', CARD_PROVIDER_KIND).execute();
    const mine = logs.filter((l) => (JSON.parse(l.request ?? '{}') as { student_id?: number }).student_id === id);
    expect(new Set(mine.map((l) => l.operation))).toEqual(new Set(['bind_card', 'confirm_binding', 'quick_pay', 'confirm_quick_pay', 'unbind']));
    expect(logs.some((l) => (l.request ?? '').includes('6222020200112233445') || (l.request ?? '').includes('11010519491231002X'))).toBe(false);
    expect(await checkFinanceLedgers(s.db)).toEqual({ accountBreaks: [], receiptProblems: [] });
  });
});

describe('finance: one payment provider for every channel', () => {
  it('an installed provider answers both the flows\' 查询 and the card payments, and the built-in one comes back', async () => {
    const asked: string[] = [];
    const spy: PaymentProvider = {
      ...builtinPaymentProvider,
      name: 'spy',
      async queryTrade(ctx, req) {
        asked.push(`query:${req.kind}:${req.tradeNo}`);
        return builtinPaymentProvider.queryTrade(ctx, req);
      },
      async createQrCode(ctx, req) {
        asked.push(`qr:${req.amount}`);
        return builtinPaymentProvider.createQrCode(ctx, req);
      },
    };
    setPaymentProvider(spy);
    try {
      const id = await newStudent();
      const qr = await ok(s.call<QrPayCode>('POST', api('fn_student_account/qr_pay_code'), { headers: finance.headers, json: { student_id: id, amount: 1200 } }));
      expect(qr.provider).toBe('spy');
      // a demo 易宝 flow of the campus
      const flow = await s.db.selectFrom('fin_yb_flowing').select(['id', 'trade_no']).where('school_id', '=', bj).executeTakeFirstOrThrow();
      const res = await s.call<{ trade_no: string }>('GET', api('fin_yb_flowing/query_yeepay'), { headers: finance.headers, query: { id: flow.id } });
      expect(res.body.code).toBe(200);
      expect(asked).toEqual(['qr:1200', `query:yb:${flow.trade_no}`]);
    } finally {
      setPaymentProvider(builtinPaymentProvider);
    }
    const back = await ok(s.call<QrPayCode>('POST', api('fn_student_account/qr_pay_code'), { headers: finance.headers, json: { student_id: await newStudent(), amount: 100 } }));
    expect(back.provider).toBe('builtin');
  });
});

describe('finance: service rates', () => {
  it('answers the enabled rate of the student campus and channel with the fee of an amount; a disabled rate is not applied', async () => {
    const id = await newStudent();
    const rate = await ok(s.call<{ id: number }>('POST', api('base_organ_service_rate/add'), { headers: admin.headers, json: { school_id: bj, pay_method: 'alipay', rate: 60, min_fee: 100, max_fee: 5000 } }));
    const r = await ok(s.call<StudentRate>('GET', api('base_organ_service_rate/get_rate_by_student'), { headers: finance.headers, query: { student_id: id, pay_method: 'alipay', amount: 123456 } }));
    expect(r).toMatchObject({ rate: 60, fee: 741 });
    await ok(s.call('POST', api('base_organ_service_rate/change_status'), { headers: admin.headers, json: { ids: [rate.id], state: 0 } }));
    const none = await ok(s.call<StudentRate | null>('GET', api('base_organ_service_rate/get_rate_by_student'), { headers: finance.headers, query: { student_id: id, pay_method: 'alipay' } }));
    expect(none).toBeNull();
  });

  it('rounds the fee half up to the fen and keeps it within the bounds', () => {
    expect(serviceFee({ rate: 60, min_fee: 0, max_fee: null }, 123456)).toBe(741);
    expect(serviceFee({ rate: 60, min_fee: 100, max_fee: null }, 1000)).toBe(100);
    expect(serviceFee({ rate: 60, min_fee: 0, max_fee: 500 }, 10_000_000)).toBe(500);
    expect(serviceFee({ rate: 25, min_fee: 0, max_fee: null }, 200)).toBe(1);
  });
});

describe('finance: a channel statement downloaded through the built-in provider', () => {
  it('answers the trades the campus holds of that channel and day and records the request; another campus is missing', async () => {
    const day = '2025-07-09';
    await s.db
      .insertInto('fin_ysepay_flowing')
      .values(
        [
          { trade_no: 'DL-1', amount: 30000, trade_type: 1 },
          { trade_no: 'DL-2', amount: 5000, trade_type: 2 },
        ].map((f) => ({ school_id: bj, order_no: null, merchant_no: null, pay_time: `${day} 10:00:00`, fee: 0, pay_method: '银行卡', payer_name: '张伟', terminal_no: null, student_id: null, student_name: null, recon_state: 0, source: 1, remark: null, created_at: `${day} 10:00:00`, updated_at: `${day} 10:00:00`, created_by: null, updated_by: null, ...f })),
      )
      .execute();
    const got = await ok(s.call<{ count: number; amount: number; request_id: number; simulated: boolean }>('POST', api('fin_flow/download_statement'), { headers: finance.headers, json: { kind: 'ysepay', school_id: bj, day } }));
    expect(got).toMatchObject({ count: 2, amount: 25000, simulated: true });
    const log = await s.db.selectFrom('fin_provider_request').selectAll().where('id', '=', got.request_id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ provider: 'ysepay', operation: 'statement', target: day, school_id: bj });
    const bad = await s.call('POST', api('fin_flow/download_statement'), { headers: finance.headers, json: { kind: 'ysepay', school_id: bj, day: '2025/07/09' } });
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringContaining('对账单日期格式应为 YYYY-MM-DD') });
    const sh = (await s.db.selectFrom('organisations').select('id').where('code', '=', 'SH-PD').executeTakeFirstOrThrow()).id;
    const other = await s.call('POST', api('fin_flow/download_statement'), { headers: principal.headers, json: { kind: 'ysepay', school_id: sh, day } });
    expect(other.body.code).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from '../helpers';
import { setReceiptSource, type ReceiptForReconciliation } from '../../../server/modules/finance';
import type { ReconciliationAnswer } from '../../../src/contract/finance-flows';
import { api, csvBody, schoolId, YB_HEADER, type Page, type Row } from './flows-helpers';

/**
 * Reconciliation of a campus-day (issue 16): flows of every channel against the receipts (here a
 * fixed list given through the finance public module's receipt source), matched by reference,
 * then amount and time; differences per channel; resolving with a reason; a closed day refuses
 * every change until reopened (recorded); another campus's day answers as missing. Invoices (never
 * above what was paid), gift exchange steps and book orders. SQLite and, with TEST_DATABASE_URL,
 * PostgreSQL.
 */

const DAY = '2025-03-10';
let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
let chaoyang: number;
let pudong: number;
const receipts: ReceiptForReconciliation[] = [];

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  chaoyang = await schoolId(s, 'BJ-CY');
  pudong = await schoolId(s, 'SH-PD');
  setReceiptSource({
    receiptsOfDay: async (_db, school, day) => (school === chaoyang && day === DAY ? receipts : []),
    receiptOf: async () => undefined,
    netPaidOfStudent: async () => 0,
  });
  receipts.push(
    { id: 9001, receipt_no: 'SK2025-000001', amount: 100000, paid_at: `${DAY} 09:20:00`, channel: 'yb', reference: 'RC-YB-1' },
    { id: 9002, receipt_no: 'SK2025-000002', amount: 50000, paid_at: `${DAY} 10:20:00`, channel: null, reference: null },
    { id: 9003, receipt_no: 'SK2025-000003', amount: 80000, paid_at: `${DAY} 15:00:00`, channel: 'yb', reference: null },
    { id: 9004, receipt_no: 'SK2025-000004', amount: 25000, paid_at: `${DAY} 16:00:00`, channel: 'yb', reference: 'SO-MIS' },
  );
  const imported = await s.call('POST', api('fin_flow/import_statement'), {
    headers: admin,
    json: csvBody('yb', chaoyang, [
      YB_HEADER,
      `RC-YB-1,SO-A,,${DAY} 09:15:00,1000.00,,,,`,
      `RC-YB-2,SO-B,,${DAY} 10:00:00,500.00,,,,`,
      `RC-YB-3,SO-C,,${DAY} 11:00:00,300.00,,,,`,
      `RC-YB-4,SO-MIS,,${DAY} 16:00:00,200.00,,,,`,
    ]),
  });
  expect(imported.body.code).toBe(200);
  await s.call('POST', api('fin_flow/import_statement'), { headers: admin, json: csvBody('happy_pay', chaoyang, ['平台流水号,交易时间,交易金额', `RC-HP-1,${DAY} 12:00:00,66.00`]) });
  await s.call('POST', api('fin_flow/import_statement'), { headers: admin, json: csvBody('yb', pudong, [YB_HEADER, `RC-SH-1,,,${DAY} 09:00:00,10.00,,,,`]) });
}, 120_000);

afterAll(async () => {
  setReceiptSource(undefined);
  await s?.close();
});

async function records(reconId: number): Promise<Row[]> {
  const res = await s.call<Page<Row>>('GET', api('fin_reconciliation_records/page'), { headers: admin, query: { recon_id: reconId, rows: 100, sort: 'id' } });
  return res.body.data.content;
}

let reconId = 0;

describe('reconciling one campus-day', () => {
  it('matches by reference, then by amount and time; shows what is left on each side per channel', async () => {
    const res = await s.call<ReconciliationAnswer>('POST', api('fin_reconciliation_records/reconciliation'), { headers: principal, json: { school_id: chaoyang, recon_date: DAY } });
    expect(res.body.code).toBe(200);
    const r = res.body.data;
    reconId = r.recon_id;
    expect(r).toMatchObject({ recon_date: DAY, state: 0, flow_count: 5, flow_amount: 206600, receipt_count: 4, receipt_amount: 255000, matched_count: 2, diff_count: 4, pending_count: 4 });
    const yb = r.channels.find((c) => c.kind === 'yb');
    expect(yb).toMatchObject({ channel: '易宝支付', flow_count: 4, matched_count: 2, flow_only_count: 1, flow_only_amount: 30000, receipt_only_count: 1, receipt_only_amount: 80000, mismatch_count: 1, diff_amount: 30000 - 80000 + (20000 - 25000) });
    expect(r.channels.find((c) => c.kind === 'happy_pay')).toMatchObject({ flow_only_count: 1, flow_only_amount: 6600, diff_amount: 6600 });
    const rows = await records(reconId);
    const byTrade = (t: string) => rows.find((x) => x.trade_no === t);
    expect(byTrade('RC-YB-1')).toMatchObject({ result: 1, receipt_no: 'SK2025-000001', state: 1 });
    expect(byTrade('RC-YB-2')).toMatchObject({ result: 1, receipt_no: 'SK2025-000002' });
    expect(byTrade('RC-YB-3')).toMatchObject({ result: 2, receipt_no: null, diff_amount: 30000, state: 0 });
    expect(byTrade('RC-YB-4')).toMatchObject({ result: 4, receipt_no: 'SK2025-000004', diff_amount: -5000, state: 0 });
    expect(rows.find((x) => x.receipt_no === 'SK2025-000003')).toMatchObject({ result: 3, trade_no: null, diff_amount: -80000 });
    const flow = await s.call<Page<Row>>('GET', api('fin_yb_flowing/page'), { headers: admin, query: { trade_no: 'RC-YB-1', pay_time: '' } });
    expect(flow.body.data.content[0]).toMatchObject({ recon_state: 1 });
  });

  it('reconciles again to the same result (no duplicate records)', async () => {
    const again = await s.call<ReconciliationAnswer>('POST', api('fin_reconciliation_records/reconciliation'), { headers: admin, json: { school_id: chaoyang, recon_date: DAY } });
    expect(again.body.data).toMatchObject({ recon_id: reconId, matched_count: 2, diff_count: 4, pending_count: 4 });
    expect(await records(reconId)).toHaveLength(6);
  });

  it('refuses to close with differences pending; resolving needs a reason', async () => {
    const early = await s.call('POST', api('fin_reconciliations/close'), { headers: principal, json: { id: reconId } });
    expect(early.body).toMatchObject({ code: 409, msg: '还有 4 条差异未处理，不能关账' });
    const pending = (await records(reconId)).filter((x) => x.state === 0);
    const noReason = await s.call('POST', api('fin_reconciliation_records/resolve'), { headers: principal, json: { id: pending[0].id, reason: ' ' } });
    expect(noReason.body).toMatchObject({ code: 400 });
    expect(noReason.body.msg).toContain('请输入处理说明');
    for (const p of pending) {
      const res = await s.call('POST', api('fin_reconciliation_records/resolve'), { headers: principal, json: { id: p.id, reason: '线下收款已补录收据' } });
      expect(res.body).toMatchObject({ code: 200, data: { state: 1 } });
    }
    const matched = (await records(reconId)).find((x) => x.result === 1) as Row;
    const needless = await s.call('POST', api('fin_reconciliation_records/resolve'), { headers: principal, json: { id: matched.id, reason: 'x' } });
    expect(needless.body).toMatchObject({ code: 400, msg: '该记录无需处理' });
    const summary = await s.call<ReconciliationAnswer>('GET', api('fin_reconciliations/summary'), { headers: principal, query: { id: reconId } });
    expect(summary.body.data).toMatchObject({ pending_count: 0, diff_count: 4 });
    const flow = await s.call<Page<Row>>('GET', api('fin_yb_flowing/page'), { headers: admin, query: { trade_no: 'RC-YB-3', pay_time: '' } });
    expect(flow.body.data.content[0]).toMatchObject({ recon_state: 3 });
  });

  it('a closed day refuses every change of its flows and records until reopened, and the reopening is recorded', async () => {
    const closed = await s.call('POST', api('fin_reconciliations/close'), { headers: principal, json: { id: reconId } });
    expect(closed.body).toMatchObject({ code: 200, data: { state: 1 } });
    const frozen = `${DAY} 已关账，不能修改，请先重新打开该对账日`;
    const flow = (await s.call<Page<Row>>('GET', api('fin_yb_flowing/page'), { headers: admin, query: { trade_no: 'RC-YB-3', pay_time: '' } })).body.data.content[0];
    const student = await s.db.selectFrom('student').select('id').where('school_id', '=', chaoyang).where('del_flag', '=', 0).executeTakeFirstOrThrow();
    const refused = [
      await s.call('POST', api('fin_yb_flowing/update'), { headers: admin, json: { id: flow.id, remark: '改' } }),
      await s.call('POST', api('fin_yb_flowing/delete'), { headers: admin, json: [{ id: flow.id }] }),
      await s.call('POST', api('fin_yb_flowing/bind_student'), { headers: admin, json: { id: flow.id, student_id: student.id } }),
      await s.call('POST', api('fin_reconciliations/update'), { headers: admin, json: { id: reconId, remark: '改' } }),
      await s.call('POST', api('fin_reconciliations/delete'), { headers: admin, json: [{ id: reconId }] }),
      await s.call('POST', api('fin_reconciliation_records/add'), { headers: admin, json: { recon_id: reconId, flow_kind: 'yb', diff_amount: 100, reason: '手工调整' } }),
    ];
    for (const r of refused) expect(r.body).toMatchObject({ code: 409, msg: frozen });
    const rerun = await s.call('POST', api('fin_reconciliation_records/reconciliation'), { headers: admin, json: { school_id: chaoyang, recon_date: DAY } });
    expect(rerun.body).toMatchObject({ code: 409, msg: `${DAY} 已关账，不能重新对账，请先重新打开该对账日` });
    const imported = await s.call('POST', api('fin_flow/import_statement'), { headers: admin, json: csvBody('yb', chaoyang, [YB_HEADER, `RC-YB-9,,,${DAY} 18:00:00,1.00,,,,`]) });
    expect(imported.body).toMatchObject({ code: 409, msg: `第2行：${DAY} 已关账，不能导入该日流水，请先重新打开该对账日` });
    const after = await s.db.selectFrom('fin_yb_flowing').select(['remark']).where('id', '=', flow.id).executeTakeFirstOrThrow();
    expect(after.remark).toBeNull();

    const noReason = await s.call('POST', api('fin_reconciliations/reopen'), { headers: principal, json: { id: reconId } });
    expect(noReason.body.code).toBe(400);
    const reopened = await s.call('POST', api('fin_reconciliations/reopen'), { headers: principal, json: { id: reconId, reason: '银行退回一笔，需重新核对' } });
    expect(reopened.body).toMatchObject({ code: 200, data: { state: 0 } });
    const events = await s.call<Page<Row>>('GET', api('fin_reconciliation_event/page'), { headers: principal, query: { recon_id: reconId, sort: 'id' } });
    expect(events.body.data.content.map((e) => [e.action, e.reason])).toEqual([
      ['close', null],
      ['reopen', '银行退回一笔，需重新核对'],
    ]);
    const edit = await s.call('POST', api('fin_yb_flowing/update'), { headers: admin, json: { id: flow.id, remark: '已核对' } });
    expect(edit.body.code).toBe(200);
  });

  it('answers another campus’s day and campus exactly as missing ones', async () => {
    const far = await s.call<ReconciliationAnswer>('POST', api('fin_reconciliation_records/reconciliation'), { headers: admin, json: { school_id: pudong, recon_date: DAY } });
    const farId = far.body.data.recon_id;
    const missing = { code: 404, msg: '记录不存在或无权访问' };
    expect((await s.call('GET', api('fin_reconciliations/summary'), { headers: principal, query: { id: farId } })).body).toMatchObject(missing);
    expect((await s.call('POST', api('fin_reconciliations/close'), { headers: principal, json: { id: farId } })).body).toMatchObject(missing);
    expect((await s.call('POST', api('fin_reconciliations/reopen'), { headers: principal, json: { id: farId, reason: 'x' } })).body).toMatchObject(missing);
    const farRecord = (await records(farId))[0];
    expect((await s.call('POST', api('fin_reconciliation_records/resolve'), { headers: principal, json: { id: farRecord.id, reason: 'x' } })).body).toMatchObject(missing);
    expect((await s.call('POST', api('fin_reconciliation_records/reconciliation'), { headers: principal, json: { school_id: pudong, recon_date: DAY } })).body).toMatchObject({ code: 404, msg: '校区不存在或无权访问' });
    const page = await s.call<Page<Row>>('GET', api('fin_reconciliations/page'), { headers: principal, query: { recon_date: '' } });
    expect(page.body.data.content.some((d) => d.id === farId)).toBe(false);
  });
});

// invoices: tests/server/finance/invoices.test.ts (on the real receipts)
describe('gift exchange, book orders', () => {
  it('gift exchange: branch office, then head office, then delivery, each only in its turn', async () => {
    const student = await s.db.selectFrom('student').select('id').where('school_id', '=', chaoyang).where('del_flag', '=', 0).executeTakeFirstOrThrow();
    // the exchange deducts the student's points (tests/server/crm/points-mall.test.ts)
    expect((await s.call('POST', api('student/add_integral'), { headers: admin, json: { student_id: student.id, points: 300, reason: '兑换前充值' } })).body.code).toBe(200);
    const added = await s.call<Row>('POST', api('fin_exchange_gift_order/add'), { headers: admin, json: { school_id: chaoyang, student_id: student.id, gift_name: '绘本', quantity: 1, points: 300 } });
    const id = added.body.data.id;
    expect(added.body.data).toMatchObject({ state: 1 });
    expect((await s.call('POST', api('fin_exchange_gift_order/deliver'), { headers: admin, json: { id } })).body).toMatchObject({ code: 409, msg: '该兑换单不在待发放状态' });
    expect((await s.call('POST', api('fin_exchange_gift_order/check_by_head_office'), { headers: admin, json: { id, pass: true } })).body).toMatchObject({ code: 409 });
    expect((await s.call('POST', api('fin_exchange_gift_order/check_by_branch_office'), { headers: principal, json: { id, pass: true, opinion: '同意' } })).body).toMatchObject({ code: 200, data: { state: 2 } });
    expect((await s.call('POST', api('fin_exchange_gift_order/check_by_head_office'), { headers: principal, json: { id, pass: true } })).body.code).toBe(403);
    expect((await s.call('POST', api('fin_exchange_gift_order/check_by_head_office'), { headers: admin, json: { id, pass: true } })).body).toMatchObject({ code: 200, data: { state: 3 } });
    expect((await s.call('POST', api('fin_exchange_gift_order/deliver'), { headers: admin, json: { id, express_no: 'SF1' } })).body).toMatchObject({ code: 200, data: { state: 4 } });
  });

  it('book orders: the amount is quantity × unit price, computed by the server', async () => {
    const student = await s.db.selectFrom('student').select('id').where('school_id', '=', chaoyang).where('del_flag', '=', 0).executeTakeFirstOrThrow();
    const book = await s.db.selectFrom('prod_text_book').select('id').executeTakeFirstOrThrow();
    const added = await s.call<Row>('POST', api('fin_book_order/add'), { headers: admin, json: { school_id: chaoyang, student_id: student.id, text_book_id: book.id, quantity: 3, unit_price: 4550, amount: 1 } });
    expect(added.body.data).toMatchObject({ amount: 13650 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from '../helpers';
import { api, csvBody, schoolId, YB_HEADER, type Page, type Row } from './flows-helpers';

/**
 * Payment channel flows (issue 16): statement import in the channels' layouts (CSV and .xlsx),
 * duplicates refused naming the row with nothing written, bind/unbind a student, the channel
 * query through the built-in provider (recorded), move to another campus, campus scope (another
 * campus's id answers as missing). SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
let sales: Record<string, string>;
let chaoyang: number;
let haidian: number;
let pudong: number;

async function flowByTrade(table: string, tradeNo: string): Promise<Row | undefined> {
  const res = await s.call<Page<Row>>('GET', api(`${table}/page`), { headers: admin, query: { trade_no: tradeNo, pay_time: '' } });
  return res.body.data.content.find((r) => r.trade_no === tradeNo);
}

async function countFlows(table: 'fin_yb_flowing' | 'fin_ysepay_flowing'): Promise<number> {
  const row = await s.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  sales = (await s.login('sales', DEMO_PASSWORD)).headers;
  chaoyang = await schoolId(s, 'BJ-CY');
  haidian = await schoolId(s, 'BJ-HD');
  pudong = await schoolId(s, 'SH-PD');
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('statement import', () => {
  it('imports a 易宝 CSV statement as flows of the campus, yuan to fen, refunds by type', async () => {
    const body = csvBody('yb', chaoyang, [
      YB_HEADER,
      'FT-YB-0001,SO-1,10088,2025-03-10 09:15:00,"1,000.00",3.00,收款,银行卡,张伟',
      'FT-YB-0002,SO-2,10088,2025/03/10 10:00,500.5,0,收款,微信,王芳',
      'FT-YB-0003,SO-3,10088,2025-03-10 11:00:00,20.00,,退款,微信,王芳',
    ]);
    const res = await s.call<{ count: number; amount: number }>('POST', api('fin_flow/import_statement'), { headers: admin, json: body });
    expect(res.body).toMatchObject({ code: 200, data: { count: 3, amount: 100000 + 50050 - 2000 } });
    expect(await flowByTrade('fin_yb_flowing', 'FT-YB-0001')).toMatchObject({ school_id: chaoyang, amount: 100000, fee: 300, pay_time: '2025-03-10 09:15:00', trade_type: 1, recon_state: 0, source: 1 });
    expect(await flowByTrade('fin_yb_flowing', 'FT-YB-0002')).toMatchObject({ amount: 50050, pay_time: '2025-03-10 10:00:00' });
    expect(await flowByTrade('fin_yb_flowing', 'FT-YB-0003')).toMatchObject({ amount: 2000, trade_type: 2 });
  });

  it('refuses a file with a trade number twice, or one imported before, naming the row; nothing is written', async () => {
    const before = await countFlows('fin_yb_flowing');
    const twice = await s.call('POST', api('fin_flow/import_statement'), {
      headers: admin,
      json: csvBody('yb', chaoyang, [YB_HEADER, 'FT-YB-0100,,,2025-03-11 09:00:00,10.00,,,,', 'FT-YB-0101,,,2025-03-11 09:00:00,10.00,,,,', 'FT-YB-0100,,,2025-03-11 10:00:00,12.00,,,,']),
    });
    expect(twice.body).toMatchObject({ code: 409, msg: '第4行：渠道流水号 FT-YB-0100 与第2行重复' });
    const again = await s.call('POST', api('fin_flow/import_statement'), {
      headers: admin,
      json: csvBody('yb', haidian, [YB_HEADER, 'FT-YB-0102,,,2025-03-11 09:00:00,10.00,,,,', 'FT-YB-0002,,,2025-03-11 09:00:00,10.00,,,,']),
    });
    expect(again.body).toMatchObject({ code: 409, msg: '第3行：渠道流水号 FT-YB-0002 已导入过，不能重复导入' });
    expect(await countFlows('fin_yb_flowing')).toBe(before);
  });

  it('refuses bad rows and other layouts in Chinese, naming the row or the missing column', async () => {
    const amount = await s.call('POST', api('fin_flow/import_statement'), { headers: admin, json: csvBody('yb', chaoyang, [YB_HEADER, 'FT-YB-0200,,,2025-03-12 09:00:00,abc,,,,']) });
    expect(amount.body).toMatchObject({ code: 400, msg: '第2行：交易金额「abc」不是有效金额' });
    const time = await s.call('POST', api('fin_flow/import_statement'), { headers: admin, json: csvBody('yb', chaoyang, [YB_HEADER, 'FT-YB-0201,,,2025-02-30 09:00:00,1.00,,,,']) });
    expect(time.body.code).toBe(400);
    expect(time.body.msg).toContain('第2行：交易时间');
    const layout = await s.call('POST', api('fin_flow/import_statement'), { headers: admin, json: csvBody('yb', chaoyang, ['流水,时间,钱', 'A,2025-03-12 09:00:00,1']) });
    expect(layout.body).toMatchObject({ code: 400 });
    expect(layout.body.msg).toContain('对账单缺少「易宝流水号」列');
    const type = await s.call('POST', api('fin_flow/import_statement'), { headers: admin, json: { ...csvBody('yb', chaoyang, [YB_HEADER]), file_name: 'a.pdf' } });
    expect(type.body).toMatchObject({ code: 400, msg: '对账单只能是 .xlsx 或 .csv 文件' });
  });

  it('imports a 银盛 .xlsx statement (Excel dates and numbers)', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('对账单');
    ws.addRow(['银盛流水号', '商户订单号', '交易时间', '交易金额(元)', '手续费(元)', '终端号']);
    ws.addRow(['FT-YS-0001', 'SO-9', new Date(Date.UTC(2025, 2, 10, 14, 30, 0)), 288, 1.44, 'T001']);
    ws.addRow(['FT-YS-0002', 'SO-10', '2025-03-10 15:00:00', '99.90', '0', 'T001']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await s.call<{ count: number }>('POST', api('fin_flow/import_statement'), { headers: admin, json: { kind: 'ysepay', school_id: chaoyang, file_name: '银盛.xlsx', content: bytes.toString('base64') } });
    expect(res.body).toMatchObject({ code: 200, data: { count: 2 } });
    expect(await flowByTrade('fin_ysepay_flowing', 'FT-YS-0001')).toMatchObject({ amount: 28800, fee: 144, pay_time: '2025-03-10 14:30:00', terminal_no: 'T001' });
  });

  it('imports only into the caller’s campuses and only with the operation code', async () => {
    const other = await s.call('POST', api('fin_flow/import_statement'), { headers: principal, json: csvBody('yb', pudong, [YB_HEADER, 'FT-YB-0300,,,2025-03-12 09:00:00,1.00,,,,']) });
    expect(other.body).toMatchObject({ code: 404, msg: '校区不存在或无权访问' });
    const refused = await s.call('POST', api('fin_flow/import_statement'), { headers: sales, json: csvBody('yb', chaoyang, [YB_HEADER, 'FT-YB-0301,,,2025-03-12 09:00:00,1.00,,,,']) });
    expect(refused.body.code).toBe(403);
  });
});

describe('flow calls', () => {
  it('binds a student of the flow’s campus and unbinds; a student elsewhere is refused', async () => {
    const flow = (await flowByTrade('fin_yb_flowing', 'FT-YB-0001')) as Row;
    const own = await s.db.selectFrom('student').select('id').where('school_id', '=', chaoyang).where('del_flag', '=', 0).executeTakeFirstOrThrow();
    const far = await s.db.selectFrom('student').select('id').where('school_id', '=', pudong).where('del_flag', '=', 0).executeTakeFirstOrThrow();
    const bound = await s.call<Row>('POST', api('fin_yb_flowing/bind_student'), { headers: principal, json: { id: flow.id, student_id: own.id } });
    expect(bound.body).toMatchObject({ code: 200, data: { id: flow.id, student_id: own.id } });
    const elsewhere = await s.call('POST', api('fin_yb_flowing/bind_student'), { headers: principal, json: { id: flow.id, student_id: far.id } });
    expect(elsewhere.body).toMatchObject({ code: 404, msg: '学员不存在或无权访问' });
    const otherCampus = await s.call('POST', api('fin_yb_flowing/bind_student'), { headers: admin, json: { id: flow.id, student_id: far.id } });
    expect(otherCampus.body).toMatchObject({ code: 400, msg: '学员不属于该流水的校区，请先将流水转到学员所在校区' });
    const unbound = await s.call<Row>('POST', api('fin_yb_flowing/unbind_student'), { headers: principal, json: { id: flow.id } });
    expect(unbound.body).toMatchObject({ code: 200, data: { student_id: null } });
    const twice = await s.call('POST', api('fin_yb_flowing/unbind_student'), { headers: principal, json: { id: flow.id } });
    expect(twice.body).toMatchObject({ code: 400, msg: '该流水未绑定学员' });
  });

  it('queries the channel through the built-in provider, which records the request', async () => {
    const flow = (await flowByTrade('fin_yb_flowing', 'FT-YB-0003')) as Row;
    const res = await s.call<Record<string, unknown>>('GET', api('fin_yb_flowing/query_yeepay'), { headers: principal, query: { id: flow.id } });
    expect(res.body).toMatchObject({ code: 200, data: { trade_no: 'FT-YB-0003', status: 'REFUND', status_text: '已退款', amount: 2000, simulated: true } });
    const log = await s.call<Page<Row>>('GET', api('fin_provider_request/page'), { headers: admin, query: { target: 'FT-YB-0003' } });
    expect(log.body.data.content[0]).toMatchObject({ id: res.body.data.request_id, provider: 'yb', operation: 'query', school_id: chaoyang });
    expect(String(log.body.data.content[0].request)).toContain('FT-YB-0003');
  });

  it('moves a flow to another campus of the caller, not to one outside', async () => {
    const flow = (await flowByTrade('fin_ysepay_flowing', 'FT-YS-0002')) as Row;
    const out = await s.call('POST', api('fin_ysepay_flowing/trans_sch'), { headers: principal, json: { id: flow.id, school_id: pudong } });
    expect(out.body).toMatchObject({ code: 404, msg: '目标校区不存在或无权访问' });
    const same = await s.call('POST', api('fin_ysepay_flowing/trans_sch'), { headers: principal, json: { id: flow.id, school_id: chaoyang } });
    expect(same.body).toMatchObject({ code: 400, msg: '目标校区与当前校区相同' });
    const moved = await s.call<Row>('POST', api('fin_ysepay_flowing/trans_sch'), { headers: principal, json: { id: flow.id, school_id: haidian } });
    expect(moved.body).toMatchObject({ code: 200, data: { school_id: haidian, recon_state: 0 } });
    const viaUpdate = await s.call('POST', api('fin_ysepay_flowing/update'), { headers: admin, json: { id: flow.id, school_id: chaoyang } });
    expect(viaUpdate.body).toMatchObject({ code: 400, msg: '流水换校区请使用「转校区」' });
  });

  it('answers a flow of another campus exactly as a missing one, on every call', async () => {
    await s.call('POST', api('fin_flow/import_statement'), { headers: admin, json: csvBody('yb', pudong, [YB_HEADER, 'FT-YB-SH01,,,2025-03-10 09:00:00,10.00,,,,']) });
    const far = (await flowByTrade('fin_yb_flowing', 'FT-YB-SH01')) as Row;
    const missing = { code: 404, msg: '记录不存在或无权访问' };
    for (const [method, path, args] of [
      ['POST', 'fin_yb_flowing/bind_student', { json: { id: far.id, student_id: 1 } }],
      ['POST', 'fin_yb_flowing/unbind_student', { json: { id: far.id } }],
      ['POST', 'fin_yb_flowing/trans_sch', { json: { id: far.id, school_id: chaoyang } }],
      ['POST', 'fin_yb_flowing/update', { json: { id: far.id, remark: 'x' } }],
      ['POST', 'fin_yb_flowing/delete', { json: [{ id: far.id }] }],
      ['GET', 'fin_yb_flowing/query_yeepay', { query: { id: far.id } }],
      ['GET', 'fin_yb_flowing/get', { query: { id: far.id } }],
    ] as const) {
      const res = await s.call(method, api(path), { headers: principal, ...args });
      expect(res.body, path).toMatchObject(missing);
    }
    const page = await s.call<Page<Row>>('GET', api('fin_yb_flowing/page'), { headers: principal, query: { trade_no: 'FT-YB-SH01', pay_time: '' } });
    expect(page.body.data.totalSize).toBe(0);
  });

  it('needs the operation codes for writes and the screen for reads', async () => {
    const flow = (await flowByTrade('fin_yb_flowing', 'FT-YB-0001')) as Row;
    const bind = await s.call('POST', api('fin_yb_flowing/bind_student'), { headers: sales, json: { id: flow.id, student_id: 1 } });
    expect(bind.body.code).toBe(403);
    const read = await s.call('GET', api('fin_yb_flowing/page'), { headers: sales });
    expect(read.body.code).toBe(403);
  });
});

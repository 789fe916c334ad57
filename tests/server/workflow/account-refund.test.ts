import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, createTestServer, type Answer, type LoggedIn, type TestServer } from '../helpers';
import type { InstanceDetail } from '../../../src/contract/workflow';
import type { AccountStudentHit } from '../../../src/contract/finance-accounts';

/**
 * 账户余额退费 (issue 13, sale account refund + 受理学员): the finance area checks the application
 * when it starts (a student of the application's campus, an amount within the account balance)
 * and pays the money out of the account on the last approval, in its transaction; a balance spent
 * meanwhile refuses that approval with nothing written. On SQLite and, with TEST_DATABASE_URL,
 * PostgreSQL.
 */

let s: TestServer;
const who: Record<string, LoggedIn> = {};
let cy = 0;
let hd = 0;

beforeAll(async () => {
  s = await createTestServer();
  for (const u of ['principal', 'sales', 'finance', 'teacher']) who[u] = await s.login(u, DEMO_PASSWORD);
  const org = async (code: string) => (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  cy = await org('BJ-CY');
  hd = await org('BJ-HD');
}, 120_000);
afterAll(async () => s?.close());

const post = <T>(user: string, path: string, json: unknown) => s.call<T>('POST', `/api/v1/sys_wf/${path}`, { headers: who[user].headers, json });
const get = <T>(user: string, path: string, query: Record<string, string | number>) => s.call<T>('GET', `/api/v1/sys_wf/${path}`, { headers: who[user].headers, query });

async function balance(studentId: number): Promise<number> {
  const row = await s.db.selectFrom('fin_stu_account_flow').select('balance_after').where('account_key', '=', `student:${studentId}`).orderBy('id', 'desc').executeTakeFirst();
  return row?.balance_after ?? 0;
}

/** A student of the campus with at least `min` fen in the account and no account refund waiting. */
async function studentWithMoney(schoolId: number, min: number, skip: readonly number[] = []): Promise<{ id: number; name: string; balance: number }> {
  const rows = await s.db.selectFrom('fin_stu_account_flow as f').innerJoin('student as st', 'st.id', 'f.student_id').select(['st.id', 'st.name']).distinct().where('st.school_id', '=', schoolId).where('st.del_flag', '=', 0).orderBy('st.id').execute();
  for (const r of rows) {
    if (skip.includes(r.id)) continue;
    const b = await balance(r.id);
    if (b >= min) return { ...r, balance: b };
  }
  throw new Error('演示数据中没有账户余额足够的学员');
}

const form = (studentId: number, amount: number | string) => ({ student_id: studentId, student_name: '任意', amount, bank_account: '招商银行 6214 0000 0000 1234', reason: '测试退还余额' });
const apply = (studentId: number, amount: number | string, schoolId = cy) => post<{ instance_id: number }>('sales', 'create_instance', { tag: 'account_refund', school_id: schoolId, form: form(studentId, amount) });

async function instances(): Promise<number> {
  return Number((await s.db.selectFrom('wf_instance').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
}

async function approve(instanceId: number, user: string): Promise<Answer<{ state: number }>> {
  const d = await get<InstanceDetail>(user, 'instance_step_current', { instance_id: instanceId });
  expect(d.body.code).toBe(200);
  if (!d.body.data.my_task) throw new Error(`${user} 在流程 ${instanceId} 没有待办`);
  return post<{ state: number }>(user, 'run', { task_id: d.body.data.my_task.id, action: 'approve', comment: '同意' });
}

describe('账户余额退费', () => {
  it('受理学员 finds students of the caller campuses with their balance, for holders of the screen only', async () => {
    const st = await studentWithMoney(cy, 1);
    const hits = await s.call<AccountStudentHit[]>('GET', '/api/v1/fn_student_account/find_students', { headers: who.sales.headers, query: { keyword: st.name } });
    expect(hits.body.code).toBe(200);
    expect(hits.body.data.find((h) => h.id === st.id)).toMatchObject({ school_id: cy, balance: st.balance });
    expect((await s.call('GET', '/api/v1/fn_student_account/find_students', { headers: who.teacher.headers, query: { keyword: st.name } })).body.code).toBe(403);
  });

  it('refuses at the start, with nothing started: no student, another campus, more than the balance, a bad amount', async () => {
    const st = await studentWithMoney(cy, 200);
    const other = await studentWithMoney(hd, 1);
    const before = await instances();
    const noStudent = await post('sales', 'create_instance', { tag: 'account_refund', school_id: cy, form: { student_name: '某某', amount: 1, bank_account: 'x', reason: 'y' } });
    expect(noStudent.body).toMatchObject({ code: 400, msg: '请先受理学员' });
    expect((await apply(other.id, 1)).body).toMatchObject({ code: 404, msg: '学员不存在或不属于该校区' });
    const over = await apply(st.id, (st.balance + 1) / 100);
    expect(over.body.code).toBe(400);
    expect(over.body.msg).toContain('退还余额超过账户余额');
    expect((await apply(st.id, 0)).body).toMatchObject({ code: 400, msg: '退还余额必须大于 0' });
    expect((await apply(st.id, 1.234)).body.code).toBe(400);
    expect(await instances()).toBe(before);
  });

  it('pays the amount out of the account on the last approval (principal, then finance), with a 退费 receipt', async () => {
    const st = await studentWithMoney(cy, 300);
    const start = await apply(st.id, 1.5);
    expect(start.body.code).toBe(200);
    const id = start.body.data.instance_id;
    const stored = await s.db.selectFrom('wf_instance').select('form').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(String(stored.form))).toMatchObject({ student_id: st.id, student_name: st.name, amount: 1.5, balance_at_apply: st.balance });

    expect((await approve(id, 'principal')).body.code).toBe(200);
    expect(await balance(st.id)).toBe(st.balance);
    expect((await approve(id, 'finance')).body.code).toBe(200);
    expect(await balance(st.id)).toBe(st.balance - 150);
    const flow = await s.db.selectFrom('fin_stu_account_flow').select(['amount', 'biz_type', 'ref_type', 'ref_id']).where('account_key', '=', `student:${st.id}`).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(flow).toMatchObject({ amount: -150, biz_type: 'refund', ref_type: 'receipt' });
    const receipt = await s.db.selectFrom('fin_stu_account_receipts').selectAll().where('receipt_no', '=', String(flow.ref_id)).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ student_id: st.id, school_id: cy });
  });

  it('a balance spent meanwhile refuses the last approval (余额不足) and writes nothing; a refused one pays nothing', async () => {
    const st = await studentWithMoney(cy, 300);
    const all = (st.balance / 100).toFixed(2);
    const first = (await apply(st.id, all)).body.data.instance_id;
    const second = (await apply(st.id, all)).body.data.instance_id;
    for (const id of [first, second]) expect((await approve(id, 'principal')).body.code).toBe(200);
    expect((await approve(first, 'finance')).body.code).toBe(200);
    expect(await balance(st.id)).toBe(0);
    const flows = async () => Number((await s.db.selectFrom('fin_stu_account_flow').select((eb) => eb.fn.countAll().as('n')).where('account_key', '=', `student:${st.id}`).executeTakeFirstOrThrow()).n);
    const rowsBefore = await flows();
    const late = await approve(second, 'finance');
    expect(late.body.code).toBe(409);
    expect(late.body.msg).toContain('账户余额不足');
    expect(await flows()).toBe(rowsBefore);
    const d = await get<InstanceDetail>('finance', 'instance_step_current', { instance_id: second });
    expect(d.body.data.my_task).toBeTruthy();
    expect((await post('finance', 'run', { task_id: d.body.data.my_task?.id, action: 'refuse', comment: '余额已用完' })).body.code).toBe(200);
    expect(await balance(st.id)).toBe(0);
    expect(await flows()).toBe(rowsBefore);
  });
});

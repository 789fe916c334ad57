import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, createTestServer, type Answer, type LoggedIn, type TestServer } from '../helpers';
import type { InstanceRow } from '../../../src/contract/workflow';
import { principalDecides } from './workflow-fixture';

/**
 * 学员停课申请 from the workflow's application screen (create_instance with tag stop_class), on
 * SQLite and, with TEST_DATABASE_URL, on PostgreSQL: the students area files a real stop apply and
 * binds the application to it (ref_type student_stop_apply), so the principal's approval through
 * sys_wf/run stops the student for the days asked, a refusal leaves them 在读, and the screen's
 * list (tag stop_class) shows these and the stop applies filed from the student's page.
 */

let server: TestServer;
const who: Record<string, LoggedIn> = {};
let cy = 0;
const used = new Set<number>();

const post = <T>(user: string, path: string, json: unknown) => server.call<T>('POST', `/api/v1/sys_wf/${path}`, { headers: who[user].headers, json });

function apply(form: Record<string, unknown>): Promise<Answer<{ instance_id: number; state: number }>> {
  return post<{ instance_id: number; state: number }>('sales', 'create_instance', { tag: 'stop_class', school_id: cy, form: { reason: '学员出国交流', stop_date: '2026-12-15', days: 20, ...form } });
}

const decide = (instanceId: number, action: 'approve' | 'refuse') => principalDecides(server, who.principal, instanceId, action);

/** A 在读 student of 北京朝阳 whose name is used once there and who has no pending stop apply. */
async function freeStudent() {
  const rows = await server.db
    .selectFrom('student')
    .select(['id', 'name'])
    .where('school_id', '=', cy)
    .where('del_flag', '=', 0)
    .where('state', '=', 1)
    .where('id', 'not in', server.db.selectFrom('student_stop_apply').select('student_id').where('state', '=', 1))
    .orderBy('id')
    .execute();
  const all = await server.db.selectFrom('student').select('name').where('school_id', '=', cy).execute();
  const s = rows.find((r) => !used.has(r.id) && all.filter((a) => a.name === r.name).length === 1);
  if (!s) throw new Error('北京朝阳没有可停课的学员');
  used.add(s.id);
  return s;
}

const stateOf = async (id: number) => (await server.db.selectFrom('student').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

beforeAll(async () => {
  server = await createTestServer();
  who.admin = await server.login(ADMIN.login, ADMIN.password);
  for (const login of ['principal', 'sales']) who[login] = await server.login(login, DEMO_PASSWORD);
  cy = (await server.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow()).id;
}, 120_000);

afterAll(async () => server?.close());

describe('学员停课申请 through the students area', () => {
  it('refuses an application naming no student of the campus or no days, and starts nothing', async () => {
    const s = await freeStudent();
    const count = async () => Number((await server.db.selectFrom('wf_instance').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const applies = async () => Number((await server.db.selectFrom('student_stop_apply').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = [await count(), await applies()];
    expect((await apply({ student_name: '查无此人' })).body).toMatchObject({ code: 400, msg: '未找到该校区的这名学员，请核对学员姓名' });
    expect((await apply({ student_name: s.name, days: 0 })).body.code).toBe(400);
    expect((await apply({ student_name: s.name, days: 2.5 })).body).toMatchObject({ code: 400, msg: '停课天数应为 1 到 366 的整数' });
    expect([await count(), await applies()]).toEqual(before);
  });

  it('approved: a stop apply is filed at once, the principal approves through sys_wf/run and the student is 停课 for the days asked', async () => {
    const s = await freeStudent();
    const res = await apply({ student_name: s.name });
    expect(res.body).toMatchObject({ code: 200, data: { state: 1 } });
    const inst = await server.db.selectFrom('wf_instance').select(['ref_type', 'ref_id', 'form']).where('id', '=', res.body.data.instance_id).executeTakeFirstOrThrow();
    expect(inst.ref_type).toBe('student_stop_apply');
    const stop = await server.db.selectFrom('student_stop_apply').selectAll().where('id', '=', Number(inst.ref_id)).executeTakeFirstOrThrow();
    expect(stop).toMatchObject({ student_id: s.id, school_id: cy, start_date: '2026-12-15', days: 20, state: 1 });
    expect(JSON.parse(inst.form)).toMatchObject({ student_id: s.id, days: 20 });
    // the stop apply's own check is refused while its approval runs; a second application too
    expect((await server.call('POST', '/api/v1/student_stop_apply/check', { headers: who.principal.headers, json: { id: stop.id, state: 2 } })).body.code).toBe(409);
    expect((await apply({ student_name: s.name })).body).toMatchObject({ code: 409, msg: `${s.name} 已有待审核的停课申请` });
    expect(await stateOf(s.id)).toBe(1);

    expect((await decide(res.body.data.instance_id, 'approve')).body).toMatchObject({ code: 200, data: { state: 2 } });
    expect(await stateOf(s.id)).toBe(2);
    const after = await server.db.selectFrom('student_stop_apply').select(['state', 'wf_instance_id']).where('id', '=', stop.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ state: 2, wf_instance_id: res.body.data.instance_id });
    const days = await server.call<{ days: number }>('GET', '/api/v1/student_stop_apply/stopped_days', { headers: who.principal.headers, query: { student_id: s.id } });
    expect(days.body.data.days).toBe(20);
  });

  it('refused: the stop apply is refused and the student stays 在读', async () => {
    const s = await freeStudent();
    const res = await apply({ student_name: s.name, days: 5 });
    expect(res.body.code).toBe(200);
    expect((await decide(res.body.data.instance_id, 'refuse')).body).toMatchObject({ code: 200, data: { state: 3 } });
    expect(await stateOf(s.id)).toBe(1);
    const inst = await server.db.selectFrom('wf_instance').select('ref_id').where('id', '=', res.body.data.instance_id).executeTakeFirstOrThrow();
    expect((await server.db.selectFrom('student_stop_apply').select('state').where('id', '=', Number(inst.ref_id)).executeTakeFirstOrThrow()).state).toBe(3);
  });

  it("the screen's list (tag stop_class) shows its applications and the stop applies filed from the student's page", async () => {
    const s = await freeStudent();
    const added = await server.call<{ id: number }>('POST', '/api/v1/student_stop_apply/add', { headers: who.sales.headers, json: { student_id: s.id, start_date: '2026-12-20', days: 3, reason: '家中有事' } });
    expect(added.body).toMatchObject({ code: 200 });
    const inst = await server.db.selectFrom('wf_instance').select('id').where('ref_type', '=', 'student_stop_apply').where('ref_id', '=', added.body.data.id).executeTakeFirstOrThrow();
    const list = await server.call<{ content: InstanceRow[]; totalSize: number }>('GET', '/api/v1/sys_wf/wf_instance_list', { headers: who.sales.headers, query: { type: 'apply', tag: 'stop_class', page: 1, rows: 100 } });
    expect(list.body.code).toBe(200);
    const ids = list.body.data.content.map((r) => r.id);
    expect(ids).toContain(inst.id);
    expect(list.body.data.content.every((r) => r.ref_type === 'student_stop_apply' || r.ref_type === 'stop_class')).toBe(true);
    expect(list.body.data.content.filter((r) => r.ref_type === 'student_stop_apply').length).toBeGreaterThanOrEqual(3);
  });
});

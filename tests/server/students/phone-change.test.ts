import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, createTestServer, type Answer, type LoggedIn, type TestServer } from '../helpers';
import { principalDecides } from './workflow-fixture';

/**
 * 学员手机号变更 through the workflow (server/modules/students/phone-change.ts), on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL: the application must name a student of the campus by name and
 * old phone (or refuses with nothing started), and its approval writes the new phone: a parent's on
 * the parent and each child's contact, a student's on the student; a phone changed meanwhile
 * refuses the approval.
 */

let server: TestServer;
const who: Record<string, LoggedIn> = {};
let cy = 0;

const post = <T>(user: string, path: string, json: unknown) => server.call<T>('POST', `/api/v1/sys_wf/${path}`, { headers: who[user].headers, json });

async function applyChange(form: Record<string, unknown>): Promise<Answer<{ instance_id: number }>> {
  return post<{ instance_id: number }>('sales', 'create_instance', { tag: 'phone_change', school_id: cy, form: { reason: '测试', ...form } });
}

const approve = (instanceId: number) => principalDecides(server, who.principal, instanceId, 'approve');

/** A student of 北京朝阳 whose name is used once there, with the phone asked for. */
async function studentWith(column: 'phone' | 'parent_phone', skip = 0) {
  const rows = await server.db.selectFrom('student').select(['id', 'name', 'phone', 'parent_phone']).where('school_id', '=', cy).where('del_flag', '=', 0).where(column, 'is not', null).orderBy('id').execute();
  const all = await server.db.selectFrom('student').select('name').where('school_id', '=', cy).execute();
  const unique = rows.filter((r) => all.filter((a) => a.name === r.name).length === 1);
  return unique[unique.length - 1 - skip];
}

beforeAll(async () => {
  server = await createTestServer();
  who.admin = await server.login(ADMIN.login, ADMIN.password);
  for (const login of ['principal', 'sales']) who[login] = await server.login(login, DEMO_PASSWORD);
  cy = (await server.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow()).id;
}, 120_000);

afterAll(async () => server?.close());

describe('student phone-number change through the workflow', () => {
  it('refuses an application naming no student of the campus, or a bad new phone, and starts nothing', async () => {
    const s = await studentWith('parent_phone');
    const before = await server.db.selectFrom('wf_instance').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect((await applyChange({ student_name: '查无此人', old_phone: s.parent_phone, new_phone: '13900000001' })).body).toMatchObject({ code: 400, msg: '未找到该学员或原手机号不符，请核对学员姓名和原手机号' });
    expect((await applyChange({ student_name: s.name, old_phone: '13000000000', new_phone: '13900000001' })).body.code).toBe(400);
    expect((await applyChange({ student_name: s.name, old_phone: s.parent_phone, new_phone: '1390000' })).body).toMatchObject({ code: 400, msg: '新手机号应为11位数字，以1开头' });
    expect((await applyChange({ student_name: s.name, old_phone: s.parent_phone, new_phone: s.parent_phone })).body).toMatchObject({ code: 400, msg: '新手机号与原手机号相同' });
    const after = await server.db.selectFrom('wf_instance').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("a parent's phone: approved, the parent and every child of theirs carry the new phone", async () => {
    const s = await studentWith('parent_phone');
    const link = await server.db.selectFrom('stu_parent_student as l').innerJoin('stu_parent as p', 'p.id', 'l.parent_id').select('p.id').where('l.student_id', '=', s.id).where('p.phone', '=', String(s.parent_phone)).executeTakeFirstOrThrow();
    const res = await applyChange({ student_name: s.name, old_phone: s.parent_phone, new_phone: '19912340001' });
    expect(res.body.code).toBe(200);
    const stored = await server.db.selectFrom('wf_instance').select('form').where('id', '=', res.body.data.instance_id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.form)).toMatchObject({ student_id: s.id, phone_of: 'parent', parent_id: link.id });
    // nothing changes before the approval
    expect((await server.db.selectFrom('stu_parent').select('phone').where('id', '=', link.id).executeTakeFirstOrThrow()).phone).toBe(s.parent_phone);
    expect((await approve(res.body.data.instance_id)).body).toMatchObject({ code: 200, data: { state: 2 } });
    expect((await server.db.selectFrom('stu_parent').select('phone').where('id', '=', link.id).executeTakeFirstOrThrow()).phone).toBe('19912340001');
    const children = await server.db.selectFrom('stu_parent_student as l').innerJoin('student as st', 'st.id', 'l.student_id').select(['st.parent_phone', 'l.is_primary']).where('l.parent_id', '=', link.id).execute();
    expect(children.filter((c) => c.is_primary === 1).every((c) => c.parent_phone === '19912340001')).toBe(true);
  });

  it("a student's own phone: approved, the student's phone is the new one; changed meanwhile, the approval is refused", async () => {
    const s = await studentWith('phone');
    const res = await applyChange({ student_name: s.name, old_phone: s.phone, new_phone: '19912340002' });
    expect(res.body.code).toBe(200);
    expect((await approve(res.body.data.instance_id)).body.code).toBe(200);
    expect((await server.db.selectFrom('student').select('phone').where('id', '=', s.id).executeTakeFirstOrThrow()).phone).toBe('19912340002');

    const again = await applyChange({ student_name: s.name, old_phone: '19912340002', new_phone: '19912340003' });
    expect(again.body.code).toBe(200);
    await server.db.updateTable('student').set({ phone: '19912340009' }).where('id', '=', s.id).execute();
    expect((await approve(again.body.data.instance_id)).body).toMatchObject({ code: 409, msg: '学员的原手机号已被修改，请拒绝本申请后重新申请' });
    expect((await server.db.selectFrom('student').select('phone').where('id', '=', s.id).executeTakeFirstOrThrow()).phone).toBe('19912340009');
  });
});

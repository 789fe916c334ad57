import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, createTestServer, type LoggedIn, type TestServer } from '../helpers';
import { todayText } from '../../../server/lib/time';

/**
 * An approver reads the business record of their task whatever their campus scope (the resources'
 * `readsOutOfScope` hook, wired to the workflow's takesPart), on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL: a stop apply and a freeze of 北京朝阳 whose principal's task an
 * administrator hands to the teacher of 上海浦东; the teacher reads them while the task is theirs,
 * a user of another campus who takes no part is answered exactly as for a missing record.
 */

let s: TestServer;
const who: Record<string, LoggedIn> = {};
let cy = 0;

const api = (p: string) => `/api/v1/${p}`;

/** A 在读 student of 北京朝阳 with no pending stop apply or freeze. */
async function cyStudent(skip: number) {
  const rows = await s.db
    .selectFrom('student')
    .select(['id', 'name'])
    .where('school_id', '=', cy)
    .where('del_flag', '=', 0)
    .where('state', '=', 1)
    .where('id', 'not in', s.db.selectFrom('student_stop_apply').select('student_id'))
    .where('id', 'not in', s.db.selectFrom('student_freeze').select('student_id'))
    .orderBy('id')
    .execute();
  return rows[skip];
}

/** The administrator hands the pending task of an instance to `login`. */
async function handTo(instanceId: number, login: string): Promise<void> {
  const task = await s.db.selectFrom('wf_task').select('id').where('instance_id', '=', instanceId).where('state', '=', 0).executeTakeFirstOrThrow();
  const res = await s.call('POST', api('sys_wf/repair'), { headers: who.admin.headers, json: { instance_id: instanceId, task_id: task.id, user_id: who[login].user.id, comment: '转交' } });
  expect(res.body.code).toBe(200);
}

beforeAll(async () => {
  s = await createTestServer();
  who.admin = await s.login(ADMIN.login, ADMIN.password);
  for (const login of ['principal', 'sales', 'teacher', 'foreign_teacher']) who[login] = await s.login(login, DEMO_PASSWORD);
  cy = (await s.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow()).id;
  await s.db.updateTable('wf_define').set({ state: 1 }).where('tag', 'in', ['stop_class', 'freeze']).execute();
}, 120_000);

afterAll(async () => s?.close());

describe('approvers read the record of their task outside their campus scope', () => {
  it('a stop apply: the approver of another campus reads it, a bystander of that campus gets the missing answer', async () => {
    const st = await cyStudent(0);
    const added = await s.call<{ id: number }>('POST', api('student_stop_apply/add'), { headers: who.sales.headers, json: { student_id: st.id, start_date: todayText(), days: 5, reason: '外出比赛' } });
    expect(added.body.code).toBe(200);
    const get = (login: string) => s.call<{ id: number; student_id: number }>('GET', api('student_stop_apply/get'), { headers: who[login].headers, query: { id: added.body.data.id } });
    const inst = await s.db.selectFrom('wf_instance').select('id').where('ref_type', '=', 'student_stop_apply').where('ref_id', '=', added.body.data.id).executeTakeFirstOrThrow();
    // before: outside the teacher's campus, as missing
    const before = await get('teacher');
    expect(before.body.code).toBe(404);
    await handTo(inst.id, 'teacher');
    expect((await get('teacher')).body).toMatchObject({ code: 200, data: { id: added.body.data.id, student_id: st.id } });
    // a user of the same other campus who takes no part: exactly as a missing record
    const bystander = await get('foreign_teacher');
    const missing = await s.call('GET', api('student_stop_apply/get'), { headers: who.foreign_teacher.headers, query: { id: 99_999_999 } });
    expect(bystander.body.code).toBe(404);
    expect(bystander.body).toEqual(missing.body);
    expect(before.body).toEqual(missing.body);
    // the applicant and the campus keep reading it as before
    expect((await get('sales')).body.code).toBe(200);
  });

  it('a freeze: the approver of another campus reads it while the task is theirs; a bystander does not', async () => {
    const st = await cyStudent(1);
    const today = todayText();
    const f = await s.call<{ id: number; wf_instance_id: number }>('POST', api('student/apply_freeze'), { headers: who.principal.headers, json: { student_id: st.id, start_date: today, end_date: today, reason: '家中有事' } });
    expect(f.body.code).toBe(200);
    const get = (login: string) => s.call<{ id: number }>('GET', api('student_freeze/get'), { headers: who[login].headers, query: { id: f.body.data.id } });
    expect((await get('teacher')).body.code).toBe(404);
    await handTo(Number(f.body.data.wf_instance_id), 'teacher');
    expect((await get('teacher')).body).toMatchObject({ code: 200, data: { id: f.body.data.id } });
    expect((await get('foreign_teacher')).body.code).toBe(404);
  });
});

import { expect } from 'vitest';
import type { Answer, LoggedIn, TestServer } from '../helpers';
import type { InstanceDetail } from '../../../src/contract/workflow';
import { api } from './flows-helpers';

/** Set-up shared by the finance tests: the answer's envelope, a fresh student with an empty account, a workflow decision. */

export type Body<T> = { code: number; msg: string; data: T };

/** The answer's data, after checking the call succeeded (its msg names what failed otherwise). */
export async function ok<T>(p: Promise<{ body: Body<T> }>): Promise<T> {
  const res = await p;
  expect(res.body.msg).toBe('成功');
  return res.body.data;
}

/** A new student of a campus, added by `who` (its account starts at 0, its receipts are the test's own). */
export async function addStudent(s: TestServer, who: LoggedIn, schoolId: number, name: string, gender = 1): Promise<number> {
  return (await ok(s.call<{ id: number }>('POST', api('student/add'), { headers: who.headers, json: { school_id: schoolId, name, gender } }))).id;
}

/**
 * `who` decides their task on a workflow instance (the one its detail call names, which must answer) through
 * sys_wf/run; the answer as it came, for the test to check. Throws when `who` has no task there.
 */
export async function decide(s: TestServer, who: LoggedIn, instanceId: number, action: 'approve' | 'refuse' = 'approve'): Promise<Answer<{ state: number }>> {
  const d = await ok(s.call<InstanceDetail>('GET', api('sys_wf/instance_step_current'), { headers: who.headers, query: { instance_id: instanceId } }));
  if (!d.my_task) throw new Error(`流程 ${instanceId} 没有该用户的待办`);
  return s.call<{ state: number }>('POST', api('sys_wf/run'), { headers: who.headers, json: { task_id: d.my_task.id, action, comment: action === 'approve' ? '同意' : '不同意' } });
}

import type { Answer, LoggedIn, TestServer } from '../helpers';
import type { InstanceDetail } from '../../../src/contract/workflow';

/**
 * The students area's applications run on the workflow: a test files one with create_instance and
 * the campus principal decides it through sys_wf/run on the task the detail call names.
 */
export async function principalDecides(server: TestServer, principal: LoggedIn, instanceId: number, action: 'approve' | 'refuse'): Promise<Answer<{ state: number }>> {
  const d = await server.call<InstanceDetail>('GET', '/api/v1/sys_wf/instance_step_current', { headers: principal.headers, query: { instance_id: instanceId } });
  const task = d.body.data.my_task;
  if (!task) throw new Error(`校长在流程 ${instanceId} 没有待办`);
  return server.call<{ state: number }>('POST', '/api/v1/sys_wf/run', { headers: principal.headers, json: { task_id: task.id, action, comment: action === 'approve' ? '同意' : '不同意' } });
}

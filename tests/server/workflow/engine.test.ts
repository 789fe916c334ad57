import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, createTestServer, type Answer, type LoggedIn, type TestServer } from '../helpers';
import { createInstance, registerOutcome } from '../../../server/modules/workflow';
import { ApiError } from '../../../server/lib/http';
import type { DefineRow, InstanceDetail, InstancePage } from '../../../src/contract/workflow';
import type { FormField, WfNode } from '../../../src/contract/workflow-tree';

/**
 * The approval engine through its calls (and its public module), on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL: every approver kind, the three modes, condition branches,
 * immutable versions, recall rules, repair, the administrators' queue, permitted form edits,
 * outcome handlers in the last step's transaction, and concurrent answers to one task.
 */

let server: TestServer;
const who: Record<string, LoggedIn> = {};
const ids: Record<string, number> = {};
const school: Record<string, number> = {};

async function ok<T>(r: Promise<Answer<T>>): Promise<T> {
  const a = await r;
  if (a.body.code !== 200) throw new Error(`${a.body.code} ${a.body.msg}`);
  return a.body.data;
}

function post<T>(user: string, path: string, json: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  return server.call<T>('POST', `/api/v1/sys_wf/${path}`, { headers: { ...who[user].headers, ...headers }, json });
}
function get<T>(user: string, path: string, query: Record<string, string | number>): Promise<Answer<T>> {
  return server.call<T>('GET', `/api/v1/sys_wf/${path}`, { headers: who[user].headers, query });
}

const FORM: FormField[] = [
  { name: 'amount', label: '金额', type: 'money', required: true },
  { name: 'reason', label: '事由', type: 'textarea', required: true },
  { name: 'remark', label: '备注', type: 'text' },
];

let seq = 0;
/** A new definition (tag = key) saved with `tree`. */
async function define(tree: WfNode, form: FormField[] = FORM): Promise<DefineRow> {
  seq += 1;
  const key = `t_${seq}_${Date.now() % 100000}`;
  const created = await ok(post<DefineRow>('admin', 'define_create', { define_key: key, name: `测试流程${seq}`, tag: key }));
  return ok(post<DefineRow>('admin', 'define_save', { id: created.id, name: created.name, tag: key, tree, form }));
}

const start = (child: WfNode): WfNode => ({ id: 'start', name: '发起人', type: 'start', child });
const approver = (id: string, rule: Extract<WfNode, { type: 'approver' }>['rule'], mode: 'all' | 'any' | 'seq' = 'any', child?: WfNode, fields?: Record<string, 'edit' | 'read' | 'hidden'>): WfNode => ({
  id,
  name: `${id}审批`,
  type: 'approver',
  mode,
  rule,
  child,
  fields,
});

async function apply(user: string, def: DefineRow, form: Record<string, unknown> = { amount: 100, reason: '测试' }, schoolCode = 'BJ-CY'): Promise<number> {
  const r = await ok(post<{ instance_id: number }>(user, 'create_instance', { define_key: def.define_key, school_id: school[schoolCode], form }));
  return r.instance_id;
}

async function detail(user: string, instanceId: number): Promise<InstanceDetail> {
  return ok(get<InstanceDetail>(user, 'instance_step_current', { instance_id: instanceId }));
}

async function taskOf(user: string, instanceId: number): Promise<number> {
  const d = await detail(user, instanceId);
  if (!d.my_task) throw new Error(`${user} 在流程 ${instanceId} 没有待办`);
  return d.my_task.id;
}

async function run(user: string, instanceId: number, action: 'approve' | 'refuse' = 'approve', extra: Record<string, unknown> = {}): Promise<Answer<{ state: number }>> {
  return post<{ state: number }>(user, 'run', { task_id: await taskOf(user, instanceId), action, comment: '意见', ...extra });
}

async function state(instanceId: number): Promise<number> {
  const row = await server.db.selectFrom('wf_instance').select('state').where('id', '=', instanceId).executeTakeFirstOrThrow();
  return row.state;
}

async function pendingAssignees(instanceId: number): Promise<(number | null)[]> {
  const rows = await server.db.selectFrom('wf_task').select('assignee_id').where('instance_id', '=', instanceId).where('state', '=', 0).orderBy('id').execute();
  return rows.map((r) => r.assignee_id);
}

beforeAll(async () => {
  server = await createTestServer();
  who.admin = await server.login(ADMIN.login, ADMIN.password);
  for (const u of ['principal', 'sales', 'finance', 'front_desk', 'teacher', 'telemarketer']) who[u] = await server.login(u, DEMO_PASSWORD);
  for (const u of await server.db.selectFrom('users').select(['id', 'login_id']).execute()) ids[u.login_id] = u.id;
  for (const o of await server.db.selectFrom('organisations').select(['id', 'code']).execute()) school[o.code ?? ''] = o.id;
});

afterAll(async () => {
  await server?.close();
});

describe('approver kinds', () => {
  it('a named user, a role in the applicant campus, the superior, the campus principal', async () => {
    const named = await define(start(approver('named', { kind: 'user', user_ids: [ids.finance] })));
    expect(await pendingAssignees(await apply('sales', named))).toEqual([ids.finance]);

    // 课程顾问 of 北京朝阳 (the principal applies for that campus)
    const role = await define(start(approver('role', { kind: 'role', role_code: 'sales' })));
    // every 课程顾问 of 北京朝阳 (the demo's 刘洋 among them), nobody else
    const holders = await server.db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').innerJoin('user_schools', 'user_schools.user_id', 'user_roles.user_id').innerJoin('users', 'users.id', 'user_roles.user_id').select('users.id').where('roles.code', '=', 'sales').where('user_schools.school_id', '=', school['BJ-CY']).where('users.state', '=', 1).where('users.del_flag', '=', 0).execute();
    const assigned = await pendingAssignees(await apply('principal', role));
    expect(assigned).toContain(ids.sales);
    expect(assigned.toSorted()).toEqual([...new Set(holders.map((h) => h.id))].toSorted());
    // a role nobody holds (a new one): the administrators' queue
    await server.db.insertInto('roles').values({ code: 'zz_wf_nobody', name: '无人角色', remark: null, created_at: null, updated_at: null, created_by: null, updated_by: null }).execute();
    const nobody = await define(start(approver('role', { kind: 'role', role_code: 'zz_wf_nobody' })));
    expect(await pendingAssignees(await apply('principal', nobody))).toEqual([null]);

    // 刘洋 works in 北京朝阳 (a campus without a named leader): its principal; the principal's superior is the head office leader
    const superior = await define(start(approver('sup', { kind: 'superior' })));
    expect(await pendingAssignees(await apply('sales', superior))).toEqual([ids.principal]);
    expect(await pendingAssignees(await apply('principal', superior))).toEqual([ids.admin]);

    const principal = await define(start(approver('p', { kind: 'principal' })));
    expect(await pendingAssignees(await apply('sales', principal))).toEqual([ids.principal]);
  });

  it('with nobody to approve, the task waits in the administrators queue; the administrator approves or hands it on', async () => {
    const def = await define(start(approver('p', { kind: 'principal' })));
    const first = await apply('front_desk', def, undefined, 'GZ-TH');
    const inst = await server.db.selectFrom('wf_instance').select(['admin_queue', 'current_approvers']).where('id', '=', first).executeTakeFirstOrThrow();
    expect(inst).toEqual({ admin_queue: 1, current_approvers: '管理员' });
    const todo = await ok(get<InstancePage>('admin', 'wf_instance_list', { type: 'todo', rows: 100 }));
    expect(todo.content.find((r) => r.id === first)?.task_id).toBeTypeOf('number');
    // the principal (who watches the workflows of 北京朝阳 and 北京海淀) neither sees nor takes it
    expect((await get('principal', 'instance_step_current', { instance_id: first })).body.code).toBe(404);
    const theirs = await ok(get<InstancePage>('principal', 'wf_instance_list', { type: 'todo', rows: 100 }));
    expect(theirs.content.some((r) => r.id === first)).toBe(false);
    const queuedTask = await server.db.selectFrom('wf_task').select('id').where('instance_id', '=', first).where('state', '=', 0).executeTakeFirstOrThrow();
    expect((await post('principal', 'run', { task_id: queuedTask.id, action: 'approve' })).body.code).toBe(404);
    expect((await run('admin', first)).body.code).toBe(200);
    expect(await state(first)).toBe(2);

    // repair: hand the queued task to a named person, who then approves
    const second = await apply('front_desk', def, undefined, 'GZ-TH');
    const queued = await server.db.selectFrom('wf_task').select('id').where('instance_id', '=', second).where('state', '=', 0).executeTakeFirstOrThrow();
    expect((await post('admin', 'repair', { instance_id: second, task_id: queued.id, user_id: ids.finance, comment: '由财务代审' })).body.code).toBe(200);
    expect(await pendingAssignees(second)).toEqual([ids.finance]);
    expect((await run('finance', second)).body.code).toBe(200);
    expect(await state(second)).toBe(2);
  });

  it('a user who left is no approver', async () => {
    const def = await define(start(approver('named', { kind: 'user', user_ids: [ids.telemarketer] })));
    await server.db.updateTable('users').set({ state: 0 }).where('id', '=', ids.telemarketer).execute();
    try {
      expect(await pendingAssignees(await apply('sales', def))).toEqual([null]);
    } finally {
      await server.db.updateTable('users').set({ state: 1 }).where('id', '=', ids.telemarketer).execute();
    }
  });
});

describe('modes and branches', () => {
  it('all must approve; any one is enough; in sequence one after another', async () => {
    const all = await define(start(approver('all', { kind: 'user', user_ids: [ids.principal, ids.finance] }, 'all')));
    const a = await apply('sales', all);
    expect((await run('principal', a)).body.code).toBe(200);
    expect(await state(a)).toBe(1);
    expect((await run('finance', a)).body.code).toBe(200);
    expect(await state(a)).toBe(2);

    const any = await define(start(approver('any', { kind: 'user', user_ids: [ids.principal, ids.finance] }, 'any')));
    const b = await apply('sales', any);
    expect((await run('finance', b)).body.code).toBe(200);
    expect(await state(b)).toBe(2);
    const cancelled = await server.db.selectFrom('wf_task').select('state').where('instance_id', '=', b).where('assignee_id', '=', ids.principal).executeTakeFirstOrThrow();
    expect(cancelled.state).toBe(3);

    const seqDef = await define(start(approver('seq', { kind: 'user', user_ids: [ids.principal, ids.finance] }, 'seq')));
    const c = await apply('sales', seqDef);
    expect(await pendingAssignees(c)).toEqual([ids.principal]);
    expect((await get<InstanceDetail>('finance', 'instance_step_current', { instance_id: c })).body.data.my_task).toBeNull();
    expect((await run('principal', c)).body.code).toBe(200);
    expect(await pendingAssignees(c)).toEqual([ids.finance]);
    expect((await run('finance', c)).body.code).toBe(200);
    expect(await state(c)).toBe(2);
  });

  it('a condition branch on a form field picks the path; prerun shows it without writing', async () => {
    const tree = start({
      id: 'b',
      name: '金额判断',
      type: 'branch',
      branches: [
        { id: 'big', name: '大额', conditions: [{ field: 'amount', op: 'gt', value: '5000' }], child: approver('fin', { kind: 'user', user_ids: [ids.finance] }) },
        { id: 'other', name: '其他情况', conditions: [] },
      ],
      child: approver('p', { kind: 'principal' }),
    });
    const def = await define(tree);
    const before = await server.db.selectFrom('wf_instance').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const pre = await ok(post<{ path: { node_id: string; approvers: { id: number }[] }[] }>('sales', 'prerun', { define_key: def.define_key, form: { amount: 8000, reason: '大额' } }));
    expect(pre.path.map((n) => n.node_id)).toEqual(['start', 'fin', 'p', '__end']);
    const small = await ok(post<{ path: { node_id: string }[] }>('sales', 'prerun', { define_key: def.define_key, form: { amount: 80, reason: '小额' } }));
    expect(small.path.map((n) => n.node_id)).toEqual(['start', 'p', '__end']);
    const after = await server.db.selectFrom('wf_instance').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const big = await apply('sales', def, { amount: 8000, reason: '大额' });
    expect(await pendingAssignees(big)).toEqual([ids.finance]);
    await run('finance', big);
    expect(await pendingAssignees(big)).toEqual([ids.principal]);
    const little = await apply('sales', def, { amount: 80, reason: '小额' });
    expect(await pendingAssignees(little)).toEqual([ids.principal]);
  });

  it('a copy node and the end node', async () => {
    const def = await define(start({ id: 'cc', name: '抄送财务', type: 'copy', rule: { kind: 'user', user_ids: [ids.finance] }, child: approver('p', { kind: 'principal' }, 'any', { id: 'e', name: '结束', type: 'end' }) }));
    const inst = await apply('sales', def);
    const copies = await ok(get<InstancePage>('finance', 'wf_instance_list', { type: 'copy', rows: 100 }));
    expect(copies.content.some((r) => r.id === inst)).toBe(true);
    expect((await detail('finance', inst)).instance.id).toBe(inst);
    await run('principal', inst);
    expect(await state(inst)).toBe(2);
  });

  it('refuses a tree without an approver rule or a default branch, with Chinese messages', async () => {
    const created = await ok(post<DefineRow>('admin', 'define_create', { define_key: `bad_${Date.now() % 100000}`, name: '坏流程', tag: 'bad' }));
    const r = await post('admin', 'define_save', {
      id: created.id,
      name: '坏流程',
      tag: 'bad',
      form: FORM,
      tree: start({ id: 'b', name: '判断', type: 'branch', branches: [{ id: 'x', name: 'x', conditions: [{ field: 'amount', op: 'gt', value: '1' }], child: { id: 'a', name: '审批', type: 'approver', mode: 'any' } }, { id: 'y', name: 'y', conditions: [{ field: 'amount', op: 'lt', value: ' ' }] }] }),
    });
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toContain('没有设置审批人');
    expect(r.body.msg).toContain('缺少默认分支');
    expect(r.body.msg).toContain('分支「y」的条件值不能为空');
    const version = await server.db.selectFrom('wf_define').select('version').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(version.version).toBe(1);
  });
});

describe('versions', () => {
  it('each save is a new version; a running instance keeps the one it started on', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal] }, 'any', approver('b', { kind: 'user', user_ids: [ids.finance] }))));
    const old = await apply('sales', def);
    const saved = await ok(post<DefineRow>('admin', 'define_save', { id: def.id, name: def.name, tag: def.tag, form: FORM, tree: start(approver('a', { kind: 'user', user_ids: [ids.principal] })) }));
    expect(saved.version).toBe(def.version + 1);
    await run('principal', old);
    // the old version still has the finance node
    expect(await pendingAssignees(old)).toEqual([ids.finance]);
    const fresh = await apply('sales', def);
    await run('principal', fresh);
    expect(await state(fresh)).toBe(2);
    const designer = await ok(get<{ versions: { version: number; instances: number }[] }>('admin', 'designer', { define_id: def.id }));
    expect(designer.versions.map((v) => v.version)).toEqual([saved.version, saved.version - 1, saved.version - 2]);
    expect(designer.versions[0].instances).toBe(1);
  });
});

describe('recall, refuse, interrupt, repair', () => {
  it('the applicant recalls while the current approvers have not acted, not after', async () => {
    const def = await define(start(approver('all', { kind: 'user', user_ids: [ids.principal, ids.finance] }, 'all', approver('last', { kind: 'user', user_ids: [ids.admin] }))));
    const a = await apply('sales', def);
    expect((await post('principal', 'recall', { instance_id: a })).body.code).toBe(403);
    expect((await post('sales', 'recall', { instance_id: a, comment: '填错了' })).body.code).toBe(200);
    expect(await state(a)).toBe(4);
    expect(await pendingAssignees(a)).toEqual([]);

    const b = await apply('sales', def);
    await run('principal', b);
    const refused = await post('sales', 'recall', { instance_id: b });
    expect(refused.body).toMatchObject({ code: 409, msg: '审批人已处理，不能撤回' });
    await run('finance', b);
    // the node moved on: the next approver has not acted yet
    expect((await post('sales', 'recall', { instance_id: b })).body.code).toBe(200);
    expect((await post('sales', 'recall', { instance_id: b })).body.code).toBe(409);
  });

  it('refuse ends the instance, or sends it back to an earlier node', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal] }, 'any', approver('b', { kind: 'user', user_ids: [ids.finance] }))));
    const a = await apply('sales', def);
    await run('principal', a);
    const d = await detail('finance', a);
    // 发起人 (the start node: back to the applicant) first, then the approver nodes passed
    expect(d.my_task?.earlier_nodes.map((n) => n.node_id)).toEqual(['start', 'a']);
    expect((await run('finance', a, 'refuse', { back_node_id: 'nope' })).body.code).toBe(400);
    expect((await run('finance', a, 'refuse', { back_node_id: 'a' })).body.code).toBe(200);
    expect(await pendingAssignees(a)).toEqual([ids.principal]);
    expect((await run('principal', a, 'refuse')).body.code).toBe(200);
    expect(await state(a)).toBe(3);
    const steps = (await detail('sales', a)).steps.map((s) => s.action);
    expect(steps).toEqual(['submit', 'approve', 'back', 'refuse', 'finish']);
  });

  it('refuse back to the applicant: the instance waits for them, they correct the form and resubmit, the flow runs again with its history kept', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal] }, 'any', approver('b', { kind: 'user', user_ids: [ids.finance] }))));
    const a = await apply('sales', def, { amount: 100, reason: '购买教具' });
    await run('principal', a);
    expect((await run('finance', a, 'refuse', { comment: '金额不对', back_node_id: 'start' })).body).toMatchObject({ code: 200, data: { state: 1 } });
    // running, at the applicant, nobody's to-do; the applicant is told
    expect(await state(a)).toBe(1);
    expect(await pendingAssignees(a)).toEqual([]);
    const back = await detail('sales', a);
    expect(back.instance).toMatchObject({ current_node_name: '发起人', current_approvers: '刘洋' });
    expect(back).toMatchObject({ can_resubmit: true, can_recall: true });
    expect((await detail('principal', a)).can_resubmit).toBe(false);
    const told = await server.db.selectFrom('sys_user_message').select('title').where('user_id', '=', ids.sales).where('title', 'like', '退回修改：%').execute();
    expect(told.length).toBeGreaterThan(0);
    // only the applicant resubmits; a bad form is refused and nothing is written
    expect((await post('principal', 'resubmit', { instance_id: a })).body).toMatchObject({ code: 403, msg: '只有发起人可以重新提交申请' });
    const stepsBefore = (await detail('sales', a)).steps.length;
    expect((await post('sales', 'resubmit', { instance_id: a, form: { amount: 'abc' } })).body.code).toBe(400);
    expect((await detail('sales', a)).steps.length).toBe(stepsBefore);
    // corrected and resubmitted: the first approver again, the change kept as a diff
    expect((await post<{ state: number }>('sales', 'resubmit', { instance_id: a, form: { amount: 80 }, comment: '已改为80元' })).body).toMatchObject({ code: 200, data: { state: 1 } });
    expect(await pendingAssignees(a)).toEqual([ids.principal]);
    const again = await detail('sales', a);
    expect(again.form).toMatchObject({ amount: 80, reason: '购买教具' });
    expect(again.can_resubmit).toBe(false);
    expect(again.steps.map((s) => s.action)).toEqual(['submit', 'approve', 'back', 'edit_form', 'resubmit']);
    expect(again.steps.find((s) => s.action === 'edit_form')?.diff).toEqual([expect.objectContaining({ field: 'amount', before: 100, after: 80 })]);
    expect((await post('sales', 'resubmit', { instance_id: a })).body).toMatchObject({ code: 409, msg: '申请未被退回，不能重新提交' });
    await run('principal', a);
    await run('finance', a);
    expect(await state(a)).toBe(2);
    expect((await detail('sales', a)).steps.map((s) => s.action)).toEqual(['submit', 'approve', 'back', 'edit_form', 'resubmit', 'approve', 'approve', 'finish']);

    // returned again, the applicant may withdraw instead
    const b = await apply('sales', def);
    expect((await run('principal', b, 'refuse', { back_node_id: 'start' })).body.code).toBe(200);
    expect((await post('sales', 'recall', { instance_id: b })).body.code).toBe(200);
    expect(await state(b)).toBe(4);
  });

  it('an administrator stops an instance or moves it to another node; others may not', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal] }, 'any', approver('b', { kind: 'user', user_ids: [ids.finance] }))));
    const a = await apply('sales', def);
    expect((await post('sales', 'interrupt', { instance_id: a, comment: '停' })).body.code).toBe(403);
    expect((await post('admin', 'repair', { instance_id: a, node_id: 'b', comment: '跳过校长' })).body.code).toBe(200);
    expect(await pendingAssignees(a)).toEqual([ids.finance]);
    expect((await post('admin', 'interrupt', { instance_id: a, comment: '业务取消' })).body.code).toBe(200);
    expect(await state(a)).toBe(5);
    expect((await post('admin', 'interrupt', { instance_id: a, comment: '再停' })).body).toMatchObject({ code: 409, msg: '该流程已结束' });
  });

  it('an added signer must approve too', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal] })));
    const a = await apply('sales', def);
    expect((await post('principal', 'newstep', { task_id: await taskOf('principal', a), user_id: ids.finance, comment: '请财务确认' })).body.code).toBe(200);
    await run('principal', a);
    expect(await state(a)).toBe(1);
    await run('finance', a);
    expect(await state(a)).toBe(2);
  });
});

describe('form edits', () => {
  it('an approver edits only the fields the node permits, each change kept as a diff; the applicant before anyone acted', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal] }, 'any', undefined, { amount: 'edit', remark: 'hidden' })));
    const a = await apply('sales', def, { amount: 3000, reason: '退费', remark: '内部备注' });
    const d = await detail('principal', a);
    expect(d.my_task?.editable).toEqual(['amount']);
    expect(d.form.remark).toBeUndefined();
    const task = d.my_task!.id;
    const denied = await post('principal', 'instance_modify_form_data', { task_id: task, form: { reason: '改事由' } });
    expect(denied.body).toMatchObject({ code: 403, msg: '当前节点不能修改：事由' });
    const bad = await post('principal', 'instance_modify_form_data', { task_id: task, form: { amount: 'abc' } });
    expect(bad.body).toMatchObject({ code: 400, msg: '金额必须是数字' });
    const edited = await ok(post<{ diff: unknown[] }>('principal', 'instance_modify_form_data', { task_id: task, form: { amount: 2500 }, comment: '按实际课时核减' }));
    expect(edited.diff).toEqual([{ field: 'amount', label: '金额', before: 3000, after: 2500 }]);
    const steps = (await detail('sales', a)).steps;
    expect(steps.find((s) => s.action === 'edit_form')?.diff).toEqual([{ field: 'amount', label: '金额', before: 3000, after: 2500 }]);

    const b = await apply('sales', def, { amount: 100, reason: '原因' });
    const own = await ok(post<{ diff: unknown[] }>('sales', 'update_intance_form', { instance_id: b, form: { reason: '新原因' } }));
    expect(own.diff).toHaveLength(1);
    await run('principal', b);
    expect((await post('sales', 'update_intance_form', { instance_id: b, form: { reason: '再改' } })).body.code).toBe(409);
  });
});

describe('step names', () => {
  it('renames nodes of a definition for every version and instance', async () => {
    const def = await define(start(approver('a', { kind: 'principal' })));
    expect((await post('admin', 'update_step_name', { define_id: def.id, node_id: 'a', name: '校区负责人审批' })).body.code).toBe(200);
    expect((await post('admin', 'update_steps_name', { define_id: def.id, steps: [{ node_id: 'zz', name: 'x' }] })).body.code).toBe(400);
    const names = await ok(get<{ node_id: string; name: string }[]>('admin', 'get_step_name', { define_id: def.id }));
    expect(names.find((n) => n.node_id === 'a')?.name).toBe('校区负责人审批');
    const inst = await apply('sales', def);
    expect((await detail('sales', inst)).instance.current_node_name).toBe('校区负责人审批');
  });
});

describe('outcome handlers run in the last step transaction', () => {
  it('approved and refused reach the area; a handler that refuses rolls the approval back', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal] })));
    const seen: string[] = [];
    registerOutcome('zz_test_record', async ({ db, outcome, instance }) => {
      if (instance.form.reason === '拒绝结束') throw new ApiError(409, '业务记录已变化，不能结束审批');
      seen.push(`${instance.ref_id}:${outcome}`);
      await db.updateTable('wf_instance').set({ title: `已处理-${outcome}` }).where('id', '=', instance.id).execute();
    });
    const started = await server.db.transaction().execute((trx) => createInstance(trx, { refType: 'zz_test_record', refId: 77, defineKey: def.define_key, schoolId: school['BJ-CY'], applicantId: ids.sales, form: { amount: 1, reason: '正常' } }));
    const dup = server.db.transaction().execute((trx) => createInstance(trx, { refType: 'zz_test_record', refId: 77, defineKey: def.define_key, schoolId: school['BJ-CY'], applicantId: ids.sales, form: { amount: 1, reason: '正常' } }));
    await expect(dup).rejects.toThrow('该业务记录已有审批中的流程');
    await run('principal', started.instanceId);
    expect(seen).toEqual(['77:approved']);
    const title = await server.db.selectFrom('wf_instance').select('title').where('id', '=', started.instanceId).executeTakeFirstOrThrow();
    expect(title.title).toBe('已处理-approved');

    const blocked = await server.db.transaction().execute((trx) => createInstance(trx, { refType: 'zz_test_record', refId: 78, defineKey: def.define_key, schoolId: school['BJ-CY'], applicantId: ids.sales, form: { amount: 1, reason: '拒绝结束' } }));
    const r = await run('principal', blocked.instanceId);
    expect(r.body).toMatchObject({ code: 409, msg: '业务记录已变化，不能结束审批' });
    expect(await state(blocked.instanceId)).toBe(1);
    expect(await pendingAssignees(blocked.instanceId)).toEqual([ids.principal]);
  });
});

describe('concurrency', () => {
  it('two answers to the same task: one wins, the other is told it was handled; the instance ends once', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal] })));
    const a = await apply('sales', def);
    const task = await taskOf('principal', a);
    const answers = await Promise.all([1, 2, 3].map(() => post<{ state: number }>('principal', 'run', { task_id: task, action: 'approve' })));
    const codes = answers.map((x) => x.body.code).sort();
    expect(codes).toEqual([200, 409, 409]);
    for (const x of answers.filter((y) => y.body.code === 409)) expect(['该待办已被处理', '该流程已结束']).toContain(x.body.msg);
    const finishes = await server.db.selectFrom('wf_step').select('id').where('instance_id', '=', a).where('action', '=', 'finish').execute();
    expect(finishes).toHaveLength(1);
  });

  it('two approvers of an any-one node at once: the instance moves on once', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal, ids.finance] }, 'any', approver('b', { kind: 'user', user_ids: [ids.admin] }))));
    const a = await apply('sales', def);
    const [t1, t2] = [await taskOf('principal', a), await taskOf('finance', a)];
    const answers = await Promise.all([post('principal', 'run', { task_id: t1, action: 'approve' }), post('finance', 'run', { task_id: t2, action: 'approve' })]);
    expect(answers.map((x) => x.body.code).sort()).toEqual([200, 409]);
    expect(await pendingAssignees(a)).toEqual([ids.admin]);
  });

  it('a replay of run with the same Idempotency-Key answers the stored answer and writes nothing', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal] })));
    const a = await apply('sales', def);
    const body = { task_id: await taskOf('principal', a), action: 'approve' };
    const first = await post('principal', 'run', body, { 'Idempotency-Key': `wf-${a}` });
    const again = await post('principal', 'run', body, { 'Idempotency-Key': `wf-${a}` });
    expect(first.body.code).toBe(200);
    expect(again.body).toEqual(first.body);
    const steps = await server.db.selectFrom('wf_step').select('id').where('instance_id', '=', a).where('action', '=', 'approve').execute();
    expect(steps).toHaveLength(1);
  });
});

describe('lists and scope', () => {
  it('to-do, done, my applications and copies with counts; a stranger sees nothing', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal] })));
    const a = await apply('sales', def);
    const todo = await ok(get<InstancePage>('principal', 'wf_instance_list', { type: 'todo', ref_type: def.tag }));
    expect(todo.content.map((r) => r.id)).toEqual([a]);
    expect(todo.counts.todo).toBeGreaterThanOrEqual(1);
    // the badge counts every to-do, filtered list or not; unfiltered, it is the list's own total
    const everyTodo = await ok(get<InstancePage>('principal', 'wf_instance_list', { type: 'todo' }));
    expect(everyTodo.counts.todo).toBe(everyTodo.totalSize);
    expect(todo.counts.todo).toBe(everyTodo.totalSize);
    const mine = await ok(get<InstancePage>('sales', 'wf_instance_list', { type: 'apply', ref_type: def.tag }));
    expect(mine.content[0]).toMatchObject({ id: a, state: 1, state_text: '审批中', current_approvers: '李秀英' });
    await run('principal', a);
    const done = await ok(get<InstancePage>('principal', 'wf_instance_list', { type: 'done', ref_type: def.tag }));
    expect(done.content.map((r) => r.id)).toEqual([a]);
    expect((await get('teacher', 'instance_step_current', { instance_id: a })).body.code).toBe(404);
    // the monitor list is limited to the caller's campuses
    const all = await ok(get<InstancePage>('admin', 'wf_instance_list', { type: 'all', ref_type: def.tag }));
    expect(all.totalSize).toBe(1);
  });

  it('totals and badges follow every write in a running server (counts kept per table version are dropped when instances or tasks change)', async () => {
    const def = await define(start(approver('a', { kind: 'user', user_ids: [ids.principal] })));
    const list = (user: string, query: Record<string, string | number>) => ok(get<InstancePage>(user, 'wf_instance_list', query));
    const monitor = await list('admin', { type: 'all' });
    const mine = await list('sales', { type: 'apply' });
    const todo = await list('principal', { type: 'todo' });
    const a = await apply('sales', def);
    expect((await list('admin', { type: 'all' })).totalSize).toBe(monitor.totalSize + 1);
    expect((await list('sales', { type: 'apply' })).totalSize).toBe(mine.totalSize + 1);
    const waiting = await list('principal', { type: 'todo' });
    expect(waiting.totalSize).toBe(todo.totalSize + 1);
    expect(waiting.counts.todo).toBe(waiting.totalSize);
    // newest first, with the task to act on
    expect(waiting.content[0]).toMatchObject({ id: a });
    expect(waiting.content[0].task_id).toBe(await taskOf('principal', a));
    await run('principal', a);
    const after = await list('principal', { type: 'todo' });
    expect(after.totalSize).toBe(todo.totalSize);
    expect(after.content.map((r) => r.id)).not.toContain(a);
    expect(after.counts.done).toBe(waiting.counts.done + 1);
    expect((await list('sales', { type: 'apply' })).counts.apply).toBe(mine.counts.apply);
  });

  it('bad input answers 400 in Chinese and writes nothing', async () => {
    const r = await post('sales', 'create_instance', { define_key: 'sale_refund', form: { student_name: '张三' } });
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toMatch(/请填写|请选择/);
    const bad = await post('principal', 'run', { task_id: 'x', action: 'maybe' });
    expect(bad.body.code).toBe(400);
    expect((await get('sales', 'wf_instance_list', { type: 'everything' })).body.code).toBe(400);
  });
});

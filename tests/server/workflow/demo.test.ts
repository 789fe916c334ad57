import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, createTestServer, type TestServer } from '../helpers';
import { DEMO_USERS } from '../../../server/db/seed/demo-data';
import { WF_APPLICATIONS, applicationMenuCode } from '../../../src/contract/workflow-apps';
import type { InstancePage } from '../../../src/contract/workflow';

/**
 * The demo approvals fill every workflow screen a demo user holds: the task center's to-do, done
 * and own lists, and each application screen (the caller's applications of its kind), so the
 * browser crawl finds rows everywhere; and every state appears.
 */
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function screensOf(login: string): Promise<Set<string>> {
  const rows = await server.db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('role_menus', 'role_menus.role_id', 'user_roles.role_id')
    .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
    .select('menus.code')
    .where('users.login_id', '=', login)
    .execute();
  return new Set(rows.map((r) => r.code));
}

describe('demo approvals', () => {
  it('every workflow list a demo user opens shows rows', async () => {
    const empty: string[] = [];
    for (const u of DEMO_USERS) {
      const { headers } = await server.login(u.login_id, u.login_id === 'admin' ? ADMIN.password : DEMO_PASSWORD);
      const held = u.login_id === 'admin' ? undefined : await screensOf(u.login_id);
      const lists: [string, Record<string, string>][] = [
        ['workflow_todo_list', { type: 'todo' }],
        ['workflow_done_list', { type: 'done' }],
        ['workflow_my_applies', { type: 'apply' }],
        ['workflow_module', { type: 'all' }],
        // an application screen lists the caller's own, or every one of their campuses for a holder of 流程监控,
        // by its definitions' tag (ApplyScreen: an application may be bound to the record it filed, e.g. a stop apply)
        ...WF_APPLICATIONS.map((a): [string, Record<string, string>] => [applicationMenuCode(a), { type: !held || held.has('wf_repair') ? 'all' : 'apply', tag: a.tag }]),
      ];
      for (const [code, query] of lists) {
        if (held && !held.has(code)) continue;
        const r = await server.call<InstancePage>('GET', '/api/v1/sys_wf/wf_instance_list', { headers, query });
        expect(r.body.code, `${u.login_id} ${code}: ${r.body.msg}`).toBe(200);
        if (r.body.data.totalSize === 0) empty.push(`${u.login_id} ${code}`);
      }
    }
    expect(empty).toEqual([]);
  });

  it('two-level demo definitions go to the principal first, then finance or the head office', async () => {
    const { headers } = await server.login('sales', DEMO_PASSWORD);
    for (const [tag, form, last] of [
      ['tb_refund', { student_name: '林浩宇', tb_order_no: '1', amount: 1, reason: '测试' }, 'finance'],
      ['account_refund', { student_name: '宋雨萱', amount: 1, bank_account: '1', reason: '测试' }, 'finance'],
    ] as const) {
      const r = await server.call<{ path: { node_id: string }[] }>('POST', '/api/v1/sys_wf/prerun', { headers, json: { tag, form } });
      expect(r.body.data.path.map((n) => n.node_id), tag).toEqual(['start', 'principal', last, '__end']);
    }
  });

  it('instances in every state, spread over the last days', async () => {
    const states = await server.db.selectFrom('wf_instance').select('state').distinct().execute();
    expect(states.map((s) => s.state).sort()).toEqual([1, 2, 3, 4]);
    const queued = await server.db.selectFrom('wf_instance').select('id').where('admin_queue', '=', 1).execute();
    expect(queued.length).toBeGreaterThan(0);
    const days = await server.db.selectFrom('wf_instance').select('created_at').execute();
    expect(new Set(days.map((d) => d.created_at?.slice(0, 10))).size).toBeGreaterThanOrEqual(3);
  });
});

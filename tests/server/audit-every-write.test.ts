import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Selectable } from 'kysely';
import type { AuditLogTable, RowChange } from '../../server/lib/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, DEMO_PASSWORD, type Answer, type LoggedIn, type TestServer } from './helpers';
import { handWritesOf, mountedCallsOf } from '../../server/lib/call-routes';
import { readMenusOf } from '../../server/lib/auth';
import { POST_READS } from '../../server/lib/tx';
import { SECRET_SET } from '../../server/lib/audit';
import { isWriteCall } from '../../src/contract/call';
import { actionPath, callPath } from '../../src/contract/resource';
import { RESOURCES, areaOfResource } from '../../src/contract/resources';
import { GUIDE_STATUS } from '../../src/contract/resources/teaching';
import { EXPORT_STATES } from '../../server/modules/export';

/**
 * Issue 17: every write leaves an audit entry (who, which call, which rows, the changed fields
 * before and after). Declared writes and defineCall writes are logged by the machinery
 * (audit-log.test.ts); this file walks every POST route the server mounts, fails for one that is
 * neither of those, a read, nor mounted with mountWrite (server/lib/call-routes.ts), and makes a
 * successful write through each route mounted by hand, checking the entry it leaves.
 */

let s: TestServer;
let admin: LoggedIn;
let i2go: Server;
const i2goBodies: unknown[] = [];

/** A row of the audit log, and one row's change in it, as the server writes them. */
type Entry = Selectable<AuditLogTable>;
type Change = RowChange;

/** Hand-bound writes checked elsewhere, where their setting exists (an OpenID provider). */
const CHECKED_ELSEWHERE: Record<string, string> = {
  '/api/v1/auth/third_login': 'tests/server/auth-oidc.test.ts',
  '/api/v1/auth/third_logout': 'tests/server/auth-oidc.test.ts',
};

/** Secrets the steps send: none may reach the log. */
const SECRETS = ['Audit1234pw', 'Reset5678pw', 'Mine2468pw', 'Mine1357pw', 'Sms97531pw', 'Sms86420pw', '902817', '615243'];

beforeAll(async () => {
  i2go = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      i2goBodies.push(JSON.parse(body) as unknown);
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => i2go.listen(0, '127.0.0.1', resolve));
  s = await createTestServer({ I2GO_URL: `http://127.0.0.1:${(i2go.address() as AddressInfo).port}/sync` });
  admin = await s.login(ADMIN.login, ADMIN.password);
}, 120_000);

afterAll(async () => {
  await s?.close();
  await new Promise((resolve) => i2go?.close(resolve));
});

async function okData<T>(answer: Promise<Answer<T>>): Promise<T> {
  const res = await answer;
  expect(res.body, JSON.stringify(res.body).slice(0, 300)).toMatchObject({ code: 200 });
  return res.body.data;
}

const post = <T = unknown>(path: string, json: unknown, headers: Record<string, string> = admin.headers) => okData(s.call<T>('POST', path, { headers, json }));

async function lastAuditId(): Promise<number> {
  const row = await s.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id ?? 0;
}

/** The entries a route left since `after` (audit_log ids). */
async function entriesOf(path: string, after: number): Promise<Entry[]> {
  const rows = await s.db.selectFrom('audit_log').selectAll().where('id', '>', after).where('call', '=', path.replace(/^\/api\/v1\//, '')).orderBy('id').execute();
  return rows;
}

const changesOf = (e: Entry): Change[] => JSON.parse(e.changes ?? '[]') as Change[];

/** What a declared action's entries record: a step may go through one (通知公告's 发布 and 下线 are declared actions, logged by the machinery). */
function declaredActionOf(path: string): { area: string; table: string } | undefined {
  for (const def of RESOURCES) for (const a of def.actions ?? []) if (`/api/v1/${actionPath(def, a)}` === path) return { area: areaOfResource(def.name), table: def.table };
  return undefined;
}
const idsOf = (e: Entry): number[] => (e.record_ids ?? '').split(',').filter(Boolean).map(Number);

describe('every POST route the server mounts', () => {
  it('is a declared write, a defineCall write, a read, or a write mounted by hand with mountWrite (which logs it)', () => {
    const declared = new Set<string>();
    for (const def of RESOURCES) {
      for (const call of ['add', 'update', 'delete', 'recover'] as const) {
        const p = callPath(def, call);
        if (p) declared.add(`/api/v1/${p}`);
      }
      for (const action of def.actions ?? []) declared.add(`/api/v1/${actionPath(def, action)}`);
    }
    const calls = new Set(mountedCallsOf(s.app).filter((d) => isWriteCall(d)).map((d) => `/${d.path}`));
    const hand = handWritesOf(s.app);
    const posts = [...new Set(s.app.routes.filter((r) => r.method === 'POST').map((r) => r.path))];
    expect(posts.length).toBeGreaterThan(500);
    const kinds = { declared: 0, calls: 0, reads: 0, hand: 0 };
    const unlogged: string[] = [];
    for (const path of posts) {
      if (declared.has(path)) kinds.declared++;
      else if (calls.has(path)) kinds.calls++;
      else if (POST_READS.has(path) || readMenusOf(s.app, 'POST', path)) kinds.reads++;
      else if (hand.has(path)) kinds.hand++;
      else unlogged.push(path);
    }
    // a POST that writes without an audit entry: mount it with mountWrite (or postRead when it only reads)
    expect(unlogged).toEqual([]);
    expect(kinds.declared).toBeGreaterThan(300);
    expect(kinds.calls).toBeGreaterThan(100);
    expect(kinds.hand).toBeGreaterThan(40);
    // no route is both a read and a hand write
    expect([...hand.keys()].filter((p) => POST_READS.has(p) || readMenusOf(s.app, 'POST', p))).toEqual([]);
  });
});

describe('a successful write through each route mounted by hand', () => {
  /** Routes whose write a step below made and whose entry it checked. */
  const checked = new Set<string>();

  /**
   * Runs a write through `path` and checks the entry it left: exactly one, by `who`, in `area`, naming
   * `ids`; `changes` looks at the changed fields.
   */
  async function step<T>(
    path: string,
    run: () => Promise<T>,
    expected: { who?: string; ids?: (answer: T) => number[]; changes?: (changes: Change[], answer: T) => void } = {},
  ): Promise<T> {
    const since = await lastAuditId();
    const answer = await run();
    const entries = await entriesOf(path, since);
    expect(entries.length, `${path}: one audit entry`).toBe(1);
    const [entry] = entries;
    expect(entry.user_name, path).toBe(expected.who ?? '王建国');
    expect(entry.title, path).toMatch(/[\u4e00-\u9fa5]/);
    expect(handWritesOf(s.app).get(path) ?? declaredActionOf(path), path).toMatchObject({ area: entry.area, table: entry.table_name });
    if (expected.ids) expect(idsOf(entry).sort((a, b) => a - b), path).toEqual(expected.ids(answer).sort((a, b) => a - b));
    expected.changes?.(changesOf(entry), answer);
    checked.add(path);
    return answer;
  }

  const userIdOf = async (login: string) => (await s.db.selectFrom('users').select('id').where('login_id', '=', login).executeTakeFirstOrThrow()).id;

  it('users: add, update, password reset and delete log the user with roles and campuses, the phone masked, never the password', async () => {
    const role = await s.db.selectFrom('roles').select('id').where('code', '=', 'teacher').executeTakeFirstOrThrow();
    const school = await s.db.selectFrom('organisations').select('id').where('code', '=', 'SH-PD').executeTakeFirstOrThrow();
    const base = { password: 'Audit1234pw', roles: [role.id], schools: [school.id] };
    const a = await step('/api/v1/system/add_user', () => post<{ id: number }>('/api/v1/system/add_user', { ...base, login_id: 'audit_a', name: '审计甲', phone: '13912345678' }), {
      ids: (r) => [r.id],
      changes: ([c]) => expect(c.after).toMatchObject({ login_id: 'audit_a', name: '审计甲', phone: '139****5678', roles: [role.id], schools: [school.id], state: 1 }),
    });
    const b = await step('/api/v1/sys_user/add', () => post<{ id: number }>('/api/v1/sys_user/add', { ...base, login_id: 'audit_b', name: '审计乙' }), { ids: (r) => [r.id] });
    await step('/api/v1/system/update_user', () => post('/api/v1/system/update_user', { id: a.id, name: '审计甲改', phone: '13900001111', roles: [] }), {
      ids: () => [a.id],
      changes: (changes) => expect(changes).toEqual([{ id: a.id, before: { name: '审计甲', phone: '139****5678', roles: [role.id] }, after: { name: '审计甲改', phone: '139****1111', roles: [] } }]),
    });
    await step('/api/v1/sys_user/update', () => post('/api/v1/sys_user/update', { id: b.id, city: '杭州' }), {
      changes: (changes) => expect(changes).toEqual([{ id: b.id, before: { city: null }, after: { city: '杭州' } }]),
    });
    await step('/api/v1/system/update_password', () => post('/api/v1/system/update_password', { id: a.id, password: 'Reset5678pw' }), {
      ids: () => [a.id],
      changes: (changes) => expect(changes).toEqual([{ id: a.id, before: {}, after: { password: SECRET_SET } }]),
    });
    await step('/api/v1/system/del_user', () => post('/api/v1/system/del_user', [{ id: a.id }]), {
      changes: (changes) => expect(changes).toEqual([{ id: a.id, before: { del_flag: 0, state: 1 }, after: { del_flag: 1, state: 0 } }]),
    });
    await step('/api/v1/sys_user/delete', () => post('/api/v1/sys_user/delete', [{ id: b.id }]), { ids: () => [b.id] });
  });

  it('own profile and password: modify_info, modify_password, system_user/update_password', async () => {
    const teacher = await s.login('teacher', DEMO_PASSWORD);
    const id = teacher.user.id;
    await step('/api/v1/sys_user/modify_info', () => post('/api/v1/sys_user/modify_info', { city: '苏州', phone: '13700002222' }, teacher.headers), {
      who: '赵敏',
      changes: (changes) => expect(changes).toEqual([{ id, before: { city: '上海', phone: '137****6789' }, after: { city: '苏州', phone: '137****2222' } }]),
    });
    await step('/api/v1/system/modify_password', () => post('/api/v1/system/modify_password', { origin: DEMO_PASSWORD, new: 'Mine2468pw', confirm: 'Mine2468pw' }, teacher.headers), {
      who: '赵敏',
      changes: (changes) => expect(changes).toEqual([{ id, before: {}, after: { password: SECRET_SET } }]),
    });
    await step('/api/v1/system_user/update_password', () => post('/api/v1/system_user/update_password', { origin: 'Mine2468pw', new: 'Mine1357pw', confirm: 'Mine1357pw' }, teacher.headers), {
      who: '赵敏',
      ids: () => [id],
    });
  });

  it('roles: add, update, menu grants, app functions, data scope, i2go sync and delete', async () => {
    const role = await step('/api/v1/system/add_role', () => post<{ id: number }>('/api/v1/system/add_role', { code: 'audit_role', name: '审计角色' }), {
      ids: (r) => [r.id],
      changes: ([c]) => expect(c.after).toMatchObject({ code: 'audit_role', name: '审计角色', all_schools: 0 }),
    });
    await step('/api/v1/system/update_role', () => post('/api/v1/system/update_role', { id: role.id, code: 'audit_role', name: '审计角色二' }), {
      changes: (changes) => expect(changes).toEqual([{ id: role.id, before: { name: '审计角色' }, after: { name: '审计角色二' } }]),
    });
    const menus = (await s.db.selectFrom('menus').select('id').where('del_flag', '=', 0).orderBy('id').limit(3).execute()).map((m) => m.id);
    await step('/api/v1/system/save_role_menu', () => post('/api/v1/system/save_role_menu', { role_id: role.id, menu_ids: [menus[0], menus[1]] }), {
      ids: () => [role.id],
      changes: (changes) => expect(changes).toEqual([{ id: role.id, before: { menu_ids: [] }, after: { menu_ids: [menus[0], menus[1]] } }]),
    });
    await step('/api/v1/system/update_role_menu', () => post('/api/v1/system/update_role_menu', { role_id: role.id, menu_ids: [menus[0]] }), {
      changes: (changes) => expect(changes).toEqual([{ id: role.id, before: { menu_ids: [menus[0], menus[1]] }, after: { menu_ids: [menus[0]] } }]),
    });
    await step('/api/v1/system/add_role_menu', () => post('/api/v1/system/add_role_menu', { role_id: role.id, menu_ids: [menus[2]] }), {
      changes: (changes) => expect(changes).toEqual([{ id: role.id, before: { menu_ids: [menus[0]] }, after: { menu_ids: [menus[0], menus[2]] } }]),
    });

    const funs = (await s.db.selectFrom('sys_app_fun').select('id').orderBy('id').limit(2).execute()).map((f) => f.id);
    expect(funs.length).toBe(2);
    await step('/api/v1/sys_app/add_role_app_fun', () => post('/api/v1/sys_app/add_role_app_fun', { role_id: role.id, app_fun_ids: [funs[0]] }), {
      changes: (changes) => expect(changes).toEqual([{ id: role.id, before: { app_fun_ids: [] }, after: { app_fun_ids: [funs[0]] } }]),
    });
    await step('/api/v1/sys_app/update_role_app_fun', () => post('/api/v1/sys_app/update_role_app_fun', { role_id: role.id, app_fun_ids: funs }), {
      changes: (changes) => expect(changes).toEqual([{ id: role.id, before: { app_fun_ids: [funs[0]] }, after: { app_fun_ids: funs } }]),
    });
    const grant = await s.db.selectFrom('sys_role_app_fun').select('id').where('role_id', '=', role.id).where('app_fun_id', '=', funs[1]).executeTakeFirstOrThrow();
    await step('/api/v1/sys_app/del_role_app_fun', () => post('/api/v1/sys_app/del_role_app_fun', [{ id: grant.id }]), {
      ids: () => [grant.id],
      changes: ([c]) => expect(c).toMatchObject({ id: grant.id, before: { role_id: role.id, app_fun_id: funs[1] }, after: null }),
    });

    const school = await s.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow();
    await step('/api/v1/system_data_perssion/update', () => post('/api/v1/system_data_perssion/update', { role_id: role.id, kind: 2, school_ids: [school.id] }), {
      changes: (changes) => expect(changes).toEqual([{ id: role.id, before: { kind: 0, school_ids: [] }, after: { kind: 2, school_ids: [school.id] } }]),
    });
    await step('/api/v1/system/sync_to_i2go', () => post('/api/v1/system/sync_to_i2go', { role_ids: [role.id] }), { ids: () => [role.id] });
    expect(i2goBodies).toEqual([{ roles: [expect.objectContaining({ id: role.id, code: 'audit_role' })] }]);

    await step('/api/v1/system/del_role', () => post('/api/v1/system/del_role', [{ id: role.id }]), {
      changes: ([c]) => expect(c).toMatchObject({ id: role.id, before: { code: 'audit_role', name: '审计角色二' }, after: null }),
    });
  });

  it('menus, domain menus, organisations, option sets and column preferences', async () => {
    const menu = await step('/api/v1/system/add_menu', () => post<{ id: number }>('/api/v1/system/add_menu', { name: '审计菜单', code: 'audit_menu', url: '/audit', parent: 0, type: 1 }), {
      ids: (r) => [r.id],
      changes: ([c]) => expect(c.after).toMatchObject({ name: '审计菜单', code: 'audit_menu', url: '/audit' }),
    });
    await step('/api/v1/system/update_menu', () => post('/api/v1/system/update_menu', { id: menu.id, name: '审计菜单二', code: 'audit_menu', url: '/audit', parent: 0, type: 1 }), {
      changes: (changes) => expect(changes).toEqual([{ id: menu.id, before: { name: '审计菜单' }, after: { name: '审计菜单二' } }]),
    });
    const domain = await s.db.selectFrom('sys_domain').select('id').orderBy('id').executeTakeFirstOrThrow();
    const held = (await s.db.selectFrom('sys_domain_menu').select('menu_id').where('domain_id', '=', domain.id).orderBy('menu_id').execute()).map((r) => r.menu_id);
    await step('/api/v1/system/add_domain_menu', () => post('/api/v1/system/add_domain_menu', { domain_id: domain.id, menu_ids: [menu.id] }), {
      changes: (changes) => expect(changes).toEqual([{ id: domain.id, before: { menu_ids: held }, after: { menu_ids: [menu.id] } }]),
    });
    await step('/api/v1/system/del_menu', () => post('/api/v1/system/del_menu', [{ id: menu.id }]), {
      changes: (changes) => expect(changes).toEqual([{ id: menu.id, before: { del_flag: 0 }, after: { del_flag: 1 } }]),
    });

    const school = await s.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow();
    const org = await step('/api/v1/system/add_org', () => post<{ id: number }>('/api/v1/system/add_org', { name: '审计部', kind: 'department', parent_id: school.id }), {
      ids: (r) => [r.id],
      changes: ([c]) => expect(c.after).toMatchObject({ name: '审计部', kind: 'department', parent_id: school.id }),
    });
    await step('/api/v1/system/update_org', () => post('/api/v1/system/update_org', { id: org.id, name: '审计部二', kind: 'department', parent_id: school.id, leader: '张三' }), {
      changes: (changes) => expect(changes).toEqual([{ id: org.id, before: { name: '审计部', leader: null }, after: { name: '审计部二', leader: '张三' } }]),
    });
    await step('/api/v1/system/del_org', () => post('/api/v1/system/del_org', [{ id: org.id }]), { ids: () => [org.id] });

    const set = await step('/api/v1/system/add_optionset', () => post<{ id: number }>('/api/v1/system/add_optionset', { code: 'audit_set', name: '审计选项', value: [{ value: 1, text: '一' }] }), {
      ids: (r) => [r.id],
      changes: ([c]) => expect(c.after).toMatchObject({ code: 'audit_set', name: '审计选项' }),
    });
    await step('/api/v1/system/update_optionset', () => post('/api/v1/system/update_optionset', { id: set.id, name: '审计选项二' }), {
      changes: (changes) => expect(changes).toEqual([{ id: set.id, before: { name: '审计选项' }, after: { name: '审计选项二' } }]),
    });
    await step('/api/v1/system/del_optionset', () => post('/api/v1/system/del_optionset', [{ id: set.id }]), {
      changes: ([c]) => expect(c).toMatchObject({ id: set.id, before: { code: 'audit_set', name: '审计选项二' }, after: null }),
    });

    const cols = await step('/api/v1/system/add_table_col_user', () => post<{ id: number }>('/api/v1/system/add_table_col_user', { table_key: 'audit_table', cols: [{ prop: 'name', show: true }] }), {
      ids: (r) => [r.id],
    });
    await step('/api/v1/system/update_table_col_user', () => post('/api/v1/system/update_table_col_user', { id: cols.id, table_key: 'audit_table', cols: [{ prop: 'name', show: false }] }), {
      changes: ([c]) => {
        expect(Object.keys(c.after ?? {})).toEqual(['cols']);
        expect(JSON.parse(String(c.after?.cols))).toEqual([{ prop: 'name', show: false, order: 0 }]);
      },
    });
    await step('/api/v1/system/del_table_col_user', () => post('/api/v1/system/del_table_col_user', [{ id: cols.id }]), { ids: () => [cols.id] });
  });

  it('notices and the messages they put in each box', async () => {
    const notice = await step('/api/v1/sys_notice/add', () => post<{ id: number }>('/api/v1/sys_notice/add', { title: '审计通知', content: '<p>内容</p>', target_type: 'all' }), {
      ids: (r) => [r.id],
      changes: ([c]) => expect(c.after).toMatchObject({ title: '审计通知', state: expect.any(String) }),
    });
    await step('/api/v1/sys_notice/update', () => post('/api/v1/sys_notice/update', { id: notice.id, title: '审计通知二' }), {
      changes: (changes) => expect(changes).toEqual([{ id: notice.id, before: { title: '审计通知' }, after: { title: '审计通知二' } }]),
    });
    await step('/api/v1/sys_notice/publish', () => post('/api/v1/sys_notice/publish', [{ id: notice.id }]), {
      changes: ([c]) => expect(c).toMatchObject({ id: notice.id, after: { publisher: '王建国', publish_time: expect.any(String) } }),
    });
    const message = await s.db.selectFrom('sys_user_message').select('id').where('notice_id', '=', notice.id).where('user_id', '=', admin.user.id).executeTakeFirstOrThrow();
    await step('/api/v1/user_message/read', () => post('/api/v1/user_message/read', { msg_id: [message.id] }), {
      changes: (changes) => expect(changes).toEqual([{ id: message.id, before: { read_status: 0 }, after: { read_status: 1 } }]),
    });
    await step('/api/v1/user_message/mark', () => post('/api/v1/user_message/mark', { ids: [message.id], mark_type: 'mark' }), {
      changes: (changes) => expect(changes).toEqual([{ id: message.id, before: { is_flag: 0 }, after: { is_flag: 1 } }]),
    });
    await step('/api/v1/user_message/delete', () => post('/api/v1/user_message/delete', [{ id: message.id }]), { ids: () => [message.id] });
    await step('/api/v1/sys_notice/offline', () => post('/api/v1/sys_notice/offline', [{ id: notice.id }]), { ids: () => [notice.id] });
    await step('/api/v1/sys_notice/delete', () => post('/api/v1/sys_notice/delete', [{ id: notice.id }]), {
      changes: (changes) => expect(changes).toEqual([{ id: notice.id, before: { del_flag: 0 }, after: { del_flag: 1 } }]),
    });
  });

  it('attachments, an export cancelled, a guide published', async () => {
    const form = new FormData();
    form.set('file', new File(['审计附件内容'], 'audit.txt', { type: 'text/plain' }));
    const uploaded = await step(
      '/api/v1/sys_attachment/upload',
      async () => {
        const res = await s.app.fetch(new Request('http://localhost/api/v1/sys_attachment/upload', { method: 'POST', headers: admin.headers, body: form }));
        const body = (await res.json()) as Answer<number>['body'];
        expect(body.code).toBe(200);
        return body.data;
      },
      { ids: (id) => [id], changes: ([c]) => expect(c.after).toMatchObject({ name: 'audit.txt', ext: 'txt' }) },
    );
    await step('/api/v1/sys_attachment/delete', () => post('/api/v1/sys_attachment/delete', [{ id: uploaded }]), { ids: () => [uploaded] });

    // an export still running (as one is while its file is written)
    const job = await s.db
      .insertInto('sys_excel_export_status')
      .values({ name: '审计导出', state: EXPORT_STATES.RUNNING, rows: 0, user_id: admin.user.id, source: 'audit', file_path: 'audit.xlsx', file_size: null, error: null, finished_at: null, created_at: null, updated_at: null, created_by: admin.user.id, updated_by: admin.user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await step('/api/v1/excel_export_status/cancel', () => post('/api/v1/excel_export_status/cancel', { id: job.id }), {
      changes: (changes) => expect(changes).toEqual([{ id: job.id, before: { state: EXPORT_STATES.RUNNING }, after: { state: EXPORT_STATES.CANCELLED } }]),
    });

    const guide = await post<{ id: number }>('/api/v1/sys_guide/add', { title: '审计指南', content: '<p>步骤</p>' });
    await step('/api/v1/sys_guide/publish', () => post('/api/v1/sys_guide/publish', { ids: [guide.id], status: GUIDE_STATUS.PUBLISHED }), {
      changes: ([c]) => expect(c).toMatchObject({ id: guide.id, before: { status: GUIDE_STATUS.DRAFT, publish_time: null }, after: { status: GUIDE_STATUS.PUBLISHED } }),
    });
  });

  it('sessions and PINs: sign-in, sign-out, PINs set (never the PIN), a switch on a front-desk tablet', async () => {
    const signedIn = await step('/api/v1/sso/login', () => s.login('sales', DEMO_PASSWORD), { who: '刘洋', ids: (r) => [r.user.id] });
    await step('/api/v1/sso/logout', () => post('/api/v1/sso/logout', {}, signedIn.headers), { who: '刘洋', ids: () => [signedIn.user.id] });

    const principal = await s.login('principal', DEMO_PASSWORD);
    await step('/api/v1/system/set_my_pin', () => post('/api/v1/system/set_my_pin', { pin: '902817' }, principal.headers), {
      who: '李秀英',
      changes: (changes) => expect(changes).toEqual([{ id: principal.user.id, before: null, after: { pin: SECRET_SET } }]),
    });
    const teacherId = await userIdOf('teacher');
    await step('/api/v1/device/user_pin', () => post('/api/v1/device/user_pin', { user_id: teacherId, pin: '615243' }), { ids: () => [teacherId] });
    const school = await s.db.selectFrom('user_schools').select('school_id').where('user_id', '=', principal.user.id).orderBy('school_id').executeTakeFirstOrThrow();
    const device = await post<{ id: number; token: string }>('/api/v1/device/register', { name: '审计平板', school_id: school.school_id });
    await step('/api/v1/device/switch', () => post('/api/v1/device/switch', { user_id: principal.user.id, pin: '902817' }, { 'X-Device-Token': device.token }), {
      who: '李秀英',
      changes: (changes) => expect(changes).toEqual([{ id: principal.user.id, before: null, after: { device_id: device.id, device_name: '审计平板' } }]),
    });
  });

  it('passwords set with an SMS code: user/sms_password and user/sms_forget_reset (never the code)', async () => {
    /** The newest code sent to a masked phone (服务商请求记录). */
    const lastCode = async (maskedPhone: string): Promise<string> => {
      const page = await okData(s.call<{ content: { request: string }[] }>('GET', '/api/v1/misc_provider_request/page', { headers: admin.headers, query: { kind: 'sms_code', target: maskedPhone, rows: 1, sort: 'id desc' } }));
      const code = /验证码为(\d{6})/.exec(page.content[0]?.request ?? '')?.[1];
      if (!code) throw new Error(`no code sent to ${maskedPhone}`);
      SECRETS.push(code);
      return code;
    };
    const me = await s.login('foreign_teacher', DEMO_PASSWORD);
    await okData(s.call('GET', '/api/v1/user/sms', { headers: me.headers }));
    const code = await lastCode('138****7890');
    await step('/api/v1/user/sms_password', () => post('/api/v1/user/sms_password', { code, new: 'Sms97531pw', confirm: 'Sms97531pw' }, me.headers), {
      who: '迈克尔·布朗',
      changes: (changes) => expect(changes).toEqual([{ id: me.user.id, before: {}, after: { password: SECRET_SET } }]),
    });
    await okData(s.call('GET', '/api/v1/user/sms_forget', { query: { login_id: 'telemarketer' } }));
    const forgot = await lastCode('136****4567');
    const telemarketer = await userIdOf('telemarketer');
    await step('/api/v1/user/sms_forget_reset', () => okData(s.call('POST', '/api/v1/user/sms_forget_reset', { json: { login_id: 'telemarketer', code: forgot, new: 'Sms86420pw', confirm: 'Sms86420pw' } })), {
      who: '陈晓燕',
      ids: () => [telemarketer],
    });
  });

  it('covers every route mounted by hand, and no password, PIN or code reached the log', async () => {
    const missing = [...handWritesOf(s.app).keys()].filter((p) => !checked.has(p) && !CHECKED_ELSEWHERE[p]);
    expect(missing).toEqual([]);
    const log = JSON.stringify(await s.db.selectFrom('audit_log').select(['changes', 'title', 'record_ids']).execute());
    for (const secret of SECRETS) expect(log, secret).not.toContain(secret);
  });
});

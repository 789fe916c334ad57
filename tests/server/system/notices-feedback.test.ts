import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from '../helpers';

interface Page<T> {
  content: T[];
  totalSize: number;
}
type Row = Record<string, unknown> & { id: number };

let s: TestServer;
let admin: Record<string, string>;
let teacher: Record<string, string>;
let sales: Record<string, string>;
const ids: Record<string, number> = {};
beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
  sales = (await s.login('sales', DEMO_PASSWORD)).headers;
  for (const o of await s.db.selectFrom('organisations').select(['id', 'code']).execute()) ids[o.code ?? ''] = o.id;
});
afterAll(async () => {
  await s?.close();
});
const api = (p: string) => `/api/v1/${p}`;
async function count(table: string): Promise<number> {
  const db = s.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
  return (await db.selectFrom(table).select('id').execute()).length;
}

describe('notices and user messages', () => {
  it('add sanitised, publish to a campus, messages, offline, delete', async () => {
    // Counts below are exact: start without the notices and messages of the demo seed.
    await s.db.deleteFrom('sys_user_message').execute();
    await s.db.deleteFrom('sys_notice').execute();
    const good = { title: '国庆放假通知', content: '<p onclick="x()">10月1日至7日放假<script>alert(1)</script><a href="javascript:alert(1)">点我</a><iframe src="https://x"></iframe></p>', target_type: 'schools', target_ids: [ids['SH-PD']] };
    expect((await s.call('POST', api('sys_notice/add'), { json: good })).status).toBe(401);
    expect((await s.call('POST', api('sys_notice/add'), { headers: teacher, json: good })).body).toMatchObject({ code: 403, msg: '没有操作权限：add_notice' });
    const before = await count('sys_notice');
    expect((await s.call('POST', api('sys_notice/add'), { headers: admin, json: { ...good, title: '' } })).body).toMatchObject({ code: 400, msg: '请输入标题' });
    expect((await s.call('POST', api('sys_notice/add'), { headers: admin, json: { ...good, target_ids: [] } })).body).toMatchObject({ code: 400, msg: '请选择发布的校区' });
    expect((await s.call('POST', api('sys_notice/add'), { headers: admin, json: { ...good, content: '<script>x</script>' } })).body).toMatchObject({ code: 400, msg: '请输入内容' });
    expect(await count('sys_notice')).toBe(before);
    const n = (await s.call<Row>('POST', api('sys_notice/add'), { headers: admin, json: good })).body.data;
    expect(n.state).toBe('草稿');
    expect(n.content).toBe('<p>10月1日至7日放假<a>点我</a></p>');

    expect((await s.call('POST', api('sys_notice/page'), { headers: teacher, form: {} })).body).toMatchObject({ code: 403, msg: '没有查看权限' });
    const page = await s.call<Page<Row>>('POST', api('sys_notice/page'), { headers: admin, form: { state: '草稿,已发布', title: '国庆', page: 1, rows: 10 } });
    expect(page.body.data.content.map((r) => r.id)).toEqual([n.id]);
    expect((await s.call('POST', api('sys_notice/page'), { headers: admin, form: { state: '未知' } })).body.code).toBe(400);
    expect((await s.call('POST', api('sys_notice/page'), { form: {} })).status).toBe(401);

    expect((await s.call('POST', api('sys_notice/update'), { headers: teacher, json: { id: n.id, title: 'x' } })).body.code).toBe(403);
    expect((await s.call('POST', api('sys_notice/update'), { headers: admin, json: { id: n.id, target_type: 'galaxy' } })).body.code).toBe(400);
    expect((await s.call('POST', api('sys_notice/update'), { headers: admin, json: { id: 99999, title: 'x' } })).body.code).toBe(404);
    expect((await s.call<Row>('POST', api('sys_notice/update'), { headers: admin, json: { id: n.id, header: '放假安排', is_top: 1 } })).body.data).toMatchObject({ header: '放假安排', is_top: 1 });

    expect((await s.call('POST', api('sys_notice/publish'), { headers: teacher, json: [{ id: n.id }] })).body.code).toBe(403);
    expect((await s.call('POST', api('sys_notice/publish'), { headers: admin, json: [{ id: 'x' }] })).body.code).toBe(400);
    expect((await s.call('POST', api('sys_notice/publish'), { headers: admin, json: [{ id: 99999 }] })).body.code).toBe(404);
    const pub = await s.call<{ messages: number }>('POST', api('sys_notice/publish'), { headers: admin, json: [{ id: n.id }] });
    // every active user working in 上海浦东 (the teacher, the foreign teacher, ...) and nobody else
    const reach = await s.db
      .selectFrom('user_schools')
      .innerJoin('users', 'users.id', 'user_schools.user_id')
      .select('users.id')
      .distinct()
      .where('user_schools.school_id', '=', ids['SH-PD'])
      .where('users.state', '=', 1)
      .where('users.del_flag', '=', 0)
      .execute();
    expect(reach.length).toBeGreaterThanOrEqual(2);
    expect(pub.body.data.messages).toBe(reach.length);
    expect((await s.call('POST', api('sys_notice/publish'), { headers: admin, json: [{ id: n.id }] })).body.code).toBe(400);
    expect((await s.call('POST', api('sys_notice/update'), { headers: admin, json: { id: n.id, title: 'x' } })).body.msg).toBe('已发布的通知不能修改，请先下线');

    const top = await s.call<{ unread: number; list: Row[] }>('GET', api('user_message/top_all'), { headers: teacher });
    expect(top.body.data.unread).toBe(1);
    const msg = top.body.data.list[0];
    expect(msg).toMatchObject({ message_title: '国庆放假通知', message_Header: '放假安排', publisher: '王建国', read_status: 0, is_flag: 0 });
    expect(Object.keys(msg)).toEqual(expect.arrayContaining(['message_id', 'message_title', 'message_Header', 'message_content', 'message_time', 'publisher', 'read_status', 'is_flag']));
    expect((await s.call<{ unread: number }>('GET', api('user_message/top_all'), { headers: sales })).body.data.unread).toBe(0);
    expect((await s.call('GET', api('user_message/top_all'))).status).toBe(401);

    const mid = Number(msg.message_id);
    // another user's message does not exist for them
    expect((await s.call('POST', api('user_message/read'), { headers: sales, json: { msg_id: [mid] } })).body.code).toBe(404);
    expect((await s.call('POST', api('user_message/read'), { headers: teacher, json: { msg_id: 'x' } })).body.code).toBe(400);
    expect((await s.call('POST', api('user_message/read'), { json: { msg_id: [mid] } })).status).toBe(401);
    expect((await s.call<{ unread: number }>('POST', api('user_message/read'), { headers: teacher, json: { msg_id: [mid] } })).body.data.unread).toBe(0);
    expect((await s.call('POST', api('user_message/mark'), { headers: teacher, json: { ids: [mid], mark_type: 'star' } })).body.code).toBe(400);
    expect((await s.call('POST', api('user_message/mark'), { headers: sales, json: { ids: [mid], mark_type: 'mark' } })).body.code).toBe(404);
    expect((await s.call('POST', api('user_message/mark'), { headers: teacher, json: { ids: [mid], mark_type: 'mark' } })).body.code).toBe(200);
    const flagged = await s.call<Page<Row>>('POST', api('user_message/page'), { headers: teacher, form: { is_flag: 1, read_status: 1, page: 1, rows: 10 } });
    expect(flagged.body.data.content.map((r) => r.message_id)).toEqual([mid]);
    expect((await s.call('POST', api('user_message/page'), { headers: teacher, form: { is_flag: 5 } })).body.code).toBe(400);
    expect((await s.call('POST', api('user_message/mark'), { headers: teacher, json: { ids: [mid], mark_type: 'cancel' } })).body.code).toBe(200);

    // offline hides the messages; delete needs offline first
    expect((await s.call('POST', api('sys_notice/delete'), { headers: admin, json: [{ id: n.id }] })).body.msg).toBe('通知「国庆放假通知」已发布，请先下线再删除');
    expect((await s.call('POST', api('sys_notice/offline'), { headers: teacher, json: [{ id: n.id }] })).body.code).toBe(403);
    expect((await s.call('POST', api('sys_notice/offline'), { headers: admin, json: [{ id: n.id }] })).body.code).toBe(200);
    expect((await s.call<Page<Row>>('POST', api('user_message/page'), { headers: teacher, form: {} })).body.data.totalSize).toBe(0);
    expect((await s.call('POST', api('sys_notice/offline'), { headers: admin, json: [{ id: n.id }] })).body.code).toBe(400);
    expect((await s.call('POST', api('sys_notice/publish'), { headers: admin, json: [{ id: n.id }] })).body.data).toMatchObject({ messages: 0 });
    expect((await s.call<Page<Row>>('POST', api('user_message/page'), { headers: teacher, form: {} })).body.data.totalSize).toBe(1);

    expect((await s.call('POST', api('user_message/delete'), { headers: sales, json: [{ id: mid }] })).body.code).toBe(404);
    expect((await s.call('POST', api('user_message/delete'), { headers: teacher, json: [{ id: mid }] })).body.code).toBe(200);
    expect((await s.call<{ unread: number; list: Row[] }>('GET', api('user_message/top_all'), { headers: teacher })).body.data.list).toEqual([]);

    await s.call('POST', api('sys_notice/offline'), { headers: admin, json: [{ id: n.id }] });
    expect((await s.call('POST', api('sys_notice/delete'), { headers: teacher, json: [{ id: n.id }] })).body.code).toBe(403);
    expect((await s.call('POST', api('sys_notice/delete'), { headers: admin, json: [{ id: n.id }] })).body.code).toBe(200);
    expect((await s.call<Page<Row>>('POST', api('sys_notice/page'), { headers: admin, form: {} })).body.data.content.map((r) => r.id)).not.toContain(n.id);
  });
});

describe('user feedback', () => {
  it('anyone submits; a replayed Idempotency-Key writes one row; the list screen manages', async () => {
    expect((await s.call('POST', api('base_feedback/add'), { json: { content: 'x' } })).status).toBe(401);
    const before = await count('base_feedback');
    expect((await s.call('POST', api('base_feedback/add'), { headers: teacher, json: { content: '  ' } })).body).toMatchObject({ code: 400, msg: '请输入反馈内容' });
    expect((await s.call('POST', api('base_feedback/add'), { headers: teacher, json: {} })).body).toMatchObject({ code: 400, msg: '请输入反馈内容' });
    expect((await s.call('POST', api('base_feedback/add'), { headers: teacher, json: { content: '课表打不开', files: 'a,b' } })).body).toMatchObject({ code: 400, msg: '附件格式不正确' });
    expect(await count('base_feedback')).toBe(before);

    const headers = { ...teacher, 'Idempotency-Key': 'fb-0001' };
    const first = await s.call<Row>('POST', api('base_feedback/add'), { headers, json: { content: '课表页面打不开', files: '3,4' } });
    const again = await s.call<Row>('POST', api('base_feedback/add'), { headers, json: { content: '课表页面打不开', files: '3,4' } });
    expect(first.body.code).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(first.body.data).toMatchObject({ content: '课表页面打不开', files: '3,4', user_name: '赵敏', state: '待处理' });
    const rows = await s.db.selectFrom('base_feedback').selectAll().where('content', '=', '课表页面打不开').execute();
    expect(rows).toHaveLength(1);

    const page = await s.call<Page<Row>>('GET', api('base_feedback/page'), { headers: admin, query: { content: '课表' } });
    expect(page.body.data.content.map((r) => r.id)).toEqual([first.body.data.id]);
    expect((await s.call('GET', api('base_feedback/page'), { headers: admin, query: { page: 0 } })).body.code).toBe(400);
    expect((await s.call('POST', api('base_feedback/update'), { headers: teacher, json: { id: first.body.data.id, state: '已处理' } })).body.code).toBe(403);
    expect((await s.call('POST', api('base_feedback/update'), { headers: admin, json: { id: first.body.data.id, state: '处理中' } })).body.code).toBe(400);
    expect((await s.call<Row>('POST', api('base_feedback/update'), { headers: admin, json: { id: first.body.data.id, state: '已处理', reply: '已修复' } })).body.data).toMatchObject({ state: '已处理', user_name: '赵敏' });
    expect((await s.call('POST', api('base_feedback/delete'), { headers: teacher, json: [{ id: first.body.data.id }] })).body).toMatchObject({ code: 403, msg: '没有操作权限：del_feedback' });
    expect((await s.call('POST', api('base_feedback/delete'), { headers: admin, json: [{ id: 99999 }] })).body.code).toBe(404);
    expect((await s.call('POST', api('base_feedback/delete'), { headers: admin, json: [{ id: first.body.data.id }] })).body.code).toBe(200);
  });
});

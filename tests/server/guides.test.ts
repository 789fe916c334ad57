import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from './helpers';

interface Page<T> {
  content: T[];
  totalSize: number;
}
interface Guide {
  id: number;
  title: string;
  content: string;
  status: number;
  sort: number;
  publish_time: string | null;
}

let s: TestServer;
let admin: Record<string, string>;
let teacher: Record<string, string>;
beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
});
afterAll(async () => {
  await s?.close();
});
const api = (p: string) => `/api/v1/sys_guide/${p}`;

describe('operation guides (sys_guide)', () => {
  it('serves the seeded guides to every signed-in user, in their order, and refuses without a session', async () => {
    const page = await s.call<Page<Guide>>('GET', api('page'), { headers: teacher, query: { status: 1, page: 1, rows: 20 } });
    expect(page.body.code).toBe(200);
    expect(page.body.data.content.map((g) => g.title)).toEqual(['如何登录系统', '前台如何为学员签到', '如何考勤打卡', '如何导出列表数据']);
    const first = page.body.data.content[0];
    const detail = await s.call<Guide>('GET', api('detail'), { headers: teacher, query: { id: first.id } });
    expect(detail.body.data).toMatchObject({ id: first.id, title: '如何登录系统', status: 1 });
    expect(detail.body.data.content).toContain('<ol><li>');
    expect((await s.call('GET', api('page'), { query: { status: 1 } })).status).toBe(401);
    expect((await s.call('GET', api('detail'), { query: { id: first.id } })).status).toBe(401);
    expect((await s.call('POST', api('add'), { json: { title: 'x', content: '<p>x</p>' } })).status).toBe(401);
  });

  it('adds a sanitised draft, hides it from readers until published, then takes it back', async () => {
    const body = { title: '如何登记请假', content: '<p onclick="x()">在「请假与补课」中登记<script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src="https://example.com/a.png"></p>', sort: 50 };
    expect((await s.call('POST', api('add'), { headers: teacher, json: body })).body).toMatchObject({ code: 403, msg: '没有操作权限：add_guide' });
    expect((await s.call('POST', api('add'), { headers: admin, json: { ...body, title: '' } })).body).toMatchObject({ code: 400, msg: '请输入标题' });
    expect((await s.call('POST', api('add'), { headers: admin, json: { ...body, content: '<script>x</script>' } })).body).toMatchObject({ code: 400, msg: '请输入内容' });
    expect((await s.call('POST', api('add'), { headers: admin, json: { ...body, sort: 'abc' } })).body).toMatchObject({ code: 400, msg: '排序必须是数字' });
    // status is not the caller's to set: a new guide is a draft
    const added = await s.call<Guide>('POST', api('add'), { headers: admin, json: { ...body, status: 1 } });
    expect(added.body.code).toBe(200);
    const g = added.body.data;
    expect(g).toMatchObject({ title: '如何登记请假', status: 0, sort: 50, publish_time: null });
    expect(g.content).toBe('<p>在「请假与补课」中登记<a>链接</a><img src="https://example.com/a.png" /></p>');

    const readerTitles = async () => (await s.call<Page<Guide>>('GET', api('page'), { headers: teacher, query: { page: 1, rows: 50 } })).body.data.content.map((x) => x.title);
    expect(await readerTitles()).not.toContain('如何登记请假');
    expect((await s.call('GET', api('detail'), { headers: teacher, query: { id: g.id } })).body.code).toBe(404);
    const drafts = await s.call<Page<Guide>>('GET', api('page'), { headers: admin, query: { status: 0, page: 1, rows: 50 } });
    expect(drafts.body.data.content.map((x) => x.id)).toEqual([g.id]);

    expect((await s.call('POST', api('publish'), { headers: teacher, json: { ids: [g.id] } })).body.code).toBe(403);
    expect((await s.call('POST', api('publish'), { headers: admin, json: { ids: [] } })).body).toMatchObject({ code: 400, msg: '请选择操作指南' });
    expect((await s.call('POST', api('publish'), { headers: admin, json: { ids: [g.id], status: 3 } })).body).toMatchObject({ code: 400, msg: '状态只能是 0 或 1' });
    expect((await s.call('POST', api('publish'), { headers: admin, json: { ids: [99999] } })).body.code).toBe(404);
    expect((await s.call('POST', api('publish'), { headers: admin, json: { ids: [g.id] } })).body).toMatchObject({ code: 200, data: { count: 1 } });
    expect(await readerTitles()).toContain('如何登记请假');
    const published = await s.call<Guide>('GET', api('detail'), { headers: teacher, query: { id: g.id } });
    expect(published.body.data.status).toBe(1);
    expect(published.body.data.publish_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await s.call('POST', api('publish'), { headers: admin, json: { ids: [g.id], status: 0 } })).body.code).toBe(200);
    expect(await readerTitles()).not.toContain('如何登记请假');
  });

  it('updates and deletes with the operation codes, and answers bad ids clearly', async () => {
    const g = (await s.call<Guide>('POST', api('add'), { headers: admin, json: { title: '临时指南', content: '<p>内容</p>' } })).body.data;
    expect((await s.call('POST', api('update'), { headers: teacher, json: { id: g.id, title: '改' } })).body.code).toBe(403);
    expect((await s.call('POST', api('update'), { headers: admin, json: { id: 99999, title: '改' } })).body.code).toBe(404);
    const upd = await s.call<Guide>('POST', api('update'), { headers: admin, json: { id: g.id, title: '临时指南（改）', content: '<p>新<iframe src="https://x"></iframe></p>' } });
    expect(upd.body.data).toMatchObject({ title: '临时指南（改）', content: '<p>新</p>', status: 0 });
    expect((await s.call('GET', api('detail'), { headers: admin, query: { id: 'abc' } })).body).toMatchObject({ code: 400, msg: 'id 必须是数字' });
    expect((await s.call('POST', api('delete'), { headers: teacher, json: [{ id: g.id }] })).body.code).toBe(403);
    expect((await s.call('POST', api('delete'), { headers: admin, json: [{ id: g.id }] })).body).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await s.call('GET', api('detail'), { headers: admin, query: { id: g.id } })).body.code).toBe(404);
  });
});

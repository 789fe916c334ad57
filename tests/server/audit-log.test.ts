import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, DEMO_PASSWORD, type LoggedIn, type TestServer } from './helpers';
import { nowText } from '../../server/lib/time';

interface Entry {
  user_name: string;
  area: string;
  title: string;
  call: string;
  table_name: string | null;
  record_ids: string | null;
  changes: string;
}

/** Every write leaves an audit entry (who, when, which call, which rows, the changed fields); 操作日志 searches them. */
describe('audit log', () => {
  let s: TestServer;
  let admin: LoggedIn;

  beforeAll(async () => {
    s = await createTestServer();
    admin = await s.login(ADMIN.login, ADMIN.password);
  });
  afterAll(() => s.close());

  const search = async (query: Record<string, string | number>) => {
    const res = await s.call<{ content: Entry[]; totalSize: number }>('GET', '/api/v1/logger/search', { headers: admin.headers, query: { page: 1, rows: 50, ...query } });
    expect(res.body.code).toBe(200);
    return res.body.data;
  };

  it('a declared add, update and delete are logged with the changed fields before and after', async () => {
    const school = await s.db.selectFrom('organisations').select('id').where('kind', '=', 'school').orderBy('id').executeTakeFirstOrThrow();
    const added = await s.call<{ id: number }>('POST', '/api/v1/base_otm_classroom/add', { headers: admin.headers, json: { name: '审计教室', school_id: school.id, capacity: 12 } });
    expect(added.body.code).toBe(200);
    const id = added.body.data.id;
    const updated = await s.call('POST', '/api/v1/base_otm_classroom/update', { headers: admin.headers, json: { id, capacity: 20 } });
    expect(updated.body.code).toBe(200);
    await s.call('POST', '/api/v1/base_otm_classroom/delete', { headers: admin.headers, json: [{ id }] });

    const { content } = await search({ record_id: id, table_name: 'base_otm_classroom' });
    expect(content.map((e) => e.title)).toEqual(['删除教室', '编辑教室', '新增教室']);
    const [del, upd, add] = content;
    expect(add).toMatchObject({ user_name: '王建国', area: 'base', call: 'base_otm_classroom/add', record_ids: `,${id},` });
    expect(JSON.parse(add.changes)[0].after).toMatchObject({ name: '审计教室', capacity: 12 });
    expect(JSON.parse(upd.changes)).toEqual([{ id, before: { capacity: 12 }, after: { capacity: 20 } }]);
    expect(JSON.parse(del.changes)[0]).toMatchObject({ id });
  });

  it('a sign-in is logged (登录, sso/login, the user), a refused one is not', async () => {
    const since = nowText();
    await s.login('teacher', DEMO_PASSWORD);
    expect((await s.call('POST', '/api/v1/sso/login', { json: { login_id: 'teacher', password: 'wrong-password1' } })).body.code).toBe(400);
    const entries = (await search({ user_name: '赵敏', at_start: since })).content;
    expect(entries.map((e) => [e.title, e.call, e.table_name])).toEqual([['登录', 'sso/login', 'users']]);
  });

  it('a refused write leaves no entry (it is written in the write transaction)', async () => {
    const before = (await search({})).totalSize;
    const res = await s.call('POST', '/api/v1/base_otm_classroom/add', { headers: admin.headers, json: { name: '' } });
    expect(res.body.code).toBe(400);
    expect((await search({})).totalSize).toBe(before);
  });

  it('a special call (defineCall) is logged with its input and ids; the search filters by user, area and time', async () => {
    const principal = await s.login('principal', DEMO_PASSWORD);
    const lesson = await s.db.selectFrom('edu_class_schedule').select(['id', 'school_id']).orderBy('id').executeTakeFirstOrThrow();
    const res = await s.call('POST', '/api/v1/edu_check_in/prolong', { headers: admin.headers, json: { ids: [lesson.id], deadline: '2099-12-31' } });
    expect(res.body.code).toBe(200);
    const mine = await search({ area: 'classes', user_name: '王建国' });
    const entry = mine.content.find((e) => e.call === 'edu_check_in/prolong');
    expect(entry).toMatchObject({ title: '延长签到期限', record_ids: `,${lesson.id},` });
    expect(JSON.parse(entry?.changes ?? '[]')[0].after).toMatchObject({ deadline: '2099-12-31' });
    // the demo has entries of 李秀英 too: the filter answers hers only, not the administrator's
    const hers = (await search({ user_name: '李秀英' })).content;
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.every((e) => e.user_name === '李秀英' && e.call !== 'edu_check_in/prolong')).toBe(true);
    expect((await search({ at_start: '2000-01-01', at_end: '2000-01-02' })).totalSize).toBe(0);
    // the log is an administrator's screen: the principal without it is refused
    const refused = await s.call('GET', '/api/v1/logger/search', { headers: principal.headers, query: { page: 1, rows: 10 } });
    expect(refused.body.code).toBe(403);
    const users = await s.call<{ value: number; text: string }[]>('GET', '/api/v1/logger/user_list', { headers: admin.headers });
    expect(users.body.data.map((u) => u.text)).toContain('王建国');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { prepareDatabase } from '../../../server/bootstrap';
import { ADMIN, DEMO_PASSWORD, createTestServer, type TestServer } from '../helpers';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('demo seed of the system extras', () => {
  it('published notices reach every demo user, the newest unread (the bell has a count)', async () => {
    const sales = await server.login('sales', DEMO_PASSWORD);
    const top = await server.call<{ unread: number; list: { message_title: string; read_status: number }[] }>('GET', '/api/v1/user_message/top_all', { headers: sales.headers });
    expect(top.body.code).toBe(200);
    // the bell counts every unread message: the two unread notices and the workflow's messages to the demo sales user
    const unread = await server.db.selectFrom('sys_user_message').select(['notice_id']).where('user_id', '=', sales.user.id).where('read_status', '=', 0).where('del_flag', '=', 0).execute();
    expect(unread.filter((m) => m.notice_id !== null)).toHaveLength(2);
    expect(top.body.data.unread).toBe(unread.length);
    expect(top.body.data.list.map((m) => m.message_title)).toContain('关于春季学期排课安排的通知');
    const admin = await server.login(ADMIN.login, ADMIN.password);
    const notices = await server.call<{ content: { state: string }[]; totalSize: number }>('POST', '/api/v1/sys_notice/page', { headers: admin.headers, form: { page: 1, rows: 10 } });
    expect(notices.body.data.content.map((n) => n.state).toSorted()).toEqual(['已发布', '已发布', '已发布', '草稿']);
  });

  it('tag groups with tags, some on students, and the option sets of the student screens', async () => {
    const admin = await server.login(ADMIN.login, ADMIN.password);
    const groups = await server.call<{ content: { name: string }[] }>('GET', '/api/v1/system_tag_group/page', { headers: admin.headers, query: { rows: 50 } });
    expect(groups.body.data.content.map((g) => g.name)).toEqual(expect.arrayContaining(['学员意向', '兴趣方向', '家长关注']));
    const tags = await server.call<{ totalSize: number }>('GET', '/api/v1/system/tag_page', { headers: admin.headers, query: { rows: 50 } });
    expect(tags.body.data.totalSize).toBe(10);
    const grade = await server.call<unknown>('GET', '/api/v1/system/get_optionset_by_code', { headers: admin.headers, query: { code: 'grade' } });
    expect(JSON.stringify(grade.body.data)).toContain('三年级');
    const students = (await server.db.selectFrom('student').select('id').where('del_flag', '=', 0).execute()).length;
    const userTags = await server.call<{ totalSize: number }>('GET', '/api/v1/system_tag_group/user_tag_page', { headers: admin.headers, query: { rows: 50 } });
    expect(userTags.body.data.totalSize).toBe(Math.min(12, students));
  });

  it('seeds only the first start: a second start of the same database adds nothing', async () => {
    if (process.env.TEST_DATABASE_URL) return; // the file database of the embedded default
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-seed-'));
    try {
      const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '' });
      const first = await prepareDatabase(config);
      expect(first.seeded).toBe(true);
      const notices = (await first.db.selectFrom('sys_notice').select('id').execute()).length;
      await first.close();
      const second = await prepareDatabase(config);
      expect(second.seeded).toBe(false);
      expect((await second.db.selectFrom('sys_notice').select('id').execute()).length).toBe(notices);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

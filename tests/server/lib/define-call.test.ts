import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { mountedCallsOf } from '../../../server/lib/call-routes';
import * as classes from '../../../src/contract/classes';
import * as workflow from '../../../src/contract/workflow';
import { feedbackAddCall } from '../../../src/contract/feedback';
import { isCallDef } from '../../../src/contract/call';

/** Special calls declared with defineCall: mounted from the declaration, permission-checked, parsed with Chinese labels. */
describe('defineCall', () => {
  let s: TestServer;
  let admin: LoggedIn;
  let teacher: LoggedIn;
  let telemarketer: LoggedIn;

  beforeAll(async () => {
    s = await createTestServer();
    admin = await s.login(ADMIN.login, ADMIN.password);
    teacher = await s.login('teacher', DEMO_PASSWORD);
    telemarketer = await s.login('telemarketer', DEMO_PASSWORD);
  });
  afterAll(() => s.close());

  it('mounts every declared call of the classes and workflow areas, once, at the path the declaration names', () => {
    const declared = (Object.values(classes) as unknown[]).filter(isCallDef);
    expect(declared.length).toBeGreaterThan(40);
    const mounted = mountedCallsOf(s.app);
    for (const call of [...declared, ...(Object.values(workflow) as unknown[]).filter(isCallDef), feedbackAddCall]) {
      expect(mounted.filter((m) => m.method === call.method && m.path === call.path), `${call.method} ${call.path}`).toHaveLength(1);
    }
  });

  it('a read needs the screen or code it declares: a telemarketer without a check-in screen is refused, a teacher passes', async () => {
    const refused = await s.call('GET', '/api/v1/edu_check_in/page', { headers: telemarketer.headers });
    expect(refused.body.code).toBe(403);
    expect(refused.body.msg).toBe('没有查看权限');
    const allowed = await s.call('GET', '/api/v1/edu_check_in/page', { headers: teacher.headers });
    expect(allowed.body.code).toBe(200);
  });

  it('a write needs its operation code', async () => {
    const res = await s.call('POST', '/api/v1/edu_class_schedule/arrange_schedule', { headers: teacher.headers, json: { class_id: 1, date_start: '2026-01-05', date_end: '2026-01-30' } });
    expect(res.body).toMatchObject({ code: 403, msg: '没有操作权限：edu_class_schedule_arrange' });
  });

  it('bad input answers 400 naming the field in Chinese, from the declared labels', async () => {
    const res = await s.call('GET', '/api/v1/data_center/class_data', { headers: admin.headers, query: { date_start: '2026-01-01', date_end: 'x' } });
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBe('结束日期格式应为 YYYY-MM-DD');
    const query = await s.call('POST', '/api/v1/edu_class_time_range/update', { headers: admin.headers, query: { classId: 'abc' }, json: [] });
    expect(query.body.code).toBe(400);
    expect(query.body.msg).toContain('班级');
  });

  it('a declared answer reaches the caller in the envelope', async () => {
    const res = await s.call<{ content: unknown[]; totalSize: number }>('GET', '/api/v1/prod_class_type/name_page', { headers: admin.headers, query: { page: 1, rows: 5 } });
    expect(res.body.code).toBe(200);
    expect(res.body.data.totalSize).toBeGreaterThan(0);
    expect(res.body.data.content.length).toBeLessThanOrEqual(5);
  });

  it('offline-capable calls are exactly the ones the outbox queues', () => {
    expect([classes.checkInCall, workflow.punchCall, feedbackAddCall].every((c) => c.offline === true && c.method === 'POST')).toBe(true);
    expect(classes.arrangeCall.offline).toBeUndefined();
  });
});

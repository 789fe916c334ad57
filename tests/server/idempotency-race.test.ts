import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN } from './helpers';
import { ApiCode } from '../../src/contract/envelope';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

async function feedbackCount(content: string): Promise<number> {
  const rows = await s.db.selectFrom('base_feedback').select('id').where('content', '=', content).execute();
  return rows.length;
}

describe('idempotency under concurrency', () => {
  it('concurrent requests with one key write once: the others answer 423 (in progress) or the stored answer', async () => {
    const { headers } = await s.login(ADMIN.login, ADMIN.password);
    const content = '并发幂等测试';
    const h = { ...headers, 'Idempotency-Key': 'race-key-1' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => s.call<{ id: number }>('POST', '/api/v1/base_feedback/add', { headers: h, json: { content } })),
    );
    expect(await feedbackCount(content)).toBe(1);
    const committed = answers.filter((a) => a.body.code === ApiCode.OK);
    const locked = answers.filter((a) => a.body.code === ApiCode.LOCKED);
    expect(committed.length + locked.length).toBe(answers.length);
    expect(committed.length).toBeGreaterThanOrEqual(1);
    // every 200 is the one stored answer (one row id)
    expect(new Set(committed.map((a) => a.body.data.id)).size).toBe(1);
    // the race happened: at least one request saw no stored key yet, wrote, and was rolled back
    expect(locked.length).toBeGreaterThanOrEqual(1);
    for (const a of locked) expect(a.body).toEqual({ code: 423, msg: '相同幂等键的请求正在处理，请稍后重试', data: null });

    // the retry with the same key now gets the stored answer and still writes nothing
    const retry = await s.call<{ id: number }>('POST', '/api/v1/base_feedback/add', { headers: h, json: { content } });
    expect(retry.body.code).toBe(ApiCode.OK);
    expect(retry.body.data.id).toBe(committed[0].body.data.id);
    expect(await feedbackCount(content)).toBe(1);
  });
});

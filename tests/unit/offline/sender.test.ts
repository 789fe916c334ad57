import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { sendViaRequest } from '../../../src/offline/sender';
import type { OutboxItem } from '../../../src/offline/db';
import { OUTBOX_AGE_HEADER } from '../../../src/contract/call';

const seen: { key: string | null; body: unknown }[] = [];
const ages: (string | null)[] = [];
let answer: () => Response | Promise<Response> = () => HttpResponse.json({ code: 200, msg: '', data: null });
const server = setupServer(
  http.post('http://localhost/api/v1/base_feedback/add', async ({ request }) => {
    seen.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
    ages.push(request.headers.get(OUTBOX_AGE_HEADER));
    return answer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen.length = 0;
  ages.length = 0;
  server.resetHandlers();
});
afterAll(() => server.close());

const item: OutboxItem = {
  id: 1,
  url: 'api/v1/base_feedback/add',
  method: 'POST',
  body: { content: '投影仪坏了', files: '' },
  idempotencyKey: '2b1f6c8e-4a7d-4c1e-9f4b-1d2e3f4a5b6c',
  kind: 'feedback',
  label: '用户反馈',
  createdAt: 0,
  attempts: 1,
  nextAttemptAt: 0,
  lastError: null,
  state: 'sending',
  doneAt: null,
};

describe('sending an outbox item through the request layer', () => {
  it('posts the JSON body with its Idempotency-Key; code 200 is done', async () => {
    expect(await sendViaRequest()(item)).toEqual({ kind: 'ok' });
    expect(seen).toEqual([{ key: item.idempotencyKey, body: { content: '投影仪坏了', files: '' } }]);
  });

  it('tells the server how long ago the write was queued (the tap), counted on the device clock', async () => {
    const queuedAgo = 25 * 60_000;
    expect(await sendViaRequest()({ ...item, createdAt: Date.now() - queuedAgo })).toEqual({ kind: 'ok' });
    const age = Number(ages[0]);
    expect(age).toBeGreaterThanOrEqual(queuedAgo);
    expect(age).toBeLessThan(queuedAgo + 5_000);
    // a queue time ahead of the clock (the clock was set back) never claims a tap in the future
    await sendViaRequest()({ ...item, createdAt: Date.now() + 60_000 });
    expect(ages[1]).toBe('0');
  });

  it('code ≠ 200 is a rejection carrying the server msg', async () => {
    answer = () => HttpResponse.json({ code: 400, msg: '请输入反馈内容', data: null });
    expect(await sendViaRequest()(item)).toEqual({ kind: 'rejected', msg: '请输入反馈内容' });
  });

  it('code 423 (same key still in progress) is retried by its code, whatever the message', async () => {
    answer = () => HttpResponse.json({ code: 423, msg: '请求处理中', data: null });
    expect(await sendViaRequest()(item)).toEqual({ kind: 'retry', msg: '请求处理中' });
    answer = () => HttpResponse.json({ code: 423, msg: '', data: null });
    expect((await sendViaRequest()(item)).kind).toBe('retry');
  });

  it('a backend answering 409 with the in-progress text is still retried (fallback), not rejected', async () => {
    answer = () => HttpResponse.json({ code: 409, msg: '相同幂等键的请求正在处理，请稍后重试', data: null });
    expect(await sendViaRequest()(item)).toEqual({ kind: 'retry', msg: '相同幂等键的请求正在处理，请稍后重试' });
    answer = () => HttpResponse.json({ code: 409, msg: '该学员已签到', data: null });
    expect(await sendViaRequest()(item)).toEqual({ kind: 'rejected', msg: '该学员已签到' });
  });

  it('HTTP 401 stops for sign-in', async () => {
    answer = () => HttpResponse.json({ code: 401, msg: '未登录' }, { status: 401 });
    expect((await sendViaRequest()(item)).kind).toBe('unauthorized');
  });

  it('HTTP 5xx and a dropped connection are retried later', async () => {
    answer = () => HttpResponse.json({ code: 500, msg: 'db down' }, { status: 503 });
    expect(await sendViaRequest()(item)).toEqual({ kind: 'retry', msg: '服务不可用' });
    answer = () => HttpResponse.error();
    expect(await sendViaRequest()(item)).toEqual({ kind: 'retry', msg: '网络连接失败，请检查网络' });
  });

  it('a time-out is retried later', async () => {
    answer = () => new Promise<Response>((r) => setTimeout(() => r(HttpResponse.json({ code: 200, msg: '', data: null })), 300));
    expect((await sendViaRequest(50)(item)).kind).toBe('retry');
  });

  it('a 4xx that no retry can fix (unknown path) is a rejection', async () => {
    answer = () => HttpResponse.json({ code: 404, msg: 'not found' }, { status: 404 });
    const out = await sendViaRequest()(item);
    expect(out.kind).toBe('rejected');
    expect(out.kind === 'rejected' && out.msg).toContain('请求地址出错');
  });
});

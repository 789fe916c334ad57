import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN } from './helpers';

// Issue 10 defect 7: JSON and form bodies are limited to 1 MB before any other work, from the
// declared length or while streaming; the multipart upload keeps its own 150 MB limit.

let s: TestServer;
let admin: Record<string, string>;
beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
});
afterAll(async () => {
  await s?.close();
});

const MB = 1024 * 1024;
const TOO_LARGE = { code: 413, msg: '请求内容过大，不能超过 1MB', data: null };
const bigJson = (bytes: number) => JSON.stringify({ login_id: 'admin', password: 'x', pad: 'a'.repeat(bytes) });

async function send(path: string, body: BodyInit, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const res = await s.app.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit));
  return { status: res.status, body: await res.json() };
}

/** A body that streams `total` bytes in 64 KB chunks and counts how many were pulled. */
function stream(total: number): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
  const body = new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (sent >= total) return ctrl.close();
      sent += chunk.length;
      ctrl.enqueue(chunk);
    },
  });
  return { body, pulled: () => sent };
}

describe('body size limit', () => {
  it('sso/login with a 2 MB body is refused with 413 from its Content-Length, before any sign-in work', async () => {
    const tries = () => s.db.selectFrom('login_throttle').select(['address', 'tries']).orderBy('address').execute();
    const before = await tries();
    const body = bigJson(2 * MB);
    const res = await send('/api/v1/sso/login', body, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    expect(res).toEqual({ status: 413, body: TOO_LARGE });
    expect(await tries()).toEqual(before);
  });

  it('a body without a length is refused while streaming, soon after the first megabyte', async () => {
    const { body, pulled } = stream(64 * MB);
    const res = await send('/api/v1/sso/login', body, { 'content-type': 'application/json' });
    expect(res).toEqual({ status: 413, body: TOO_LARGE });
    expect(pulled()).toBeLessThan(2 * MB);
  });

  it('a form body over 1 MB is refused before the session is checked; one under it is served', async () => {
    const form = `name=${'a'.repeat(MB + 10)}`;
    expect(await send('/api/v1/system/find_role_page', form, { 'content-type': 'application/x-www-form-urlencoded' })).toEqual({ status: 413, body: TOO_LARGE });
    expect(await send('/api/v1/system/find_role_page', form, { ...admin, 'content-type': 'application/x-www-form-urlencoded' })).toEqual({ status: 413, body: TOO_LARGE });
    const small = await send('/api/v1/sso/login', bigJson(900 * 1024), { 'content-type': 'application/json' });
    expect(small.status).toBe(200);
    expect(small.body).toMatchObject({ code: 400 });
  });

  it('the multipart upload keeps its own limit: 2 MB is stored', async () => {
    const b = '----cdlimit';
    const file = Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`), Buffer.alloc(2 * MB, 7), Buffer.from(`\r\n--${b}--\r\n`)]);
    const res = await send('/api/v1/sys_attachment/upload', file, { ...admin, 'content-type': `multipart/form-data; boundary=${b}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200 });
  });
});

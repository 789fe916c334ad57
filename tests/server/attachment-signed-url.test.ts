import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, DEMO_PASSWORD } from './helpers';
import { serverSecret } from '../../server/lib/server-secret';
import { SIGNED_TTL_MS, signedQuery } from '../../server/modules/attachments/signed-url';

// Issue 18 defect 5: <img>/<video>/<audio> and download links cannot send the session headers;
// a short-lived signed address (HMAC of id, user and expiry) stands in for them.

let s: TestServer;
let sales: { headers: Record<string, string>; token: string; userId: number };
let teacher: Record<string, string>;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  s = await createTestServer();
  const l = await s.login('sales', DEMO_PASSWORD);
  sales = { headers: l.headers, token: l.user.token, userId: l.user.id };
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
});
afterAll(async () => {
  await s?.close();
});

async function upload(): Promise<number> {
  const b = '----cdsign';
  const body = Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="头像.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${b}--\r\n`)]);
  const res = await s.app.fetch(new Request('http://localhost/api/v1/sys_attachment/upload', { method: 'POST', headers: { ...sales.headers, 'content-type': `multipart/form-data; boundary=${b}` }, body }));
  return ((await res.json()) as { data: number }).data;
}

const get = (url: string) => s.app.fetch(new Request(`http://localhost/${url.replace(/^\//, '')}`));

describe('signed download addresses', () => {
  it('serve the file without the session headers, for a few minutes, and never carry the token', async () => {
    const id = await upload();
    const signed = await s.call<{ id: number; url: string }[]>('GET', '/api/v1/sys_attachment/sign', { headers: sales.headers, query: { id: String(id) } });
    expect(signed.body.code).toBe(200);
    const [{ url }] = signed.body.data;
    expect(url).toMatch(new RegExp(`^api/v1/sys_attachment/download\\?id=${id}&uid=\\d+&exp=\\d+&sig=[\\w-]+$`));
    expect(url).not.toContain(sales.token);
    const res = await get(`${url}&inline=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    // without a signature the session is still required
    expect((await get(`api/v1/sys_attachment/download?id=${id}`)).status).toBe(401);
  });

  it('refuse a changed, moved, expired or long-lived address, and a user no longer active', async () => {
    const id = await upload();
    const other = await upload();
    const [{ url }] = (await s.call<{ id: number; url: string }[]>('GET', '/api/v1/sys_attachment/sign', { headers: sales.headers, query: { id: String(id) } })).body.data;
    const sig = new URL(url, 'http://x/').searchParams.get('sig') ?? '';
    const uid = Number(new URL(url, 'http://x/').searchParams.get('uid'));
    expect((await get(url.replace(`id=${id}&`, `id=${other}&`))).status).toBe(401);
    expect((await get(url.replace(/sig=.*/, `sig=${sig.slice(1)}A`))).status).toBe(401);
    expect((await get(url.replace(/uid=\d+/, `uid=${uid + 1}`))).status).toBe(401);
    const key = await serverSecret(s.db, 'file_url');
    expect((await get(`api/v1/sys_attachment/download?${signedQuery(key, id, uid, Date.now() - SIGNED_TTL_MS - 1000)}`)).status).toBe(401);
    expect((await get(`api/v1/sys_attachment/download?${signedQuery(key, id, uid, Date.now() + 3_600_000)}`)).status).toBe(401);
    expect((await get(`api/v1/sys_attachment/download?${signedQuery(key, id, uid)}`)).status).toBe(200);
    const bad = await get('api/v1/sys_attachment/download?id=x&uid=1&exp=1&sig=a');
    expect(await bad.json()).toMatchObject({ code: 400 });
    await s.db.updateTable('users').set({ state: 0 }).where('id', '=', uid).execute();
    expect((await get(url)).status).toBe(401);
    await s.db.updateTable('users').set({ state: 1 }).where('id', '=', uid).execute();
  });

  it('are given only for files the caller sees', async () => {
    const id = await upload();
    expect((await s.call('GET', '/api/v1/sys_attachment/sign', { headers: teacher, query: { id: String(id) } })).body.code).toBe(404);
    expect((await s.call('GET', '/api/v1/sys_attachment/sign', { query: { id: String(id) } })).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN } from './helpers';

// Issue 10 defect 10: a write whose content type does not match its contract is refused (text/plain
// JSON is what a cross-site form can send without a preflight); get_optionset_by_code answers a
// missing code in Chinese without echoing it.

let s: TestServer;
let admin: Record<string, string>;
beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
});
afterAll(async () => {
  await s?.close();
});

async function raw(path: string, type: string | undefined, body: string, headers = admin): Promise<{ code: number; msg: string }> {
  const h: Record<string, string> = { ...headers };
  if (type) h['content-type'] = type;
  const res = await s.app.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers: h, body: new TextEncoder().encode(body) }));
  expect(res.status).toBe(200);
  return (await res.json()) as { code: number; msg: string };
}

describe('content type of writes', () => {
  const role = JSON.stringify({ code: 'ct_probe', name: '类型探测' });
  it.each(['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined])('JSON sent as %s is refused with 400 and nothing is written', async (type) => {
    expect(await raw('/api/v1/system/add_role', type, role)).toEqual({ code: 400, msg: '请求内容类型不正确，应为 application/json', data: null });
    expect(await s.db.selectFrom('roles').select('id').where('code', '=', 'ct_probe').executeTakeFirst()).toBeUndefined();
  });

  it('the same body as application/json is written', async () => {
    expect((await raw('/api/v1/system/add_role', 'application/json; charset=utf-8', role)).code).toBe(200);
  });

  it('sign-in refuses text/plain too', async () => {
    expect((await raw('/api/v1/sso/login', 'text/plain', JSON.stringify({ login_id: 'admin', password: 'admin123' }), {})).code).toBe(400);
  });

  it('a form search sent as text/plain is refused; form-encoded and JSON are read', async () => {
    expect((await raw('/api/v1/system/find_role_page', 'text/plain', 'page=1&rows=5')).msg).toBe('请求内容类型不正确，应为 application/x-www-form-urlencoded');
    expect((await raw('/api/v1/system/find_role_page', 'application/x-www-form-urlencoded', 'page=1&rows=5')).code).toBe(200);
    expect((await raw('/api/v1/system/find_role_page', 'application/json', '{"page":1,"rows":5}')).code).toBe(200);
  });
});

describe('get_optionset_by_code', () => {
  it('answers a missing code in Chinese without echoing it', async () => {
    const probe = '<script>x</script>';
    const res = await s.call('GET', '/api/v1/system/get_optionset_by_code', { headers: admin, query: { code: probe } });
    expect(res.body).toEqual({ code: 404, msg: '选项集不存在', data: null });
  });
});

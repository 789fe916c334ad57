import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { transactionMiddleware } from '../../server/lib/tx';
import { ok, okPage } from '../../server/lib/http';
import type { AppEnv, Principal } from '../../server/lib/context';
import { createTestServer, type TestServer } from './helpers';

/**
 * The request transaction reads an answer's code: success answers of `ok`/`okPage` are known
 * without parsing; any other answer is read. Either way, code 200 commits and anything else
 * rolls back, and an Idempotency-Key stores the exact answer.
 */
let s: TestServer;
let app: Hono<AppEnv>;
type Probe = { tx_probe: { n: number } };
const probe = () => s.db as unknown as Kysely<Probe>;
const count = async () => Number((await probe().selectFrom('tx_probe').select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow()).c);

beforeAll(async () => {
  s = await createTestServer();
  await sql`create table tx_probe (n integer not null)`.execute(s.db);
  const admin = await s.db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('db', s.db);
    c.set('principal', { userId: admin.id } as Principal);
    await next();
  });
  app.use('/api/v1/*', transactionMiddleware(s.db));
  const insert = (c: { var: { db: unknown } }, n: number) => (c.var.db as Kysely<Probe>).insertInto('tx_probe').values({ n }).execute();
  app.post('/api/v1/probe/ok', async (c) => {
    await insert(c, 1);
    return ok(c, { saved: 1, name: '成功的写入' });
  });
  app.post('/api/v1/probe/page', async (c) => {
    await insert(c, 2);
    return okPage(c, ['{"n":2,"name":"第二"}', Buffer.from('{"n":3,"name":"第三"}')], 2);
  });
  app.post('/api/v1/probe/refused', async (c) => {
    await insert(c, 9);
    return c.json({ code: 409, msg: '不能这样做', data: null });
  });
}, 60_000);

afterAll(async () => {
  await s.close();
});

const post = async (path: string, key?: string) => {
  const res = await app.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers: key ? { 'Idempotency-Key': key } : {} }));
  return { text: await res.text(), type: res.headers.get('content-type'), replay: res.headers.get('idempotent-replay') };
};

describe('request transaction answers', () => {
  it('ok commits and answers the envelope as JSON', async () => {
    const before = await count();
    const a = await post('/api/v1/probe/ok');
    expect(JSON.parse(a.text)).toEqual({ code: 200, msg: '成功', data: { saved: 1, name: '成功的写入' } });
    expect(a.type).toMatch(/^application\/json/);
    expect(await count()).toBe(before + 1);
  });

  it('an answer with another code, even when not thrown, rolls the write back', async () => {
    const before = await count();
    const a = await post('/api/v1/probe/refused');
    expect(JSON.parse(a.text)).toEqual({ code: 409, msg: '不能这样做', data: null });
    expect(await count()).toBe(before);
  });

  it('with an Idempotency-Key, ok and okPage answers are stored exactly and replayed without writing', async () => {
    for (const [path, key] of [
      ['/api/v1/probe/ok', 'tx-ok-1'],
      ['/api/v1/probe/page', 'tx-page-1'],
    ] as const) {
      const before = await count();
      const first = await post(path, key);
      const again = await post(path, key);
      expect(first.replay).toBeNull();
      expect(again.replay).toBe('true');
      expect(again.text).toBe(first.text);
      expect(await count()).toBe(before + 1);
    }
    expect(JSON.parse((await post('/api/v1/probe/page', 'tx-page-1')).text)).toEqual({
      code: 200,
      msg: '成功',
      data: { content: [{ n: 2, name: '第二' }, { n: 3, name: '第三' }], totalSize: 2 },
    });
  });
});

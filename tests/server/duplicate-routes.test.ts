import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { AppEnv } from '../../server/lib/context';
import { duplicateRoutes, listRoutes } from '../../server/routes-list';
import { createTestServer, type TestServer } from './helpers';

// Two handlers on one method and path: only the first registered ever answers, so the second is
// dead code or, worse, a hand-written call silently shadowing a declared one (or the reverse).
describe('routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('has one handler per method and path', () => {
    expect(listRoutes(server.app).length).toBeGreaterThan(100);
    expect(duplicateRoutes(server.app)).toEqual([]);
  });

  it('finds a second registration, a renamed parameter included, but not a handler chain', () => {
    const app = new Hono<AppEnv>();
    const ok = () => new Response('ok');
    app.use('/api/*', async (_c, next) => next());
    app.post('/api/a/add', async (_c, next) => next(), ok);
    app.get('/api/a/:id', ok);
    app.post('/api/b/add', ok);
    app.post('/api/a/add', ok);
    app.get('/api/a/:key', ok);
    app.get('/api/a/page', ok);
    expect(duplicateRoutes(app)).toEqual([
      { route: 'POST /api/a/add', at: [1, 5] },
      { route: 'GET /api/a/:', at: [3, 6] },
    ]);
  });
});

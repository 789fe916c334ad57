import { randomUUID } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from './lib/context';
import { ApiError } from './lib/http';
import { isRefusedValue } from './db/dialect';
import { isSqliteBusy } from './db/sqlite-immediate';
import { openApiSessionMiddleware, readPermissionMiddleware, sessionMiddleware } from './lib/auth';
import { API_PREFIXES, type ApiPrefix } from './lib/api-prefixes';
import { bodyLimitMiddleware } from './lib/body-limit';
import { securityHeaders } from './lib/security-headers';
import { transactionMiddleware } from './lib/tx';
import { listExportMiddleware } from './lib/list-export';
import { isMounted, mountResource } from './lib/resource-routes';
import { registerModules } from './modules';
import { declareReads } from './modules/read-menus';
import { RESOURCES } from '../src/contract/resources';

/** The Hono app of api/v1 and api/openapi. Exported so tests call `app.fetch(request)` in-process. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', securityHeaders());
  app.use('*', async (c, next) => {
    c.set('db', deps.db);
    await next();
  });
  // Every API prefix passes the same pipeline; each has its own authentication (api-prefixes.ts).
  const authentication: Record<ApiPrefix, MiddlewareHandler<AppEnv>> = {
    '/api/v1': sessionMiddleware(deps.config),
    '/api/openapi': openApiSessionMiddleware(deps.config),
  };
  for (const prefix of API_PREFIXES) {
    // Before the session is looked up: an oversized body costs nothing but its first megabyte.
    app.use(`${prefix}/*`, bodyLimitMiddleware());
    app.use(`${prefix}/*`, authentication[prefix]);
    // every read needs a menu of a screen that makes it (declared below, after the routes)
    app.use(`${prefix}/*`, readPermissionMiddleware(app));
    // Outside the request transaction: an export replays its list call page by page.
    app.use(`${prefix}/*`, listExportMiddleware(() => app));
    app.use(`${prefix}/*`, transactionMiddleware(deps.db));
  }

  registerModules(app, deps);
  // Declarations no module mounted with its own hooks get the plain standard calls.
  for (const def of RESOURCES) if (!isMounted(app, def.name)) mountResource(app, def);
  declareReads(app);

  app.notFound((c) => c.json({ code: 404, msg: `请求地址出错: ${c.req.path}`, data: null }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json({ code: err.code, msg: err.message, data: null });
    if (isRefusedValue(err)) return c.json({ code: 400, msg: '参数取值超出范围', data: null });
    // SQLite's write lock not had in SQLITE_LOCK_WAIT_MS (several processes, many writers): nothing was written; try again
    if (isSqliteBusy(err)) return c.json({ code: 503, msg: '系统繁忙，请稍后重试', data: null }, 503, { 'Retry-After': '1' });
    // The caller's request id (a proxy's) when it sent one, so the log line can be matched with theirs.
    console.error(`[${c.req.header('x-request-id') ?? randomUUID()}] ${c.req.method} ${c.req.path}:`, err);
    return c.json({ code: 500, msg: '服务器内部错误', data: null }, 500);
  });
  return app;
}

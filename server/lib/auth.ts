import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Principal } from './context';
import type { AppConfig } from '../config';
import { ApiError } from './http';
import { hashToken } from './sessions';
import { PASSWORD_CHANGE_REQUIRED_MSG } from '../../src/contract/session';
import { hasPerm, loadAccess } from './principal';
import { ANY_SIGNED_IN } from '../../src/contract/call';
import { deviceCredentialOf, forgetDevices, resolveDevice } from './device-auth';
import '../db/core-schema';

/** Calls that need no session. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/api/v1/sso/login',
  '/api/v1/auth/third_login',
  '/api/v1/auth/third_logout',
  '/api/v1/auth/third_config',
  '/api/v1/health',
  // forgotten password (server/modules/misc/sms-routes.ts): same answer whether or not the account exists
  '/api/v1/user/sms_forget',
  '/api/v1/user/sms_forget_reset',
]);

/** Calls that take a signed address (HMAC, short-lived) instead of the session headers. */
export const SIGNED_PATHS: ReadonlySet<string> = new Set(['/api/v1/sys_attachment/download']);

/** Calls allowed while the password must be changed first (production first sign-in). */
const FIRST_LOGIN_PATHS: ReadonlySet<string> = new Set(['/api/v1/system/modify_password', '/api/v1/sso/logout']);

const CACHE_MS = 5_000;
const LAST_SEEN_WRITE_MS = 30_000;

interface Cached {
  principal: Principal;
  /** the exact Authorization header the principal was checked against */
  authorization: string;
  loadedAt: number;
  lastSeenMs: number;
  expiresMs: number;
}

// Principals are cached a few seconds so a busy list screen does not rebuild permissions per call;
// role, menu and user changes in this process clear the cache at once.
const cache = new Map<string, Cached>();
// The same entries by raw token, so a cached request skips hashing; an entry counts only while
// `cache` still holds it under its hash (sign-out and invalidation clear `cache`).
const byToken = new Map<string, Cached>();

export function invalidatePrincipals(): void {
  cache.clear();
  byToken.clear();
  forgetDevices();
}

export function forgetSession(tokenHash: string): void {
  cache.delete(tokenHash);
  for (const [token, entry] of byToken) if (entry.principal.tokenHash === tokenHash) byToken.delete(token);
}

function unauthorized(): Response {
  return new Response(JSON.stringify({ code: 401, msg: '未授权，请登录', data: null }), {
    status: 401,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
  });
}

/** Reads `login_id:token:domain` from `Authorization: Bearer base64(...)`. */
export function parseBearer(header: string | undefined): { loginId: string; token: string; domain: string } | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) return undefined;
  let raw: string;
  try {
    raw = Buffer.from(m[1], 'base64').toString('utf8');
  } catch {
    return undefined;
  }
  const first = raw.indexOf(':');
  const second = raw.indexOf(':', first + 1);
  if (first <= 0 || second < 0) return undefined;
  return { loginId: raw.slice(0, first), token: raw.slice(first + 1, second), domain: raw.slice(second + 1) };
}

async function resolve(
  c: Parameters<MiddlewareHandler<AppEnv>>[0],
  config: AppConfig,
  token: string | undefined = c.req.header('token'),
  authorization: string | undefined = c.req.header('authorization'),
): Promise<Principal | undefined> {
  if (!token || !authorization) return undefined;
  const now = Date.now();
  const idleMs = config.sessionIdleMinutes * 60_000;
  // The hot path: the same two headers as a principal loaded a moment ago need no hashing or decoding.
  const fresh = (h: Cached | undefined): h is Cached => h !== undefined && now - h.loadedAt < CACHE_MS && h.expiresMs > now && h.lastSeenMs + idleMs > now;
  const hot = byToken.get(token);
  if (fresh(hot) && hot.authorization === authorization && cache.get(hot.principal.tokenHash) === hot) return hot.principal;
  const bearer = parseBearer(authorization);
  if (!bearer || bearer.token !== token) return undefined;
  const tokenHash = hashToken(token);
  const hit = cache.get(tokenHash);
  if (fresh(hit)) {
    if (hit.principal.loginId !== bearer.loginId || hit.principal.domain !== bearer.domain) return undefined;
    return hit.principal;
  }
  const db = c.var.db;
  const s = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.user_id',
      'sessions.login_id',
      'sessions.domain',
      'sessions.revoked',
      'sessions.last_seen_ms',
      'sessions.expires_ms',
      'users.name',
      'users.state',
      'users.del_flag',
      'users.must_change_password',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!s || s.revoked !== 0 || s.state !== 1 || s.del_flag !== 0) return undefined;
  if (s.expires_ms <= now || s.last_seen_ms + idleMs <= now) return undefined;
  if (s.login_id !== bearer.loginId || s.domain !== bearer.domain) return undefined;
  let lastSeen = s.last_seen_ms;
  if (now - lastSeen > LAST_SEEN_WRITE_MS) {
    await db.updateTable('sessions').set({ last_seen_ms: now }).where('token_hash', '=', tokenHash).execute();
    lastSeen = now;
  }
  const access = await loadAccess(db, s.user_id);
  const principal: Principal = {
    userId: s.user_id,
    loginId: s.login_id,
    domain: s.domain,
    name: s.name,
    roleIds: access.roleIds,
    roleCodes: access.roleCodes,
    perms: access.perms,
    menuCodes: access.menuCodes,
    superuser: access.superuser,
    allSchools: access.allSchools,
    schoolIds: access.schoolIds,
    tokenHash,
    mustChangePassword: s.must_change_password === 1,
  };
  const entry: Cached = { principal, authorization, loadedAt: now, lastSeenMs: lastSeen, expiresMs: s.expires_ms };
  // Entries only live a few seconds: a full cache is simply emptied rather than left to grow.
  if (cache.size >= 10_000) invalidatePrincipals();
  cache.set(tokenHash, entry);
  byToken.set(token, entry);
  return principal;
}

/**
 * The session named by the cookies the app keeps (`token` and `Authorization`, the same values as
 * the headers): pages the browser opens by address (the printable report /ureport/preview) carry
 * no headers. Undefined without a live session, or while the password must still be changed.
 */
export async function principalFromCookies(c: Parameters<MiddlewareHandler<AppEnv>>[0], config: AppConfig): Promise<Principal | undefined> {
  const cookies = new Map<string, string>();
  for (const part of (c.req.header('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    try {
      cookies.set(decodeURIComponent(part.slice(0, eq).trim()), decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // a cookie of another page that is not URI-encoded: not ours
    }
  }
  const token = cookies.get('token');
  const authorization = cookies.get('Authorization');
  if (!token || !authorization) return undefined;
  const principal = await resolve(c, config, token, authorization);
  return principal && !principal.mustChangePassword ? principal : undefined;
}

/**
 * Checks headers `token` and `Authorization: Bearer base64(login_id:token:domain)` against a live
 * session; both must match. Public paths pass without one.
 */
export function sessionMiddleware(config: AppConfig): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (PUBLIC_PATHS.has(c.req.path)) return next();
    // A signed file address stands in for the session; its handler checks the signature.
    if (SIGNED_PATHS.has(c.req.path) && c.req.query('sig') !== undefined) return next();
    // A front-desk tablet in device mode: its own credential, limited to the front desk's calls.
    const deviceSecret = deviceCredentialOf(c);
    if (deviceSecret !== undefined) {
      const device = await resolveDevice(c, deviceSecret);
      if (device instanceof Response) return device;
      if (!device) return unauthorized();
      c.set('principal', device);
      return next();
    }
    const principal = await resolve(c, config);
    if (!principal) return unauthorized();
    if (principal.mustChangePassword && !FIRST_LOGIN_PATHS.has(c.req.path)) {
      return c.json({ code: 403, msg: PASSWORD_CHANGE_REQUIRED_MSG, data: null });
    }
    c.set('principal', principal);
    return next();
  };
}

/**
 * The open API's authentication (`/api/openapi`, the part-time acquirers' service): the spec sets
 * its calls up only when the staff member's session token exists, so every call carries the
 * session headers `token` and `Authorization`, checked exactly as for api/v1. Nothing under it is
 * public, and neither a front-desk device credential nor a signed file address stands in for the
 * session: the device mode and the signed downloads belong to api/v1 alone.
 */
export function openApiSessionMiddleware(config: AppConfig): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = await resolve(c, config);
    if (!principal) return unauthorized();
    if (principal.mustChangePassword) return c.json({ code: 403, msg: PASSWORD_CHANGE_REQUIRED_MSG, data: null });
    c.set('principal', principal);
    return next();
  };
}

/** Throws ApiError 403 unless the caller holds the operation code (RC999 holds all). */
export function assertPerm(principal: Principal, code: string): void {
  if (!hasPerm(principal, code)) throw new ApiError(403, `没有操作权限：${code}`);
}

export function requirePerm(code: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    assertPerm(c.var.principal, code);
    await next();
  };
}

export { hasPerm };

/** A read every signed-in user may make (their own session, menus, messages, option sets, …). */
export { ANY_SIGNED_IN };

/**
 * Throws ApiError 403 unless the caller holds one of the menus (screen or operation codes) that
 * use this read; RC999 holds all. The read-side twin of `assertPerm`.
 */
export function assertRead(principal: Principal, menus: readonly string[]): void {
  if (principal.superuser || menus.includes(ANY_SIGNED_IN)) return;
  for (const m of menus) if (principal.menuCodes.has(m)) return;
  throw new ApiError(403, '没有查看权限');
}

// Reads by `METHOD path`, per app: the menus whose holders may make them.
const readGrants = new WeakMap<object, Map<string, readonly string[]>>();

/**
 * Names the menus (screens) whose holders may make a read. Every GET route must be named (an
 * unnamed one is refused to everyone but RC999), and so must every POST that only reads.
 */
export function declareRead(app: object, method: 'GET' | 'POST', path: string, menus: readonly string[]): void {
  const map = readGrants.get(app) ?? new Map<string, readonly string[]>();
  readGrants.set(app, map);
  const key = `${method} ${path.startsWith('/') ? path : `/api/v1/${path}`}`;
  map.set(key, [...new Set([...(map.get(key) ?? []), ...menus])]);
}

/** The menus that allow a read, or undefined when the route is not a declared read. */
export function readMenusOf(app: object, method: string, path: string): readonly string[] | undefined {
  return readGrants.get(app)?.get(`${method} ${path}`);
}

/**
 * Checks every read against its declared menus, in one place for all routes. A GET route nobody
 * declared is refused (fail closed) to all but RC999; POST writes check their operation codes.
 */
export function readPermissionMiddleware(app: { routes: readonly { method: string; path: string }[] }): MiddlewareHandler<AppEnv> {
  let getRoutes: Set<string> | undefined;
  return async (c, next) => {
    const principal = c.var.principal as Principal | undefined;
    if (!principal || PUBLIC_PATHS.has(c.req.path)) return next();
    const menus = readMenusOf(app, c.req.method, c.req.path);
    if (menus) {
      assertRead(principal, menus);
    } else if (c.req.method === 'GET') {
      getRoutes ??= new Set(app.routes.filter((r) => r.method === 'GET').map((r) => r.path));
      if (getRoutes.has(c.req.path)) assertRead(principal, []);
    }
    return next();
  };
}

import { createHash } from 'node:crypto';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AppEnv } from './context';
import { isUniqueViolation } from '../db/dialect';
import { successBody } from './http';
import { nowText } from './time';
import '../db/core-schema';
import { isApiPath } from './api-prefixes';
import { ApiCode } from '../../src/contract/envelope';

export const KEY_IN_PROGRESS_MSG = '相同幂等键的请求正在处理，请稍后重试';

/**
 * POST paths that must not run inside one request transaction: sign-in (a failed attempt is
 * counted even though the answer is a failure), streamed uploads and long exports (a SQLite
 * transaction would hold the one connection for the whole upload). A module adds its own with
 * `noTransaction(path)` at registration.
 */
const NO_TX = new Set<string>(['/api/v1/sso/login', '/api/v1/sso/logout', '/api/v1/auth/third_login', '/api/v1/auth/third_logout']);

export function noTransaction(path: string): void {
  NO_TX.add(path.startsWith('/') ? path : `/${path}`);
}

/**
 * A POST that only reads (a form-encoded search, a lookup the spec makes a POST): served outside
 * the request transaction, so it neither opens one nor holds SQLite's one connection meanwhile.
 */
export function postRead(app: Hono<AppEnv>, path: string, handler: (c: Context<AppEnv>) => Promise<Response> | Response): void {
  noTransaction(path);
  POST_READS.add(path);
  app.post(path, handler);
}

/** Paths registered by `postRead` (tests check that each names the menus allowed to read it). */
export const POST_READS = new Set<string>();

class Rollback extends Error {}

async function answerCode(res: Response, needText: boolean): Promise<{ code: number | undefined; text: string | undefined }> {
  const success = successBody(res);
  if (success !== undefined) return { code: 200, text: !needText ? undefined : typeof success === 'string' ? success : Buffer.from(success).toString('utf8') };
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return { code: undefined, text: undefined };
  const text = await res.clone().text();
  try {
    const body = JSON.parse(text) as { code?: unknown };
    return { code: typeof body.code === 'number' ? body.code : undefined, text };
  } catch {
    return { code: undefined, text };
  }
}

function jsonResponse(text: string): Response {
  return new Response(text, { status: 200, headers: { 'content-type': 'application/json; charset=UTF-8', 'idempotent-replay': 'true' } });
}

/**
 * Every POST under an API prefix (/api/v1, /api/openapi) runs in ONE transaction exposed as `c.var.db`. A thrown ApiError (or an
 * answer whose code is not 200) rolls it back. With `Idempotency-Key`, the key, user, method,
 * path, body hash and answer are stored in the same transaction; a repeat answers the stored
 * answer and writes nothing; the same key with another body answers 409; a repeat racing the first
 * attempt (its key not yet committed) answers 423 and writes nothing.
 */
export function transactionMiddleware(baseDb: Kysely<Database>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' || !isApiPath(c.req.path) || NO_TX.has(c.req.path)) return next();
    const principal = c.var.principal as AppEnv['Variables']['principal'] | undefined;
    const key = c.req.header('idempotency-key')?.trim();
    let bodyHash = '';
    if (key && principal) {
      if (key.length > 128) return c.json({ code: 400, msg: 'Idempotency-Key 不能超过128个字符', data: null });
      bodyHash = createHash('sha256').update(await c.req.text()).digest('hex');
      const seen = await baseDb
        .selectFrom('idempotency_keys')
        .select(['body_hash', 'path', 'method', 'response'])
        .where('user_id', '=', principal.userId)
        .where('idem_key', '=', key)
        .executeTakeFirst();
      if (seen) {
        if (seen.body_hash !== bodyHash || seen.path !== c.req.path || seen.method !== c.req.method) {
          return c.json({ code: 409, msg: '幂等键已用于另一请求', data: null });
        }
        return jsonResponse(seen.response);
      }
    } else {
      // The body is read before the transaction begins: on SQLite the transaction holds the write
      // lock (begin immediate) and other processes wait for it, so it must not also wait for the
      // network. Handlers read it as text (Hono keeps it), as the key's hash above does.
      await c.req.text();
    }
    try {
      await baseDb.transaction().execute(async (trx) => {
        c.set('db', trx);
        await next();
        if (c.error) throw new Rollback();
        const { code, text } = await answerCode(c.res, Boolean(key && principal));
        if (code !== undefined && code !== 200) throw new Rollback();
        if (key && principal && text !== undefined) {
          await trx
            .insertInto('idempotency_keys')
            .values({ idem_key: key, user_id: principal.userId, method: c.req.method, path: c.req.path, body_hash: bodyHash, response: text, created_at: nowText() })
            .execute();
        }
      });
    } catch (err) {
      if (err instanceof Rollback) return;
      if (key && isUniqueViolation(err)) {
        // Another request with this key committed (or is committing) first; this one wrote nothing.
        // A code of its own (not 409, which means "key used for another request") lets clients
        // retry with the same key, by code, and get the stored answer.
        c.res = undefined;
        c.res = new Response(JSON.stringify({ code: ApiCode.LOCKED, msg: KEY_IN_PROGRESS_MSG, data: null }), {
          headers: { 'content-type': 'application/json; charset=UTF-8' },
        });
        return;
      }
      throw err;
    } finally {
      c.set('db', baseDb);
    }
  };
}

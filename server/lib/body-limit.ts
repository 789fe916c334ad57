import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context';

/** JSON and form bodies: far above any real write, far below what would tie up the server. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

// Calls that take large bodies and limit them themselves (the 150 MB multipart upload).
const largeBodyPaths = new Set<string>();

/** Marks a path whose handler limits its own body (registered by its module). */
export function allowLargeBody(path: string): void {
  largeBodyPaths.add(path);
}

/**
 * Refuses a body over BODY_LIMIT_BYTES with 413 before any other work (session look-up, parsing):
 * from its Content-Length when it declares one, else while it streams in.
 */
export function bodyLimitMiddleware(): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context<AppEnv>) => c.json({ code: 413, msg: '请求内容过大，不能超过 1MB', data: null }, 413);
  const limit = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: tooLarge });
  return (c, next) => {
    if (largeBodyPaths.has(c.req.path) || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // A declared length is judged from the header alone: hono's bodyLimit looks at the body
    // stream first, which turns @hono/node-server's light request into a full web Request with
    // a stream (about 0.3 ms a call, measured on the check-in) and loses its direct body read.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined && /^\d+$/.test(length)) {
      return Number(length) > BODY_LIMIT_BYTES ? Promise.resolve(tooLarge(c)) : next();
    }
    return limit(c, next);
  };
}

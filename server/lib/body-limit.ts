import type { MiddlewareHandler } from 'hono';
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
  const limit = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) => c.json({ code: 413, msg: '请求内容过大，不能超过 1MB', data: null }, 413),
  });
  return (c, next) => (largeBodyPaths.has(c.req.path) ? next() : limit(c, next));
}

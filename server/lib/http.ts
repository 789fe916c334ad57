import type { Context } from 'hono';

/**
 * A business or validation failure. The app's onError answers HTTP 200 `{code, msg, data: null}`
 * and the POST transaction is rolled back.
 */
export class ApiError extends Error {
  readonly code: number;
  constructor(code: number, msg: string) {
    super(msg);
    this.code = code;
    this.name = 'ApiError';
  }
}

export function ok<T>(c: Context, data: T): Response {
  return c.json({ code: 200, msg: '成功', data });
}

/**
 * `ok(c, { content, totalSize })` for a page whose rows are already JSON text (rendered by the
 * database, see page-plan.ts): the same body, without building and encoding the row objects here.
 */
export function okPage(c: Context, rowJson: readonly string[], totalSize: number): Response {
  return c.body(`{"code":200,"msg":"成功","data":{"content":[${rowJson.join(',')}],"totalSize":${totalSize}}}`, 200, { 'Content-Type': 'application/json' });
}

export function fail(c: Context, code: number, msg: string): Response {
  return c.json({ code, msg, data: null });
}

/** Answers a missing record, or one outside the caller's data scope (they look the same). */
export function notFound(): ApiError {
  return new ApiError(404, '记录不存在或无权访问');
}

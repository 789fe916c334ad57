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

const OK = { code: 200, msg: '成功' } as const;

export function ok<T>(c: Context, data: T): Response {
  return c.json({ ...OK, data });
}

// `ok`'s envelope up to the first row: `{"code":200,"msg":"成功","data":{"content":[`
const PAGE_HEAD = Buffer.from(`${JSON.stringify(OK).slice(0, -1)},"data":{"content":[`);
const COMMA = Buffer.from(',');

/**
 * `ok(c, { content, totalSize })` for a page whose rows are already JSON (text or UTF-8 bytes,
 * rendered by the database, see page-plan.ts): the same body, without building and encoding the
 * row objects here.
 */
export function okPage(c: Context, rowJson: readonly (string | Uint8Array)[], totalSize: number): Response {
  const parts: Uint8Array[] = [PAGE_HEAD];
  rowJson.forEach((row, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(typeof row === 'string' ? Buffer.from(row) : row);
  });
  parts.push(Buffer.from(`],"totalSize":${totalSize}}}`));
  return c.body(Buffer.concat(parts), 200, { 'Content-Type': 'application/json' });
}

export function fail(c: Context, code: number, msg: string): Response {
  return c.json({ code, msg, data: null });
}

/** Answers a missing record, or one outside the caller's data scope (they look the same). */
export function notFound(): ApiError {
  return new ApiError(404, '记录不存在或无权访问');
}

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

// Bodies of the success answers built here, so the request transaction learns an answer's code
// (and, for an Idempotency-Key, its text) without cloning and parsing the response.
const successBodies = new WeakMap<Response, string | Uint8Array>();

/** The body of a success answer made by `ok` or `okPage`; undefined for any other response. */
export function successBody(res: Response): string | Uint8Array | undefined {
  return successBodies.get(res);
}

export function ok<T>(c: Context, data: T): Response {
  const text = JSON.stringify({ ...OK, data });
  const res = c.body(text, 200, { 'Content-Type': 'application/json' });
  successBodies.set(res, text);
  return res;
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
  const body = Buffer.concat(parts);
  const res = c.body(body, 200, { 'Content-Type': 'application/json' });
  successBodies.set(res, body);
  return res;
}

/** Answers a missing record, or one outside the caller's data scope (they look the same). */
export function notFound(): ApiError {
  return new ApiError(404, '记录不存在或无权访问');
}

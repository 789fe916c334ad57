import { z } from 'zod';
import type { Context } from 'hono';
import { ApiError } from './http';

// Chinese messages for zod's built-in checks; schemas add their own where a field needs one.
z.config(z.locales.zhCN());
const zhLocale = z.locales.zhCN().localeError;

// Messages coming from the locale (not from a schema) are marked so the field name can be put in front.
const GENERIC = '\u0001';

export type Labels = Readonly<Record<string, string>>;

function messageOf(error: z.ZodError, labels?: Labels): string {
  const issue = error.issues[0];
  if (!issue) return '请求参数不正确';
  return issueMessage(issue, labels);
}

function issueMessage(issue: z.core.$ZodIssue, labels?: Labels): string {
  const key = issue.path.map(String).join('.');
  const label = (labels && (labels[key] ?? labels[String(issue.path[0] ?? '')])) || key;
  let msg = issue.message;
  if (msg.startsWith(GENERIC)) {
    msg = msg.slice(1);
    return label ? `${label}: ${msg}` : msg;
  }
  return msg;
}

/** Parses with the schema; a failure becomes ApiError(400, '<字段>: <原因>' or the schema's message). */
export function check<S extends z.ZodType>(schema: S, data: unknown, labels?: Labels): z.output<S> {
  // A per-call error map takes zod off its compiled fast path (about 5x slower), so it is only
  // given when the input has already failed, to tell the locale's messages from the schema's.
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const result = schema.safeParse(data, {
    error: (iss) => {
      const m = zhLocale(iss);
      const text = typeof m === 'string' ? m : (m?.message ?? '输入无效');
      return GENERIC + text;
    },
  });
  if (!result.success) throw new ApiError(400, messageOf(result.error, labels));
  return result.data;
}

/**
 * Like `check`, but every problem of the input, each worded as `check` words its first one (an
 * import reports all the problems of each row at once).
 */
export function problemsOf<S extends z.ZodType>(schema: S, data: unknown, labels?: Labels): { ok: true; data: z.output<S> } | { ok: false; problems: string[] } {
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, data: parsed.data };
  const result = schema.safeParse(data, {
    error: (iss) => {
      const m = zhLocale(iss);
      const text = typeof m === 'string' ? m : (m?.message ?? '输入无效');
      return GENERIC + text;
    },
  });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, problems: [...new Set(result.error.issues.map((i) => issueMessage(i, labels)))] };
}

/** Longest filter value a list or search accepts (a LIKE pattern of megabytes is refused by SQLite). */
export const MAX_PARAM_CHARS = 1000;
/** Comma-joined id lists (`school_id=1,2,3`, selected rows) may be longer: they never become patterns. */
export const MAX_ID_LIST_CHARS = 100_000;
/** Export column lists (`__columns__`, JSON of labels) of a wide table. */
const MAX_COLUMNS_CHARS = 20_000;
const MAX_PARAM_NAME_CHARS = 64;
/** Deepest nesting a JSON body may have; the app's bodies stay under 5. */
export const MAX_JSON_DEPTH = 32;

const ID_LIST = /^[\d,]*$/;

/** Refuses an oversized parameter name or value with code 400 (the value is never echoed). */
function assertParamBounds(key: string, value: string): void {
  if (key.length > MAX_PARAM_NAME_CHARS) throw new ApiError(400, `参数名过长（不能超过 ${MAX_PARAM_NAME_CHARS} 个字符）`);
  if (value.length <= MAX_PARAM_CHARS) return;
  if (key === '__columns__' && value.length <= MAX_COLUMNS_CHARS) return;
  if (value.length <= MAX_ID_LIST_CHARS && ID_LIST.test(value)) return;
  throw new ApiError(400, `参数值过长（不能超过 ${MAX_PARAM_CHARS} 个字符）`);
}

/** Parameters as the handlers see them, each name and value bounded. */
function boundedParams(entries: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    assertParamBounds(k, v);
    out[k] = v;
  }
  return out;
}

/** Query parameters (a repeated key keeps its values comma-joined). */
export function queryObject(c: Context): Record<string, string> {
  const all = c.req.queries();
  return boundedParams(Object.entries(all).map(([k, v]) => [k, v.join(',')]));
}

/**
 * Throws 400 when JSON text nests deeper than MAX_JSON_DEPTH. One pass over the text before it is
 * parsed: a body 10,000 levels deep would otherwise overflow the stack of whatever walks it later
 * (JSON.stringify, zod).
 */
export function assertJsonDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      if (++depth > MAX_JSON_DEPTH) throw new ApiError(400, `请求数据嵌套过深（不能超过 ${MAX_JSON_DEPTH} 层）`);
    } else if (ch === 93 || ch === 125) depth--;
  }
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S, labels?: Labels): z.output<S> {
  return check(schema, queryObject(c), labels);
}

// application/json, or a structured type built on it (application/merge-patch+json)
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** Whether the request declares a JSON body. */
export function isJsonBody(c: Context): boolean {
  return JSON_TYPE.test(c.req.header('content-type') ?? '');
}

/**
 * The JSON body, already read once per request (the idempotency layer hashes it). A body sent
 * with another content type (text/plain: what a cross-site form can send without a preflight) is
 * refused, not read as JSON.
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (!isJsonBody(c)) throw new ApiError(400, '请求内容类型不正确，应为 application/json');
  assertJsonDepth(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, '请求体不是有效的 JSON');
  }
}

export async function parseJson<S extends z.ZodType>(c: Context, schema: S, labels?: Labels): Promise<z.output<S>> {
  return check(schema, await readJson(c), labels);
}

/** Form-encoded (or multipart) body; a repeated key keeps its values comma-joined. */
export async function formObject(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (isJsonBody(c)) {
    const body = await readJson(c);
    const out: [string, string][] = [];
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [k, v] of Object.entries(body)) {
        if (v === null || v === undefined) continue;
        out.push([k, Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v)]);
      }
    }
    return boundedParams(out);
  }
  const text = await c.req.text();
  if (text.trim() !== '' && !FORM_TYPE.test(type)) throw new ApiError(400, '请求内容类型不正确，应为 application/x-www-form-urlencoded');
  const params = new URLSearchParams(text);
  return boundedParams([...new Set(params.keys())].map((key): [string, string] => [key, params.getAll(key).join(',')]));
}

export async function parseForm<S extends z.ZodType>(c: Context, schema: S, labels?: Labels): Promise<z.output<S>> {
  return check(schema, await formObject(c), labels);
}

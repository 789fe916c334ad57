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

/** Query parameters (a repeated key keeps its values comma-joined). */
export function queryObject(c: Context): Record<string, string> {
  const all = c.req.queries();
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) out[k] = v.join(',');
  return out;
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S, labels?: Labels): z.output<S> {
  return check(schema, queryObject(c), labels);
}

/** The JSON body, already read once per request (the idempotency layer hashes it). */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
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
  if (type.includes('application/json')) {
    const body = await readJson(c);
    const out: Record<string, string> = {};
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [k, v] of Object.entries(body)) {
        if (v === null || v === undefined) continue;
        out[k] = Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v);
      }
    }
    return out;
  }
  const text = await c.req.text();
  const params = new URLSearchParams(text);
  const out: Record<string, string> = {};
  for (const key of new Set(params.keys())) out[key] = params.getAll(key).join(',');
  return out;
}

export async function parseForm<S extends z.ZodType>(c: Context, schema: S, labels?: Labels): Promise<z.output<S>> {
  return check(schema, await formObject(c), labels);
}

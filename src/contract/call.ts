import type { z } from './zod';

/**
 * Special calls: a call with real logic (arrange a timetable, check a student in, punch the clock)
 * declared ONCE, here in src/contract beside its area's schemas, and read by both halves:
 *
 * - the server mounts it with `mountCall(app, call, handler)` (server/lib/call-routes.ts): the
 *   operation code is checked (reads too), the query and body are parsed with the call's zod
 *   schemas and Chinese labels (a failure answers code 400 naming the field), a POST that only
 *   reads is served outside the request transaction, a write runs inside it and is written to the
 *   audit log; the handler gets the parsed input and answers the declared answer type;
 * - the app calls it with `callApi(call, { query, body })` (src/api/call.ts), typed by the same
 *   schemas and answer; a call marked `offline: true` is the only kind the outbox accepts
 *   (`enqueue({ call, body, ... })` in src/offline).
 *
 * Standard list calls (add/update/delete/page/get/recover) come from resource declarations
 * (resource.ts), not from here.
 *
 * Example (src/contract/classes.ts):
 * ```ts
 * export const classUpdateStateCall = defineCall({
 *   area: 'classes',
 *   title: '修改班级状态',
 *   method: 'POST',
 *   path: 'api/v1/base_class_manage/update_cm_state',
 *   perm: 'base_class_manage_update_cm_state',
 *   body: z.object({ ids: idList('班级'), state: z.coerce.number().int().min(1).max(4) }),
 *   labels: { ids: '班级', state: '班级状态' },
 *   answer: answer<{ count: number }>(),
 * });
 * ```
 */

export type CallMethod = 'GET' | 'POST';

/**
 * Header of every write the outbox sends: milliseconds since the write was queued (the user's
 * tap), counted by the device when sending. It is a difference of the device's own clock, so a
 * device whose clock is wrong or in another time zone still tells the server when the tap was; the
 * server bounds it (never in the future, never far back).
 */
export const OUTBOX_AGE_HEADER = 'X-Outbox-Age-Ms';

/** `perm` of a call any signed-in user may make (user feedback, one's own settings): said explicitly. */
export const ANY_SIGNED_IN = '*';

/**
 * The answer's type, for both halves: the server's handler must return it, the app's call resolves
 * to it. A type only (answers are built by the server, not parsed by the app).
 */
export interface Answer<A> {
  readonly __answer?: () => A;
}

/** `answer: answer<ArrangeResult>()` */
export function answer<A>(): Answer<A> {
  return {};
}

/** A file download (an .xlsx export): the handler answers a raw Response, the app opens the URL. */
export type FileAnswer = Answer<Blob>;

export interface CallDef<Q extends z.ZodType | undefined = z.ZodType | undefined, B extends z.ZodType | undefined = z.ZodType | undefined, A = unknown, O extends boolean = boolean> {
  /** the area as named in spec calls.tsv (classes, workflow, system, ...): menus, audit log, docs */
  area: string;
  /** Chinese name of what the call does, e.g. 排课; shown in the audit log */
  title: string;
  method: CallMethod;
  /**
   * relative to the site, as the spec writes it: `api/v1/<module>/<action>`, or
   * `api/openapi/<service>/<module>/<action>` for the part-time acquirers' open API
   */
  path: `api/v1/${string}` | `api/openapi/${string}`;
  /**
   * The operation code the caller must hold (RC999 holds all), for reads too. Several: any one of
   * them. A read may name the screen (menu code) that uses it; a write names its button's code.
   */
  perm: string | readonly string[];
  /** query parameters (GET filters, or the few POSTs taking parameters in the URL) */
  query?: Q;
  /** the POST body: JSON unless `form` */
  body?: B;
  /** the body is form-encoded (large searches), arrays comma-joined */
  form?: boolean;
  /** Chinese names of the fields, put in front of locale messages (`开始日期: 格式不正确`) */
  labels?: Readonly<Record<string, string>>;
  answer: Answer<A>;
  /**
   * May be queued offline and replayed with an Idempotency-Key (the server keeps the answer of a
   * key, so a replay never writes twice). Only such calls are accepted by the outbox.
   */
  offline?: O;
  /** a POST that only reads (a form-encoded search): no request transaction, no audit entry */
  readOnly?: boolean;
}

/** A call the outbox accepts: declared `offline: true` (the outbox sends it as a POST). */
export type OfflineCall = CallDef<z.ZodType | undefined, z.ZodType | undefined, unknown, true> & { offline: true };

/** Declares a special call (see the top of this file); checks nothing at run time, keeps the types. */
export function defineCall<Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, A = unknown, O extends boolean = false>(
  def: CallDef<Q, B, A, O>,
): CallDef<Q, B, A, O> & (O extends true ? { offline: true } : unknown) {
  return def as CallDef<Q, B, A, O> & (O extends true ? { offline: true } : unknown);
}

/** Values a query string carries (arrays comma-joined, empty values left out). */
export type QueryParam = string | number | boolean | null | undefined | readonly (string | number)[];

/** The call's path with its query string, for a POST taking parameters in the URL (`?classId=`). */
export function callUrl(def: Pick<CallDef, 'path'>, query?: Readonly<Record<string, QueryParam>>): string {
  if (!query) return def.path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const text = params.toString();
  return text ? `${def.path}?${text}` : def.path;
}

/** Whether a module export is a call declaration (tests and the route list walk an area's exports). */
export function isCallDef(v: unknown): v is CallDef {
  return typeof v === 'object' && v !== null && 'answer' in v && 'path' in v && 'method' in v && 'perm' in v;
}

/** Whether a call writes (and so runs in the request transaction and is audited). */
export function isWriteCall(def: Pick<CallDef, 'method' | 'readOnly'>): boolean {
  return def.method === 'POST' && def.readOnly !== true;
}

/** The operation codes of a call, any one of which lets the caller through. */
export function callPerms(def: Pick<CallDef, 'perm'>): readonly string[] {
  return typeof def.perm === 'string' ? [def.perm] : def.perm;
}

// ---------------------------------------------------------------------------------------------
// Input types
// ---------------------------------------------------------------------------------------------

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * What the app sends for a schema: the parsed (output) types, with a key optional where the schema
 * accepts it missing (optional, defaulted or coerced).
 */
export type Sent<S extends z.ZodType> =
  z.output<S> extends readonly unknown[]
    ? z.output<S>
    : z.output<S> extends Record<string, unknown>
      ? z.input<S> extends Record<string, unknown>
        ? Simplify<
            { [K in keyof z.output<S> as undefined extends z.input<S>[K & keyof z.input<S>] ? K : never]?: z.output<S>[K] } & {
              [K in keyof z.output<S> as undefined extends z.input<S>[K & keyof z.input<S>] ? never : K]: z.output<S>[K];
            }
          >
        : Partial<z.output<S>>
      : z.output<S>;

/** The app's argument of a call: `{ query }`, `{ body }`, both, or nothing. */
export type CallArgs<Q, B> = (Q extends z.ZodType ? { query: Sent<Q> } : { query?: undefined }) & (B extends z.ZodType ? { body: Sent<B> } : { body?: undefined });

/** What the server's handler receives: the parsed query and body. */
export type CallInput<Q, B> = { query: Q extends z.ZodType ? z.output<Q> : undefined; body: B extends z.ZodType ? z.output<B> : undefined };

export type AnswerOf<C> = C extends CallDef<infer _Q, infer _B, infer A> ? A : never;

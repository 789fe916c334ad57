import type { Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { callPerms, isWriteCall, type CallDef, type CallInput } from '../../src/contract/call';
import type { Database } from '../db/schema';
import type { AppEnv, Principal } from './context';
import { ApiError, ok, successBody } from './http';
import { ANY_SIGNED_IN, declareRead, hasPerm } from './auth';
import { assertSchoolInScope, inScope, whereInScope, type Whereable } from './scope';
import { check, formObject, isJsonBody, queryObject, readJson } from './validate';
import { noTransaction } from './tx';
import { idsOf, withoutSecrets, writeAudit, type RowChange } from './audit';

/** What a special call's handler receives: the parsed input, the caller and the scope helpers. */
export interface CallCtx<Q, B> extends CallInput<Q, B> {
  c: Context<AppEnv>;
  /** the request transaction for a write, the database for a read */
  db: Kysely<Database>;
  principal: Principal;
  /** whether a campus is in the caller's data scope */
  inScope(schoolId: number | null | undefined): boolean;
  /** a campus outside the caller's scope answers exactly as a missing record */
  assertSchool(schoolId: number | null | undefined): void;
  /** limits a query to rows whose `column` is one of the caller's campuses */
  whereInScope<QB extends Whereable<QB>>(qb: QB, column: string): QB;
}

export type CallHandler<Q, B, A> = (ctx: CallCtx<Q, B>) => Promise<A | Response> | A | Response;

/** Paths mounted through mountCall, by app: what the route list and the tests read. */
const mountedCalls = new WeakMap<Hono<AppEnv>, CallDef[]>();

export function mountedCallsOf(app: Hono<AppEnv>): readonly CallDef[] {
  return mountedCalls.get(app) ?? [];
}

function refuse(def: CallDef): ApiError {
  return new ApiError(403, `没有操作权限：${callPerms(def).join(' 或 ')}`);
}

/** A write's check: one of its operation codes (RC999 holds all), or any signed-in user when it says so. */
function mayWrite(principal: Principal, perms: readonly string[]): boolean {
  return perms.some((code) => code === ANY_SIGNED_IN || hasPerm(principal, code));
}

/**
 * Mounts a special call declared with `defineCall` (src/contract/call.ts): checks the operation
 * code, parses query and body with the declared schemas and labels, runs the handler (inside the
 * request transaction for a write; outside any for a GET or a read-only POST) and answers its
 * result in the `{code, msg, data}` envelope (a Response from the handler passes unchanged:
 * file downloads, pre-rendered pages).
 */
export function mountCall<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, A>(app: Hono<AppEnv>, def: CallDef<Q, B, A>, handler: CallHandler<Q, B, A>): void {
  const list = mountedCalls.get(app) ?? [];
  list.push(def as unknown as CallDef);
  mountedCalls.set(app, list);
  const perms = callPerms(def);
  const path = `/${def.path}`;
  const write = isWriteCall(def);
  const run = async (c: Context<AppEnv>): Promise<Response> => {
    const principal = c.var.principal;
    // A read's menus are checked for every request by auth.ts's readPermissionMiddleware (declared below).
    if (write && !mayWrite(principal, perms)) throw refuse(def as unknown as CallDef);
    const query = (def.query ? check(def.query, queryObject(c), def.labels) : undefined) as CallInput<Q, B>['query'];
    let body = undefined as CallInput<Q, B>['body'];
    if (def.body) body = check(def.body, def.form ? await formObject(c) : await readJson(c), def.labels) as CallInput<Q, B>['body'];
    const ctx: CallCtx<Q, B> = {
      c,
      db: c.var.db,
      principal,
      query,
      body,
      inScope: (schoolId) => inScope(principal, schoolId),
      assertSchool: (schoolId) => assertSchoolInScope(principal, schoolId),
      whereInScope: (qb, column) => whereInScope(qb, column, principal),
    };
    const out = await handler(ctx);
    if (write) {
      // The audit entry of a special write, in its transaction: who, which call, the ids it names
      // and its input (a handler knows its rows; the machinery records what it was asked to do).
      await writeAudit(c.var.db, principal, {
        area: def.area,
        call: def.path.replace(/^api\/v1\//, ''),
        title: def.title,
        table: null,
        ...inputEntry(query, body, out instanceof Response ? undefined : out),
      });
    }
    return out instanceof Response ? out : ok(c, out);
  };
  if (!write) declareRead(app, def.method, path, perms);
  if (def.method === 'GET') {
    app.get(path, run);
    return;
  }
  if (!write) noTransaction(path);
  app.post(path, run);
}

/** A special write's entry: its input (query and body, secrets left out) as the one change, and the ids input and answer name. */
function inputEntry(query: unknown, body: unknown, answer: unknown): { ids: number[]; changes: RowChange[] } {
  const input = body === undefined ? null : Array.isArray(body) ? { list: body } : (body as Record<string, unknown>);
  const after = query === undefined ? input : { ...(query as Record<string, unknown>), ...input };
  return { ids: idsOf(body, answer), changes: [{ id: null, before: null, after: after && typeof after === 'object' ? withoutSecrets(after) : after }] };
}

/** What a POST route mounted by hand (neither a declaration nor a defineCall) logs. */
export interface HandWrite {
  area: string;
  /** Chinese name of what was done (新增用户) */
  title: string;
  /** the table whose rows the entry names */
  table: string | null;
}

/**
 * Writes the route's audit entry (writeAudit, in the request's transaction): the rows it changed with
 * their changed fields before and after (audit.ts diffRow). `ids` default to the changes' ids; `who`
 * names the person when the route has no session (a sign-in, a reset by SMS code). No changes and
 * no ids: the call changed nothing (every message was already read), and no entry is written.
 */
export type LogWrite = (changes: readonly RowChange[], options?: { ids?: readonly number[]; who?: Pick<Principal, 'userId' | 'name'> }) => Promise<void>;

/** Routes mounted through mountWrite, by app: what the audit test reads. */
const handWrites = new WeakMap<Hono<AppEnv>, Map<string, HandWrite>>();

export function handWritesOf(app: Hono<AppEnv>): ReadonlyMap<string, HandWrite> {
  return handWrites.get(app) ?? new Map<string, HandWrite>();
}

/**
 * Mounts a write by hand (a POST whose rules no declaration holds: users, roles and their grants,
 * menus, organisations, notices, ...). The handler logs the rows it changed with `log`; a success
 * that logged nothing is logged as a special call's is (its input, secrets left out, and the ids it
 * names), so no write of a route mounted here goes unlogged. tests/server/audit-every-write.test.ts
 * fails for a POST route that is neither declared, a read, nor mounted here.
 */
export function mountWrite(app: Hono<AppEnv>, path: string, write: HandWrite, handler: (c: Context<AppEnv>, log: LogWrite) => Promise<Response> | Response): void {
  const map = handWrites.get(app) ?? new Map<string, HandWrite>();
  map.set(path, write);
  handWrites.set(app, map);
  const call = path.replace(/^\/api\/v1\//, '');
  app.post(path, async (c) => {
    let logged = false;
    const log: LogWrite = async (changes, options = {}) => {
      logged = true;
      if (changes.length === 0 && !options.ids?.length) return;
      const ids = options.ids ?? changes.flatMap((ch) => (ch.id === null ? [] : [ch.id]));
      await writeAudit(c.var.db, options.who ?? c.var.principal, { area: write.area, call, title: write.title, table: write.table, ids, changes });
    };
    const res = await handler(c, log);
    const principal = c.var.principal as Principal | undefined;
    if (!logged && principal && successBody(res) !== undefined) {
      const { ids, changes } = inputEntry(undefined, await jsonBody(c), undefined);
      await log(changes, { ids });
    }
    return res;
  });
}

/** The request's JSON body, read again (Hono keeps it), or undefined for another kind of body. */
async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  if (!isJsonBody(c)) return undefined;
  try {
    return JSON.parse(await c.req.text()) as unknown;
  } catch {
    return undefined;
  }
}

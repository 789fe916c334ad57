import type { Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { callPerms, isWriteCall, type CallDef, type CallInput } from '../../src/contract/call';
import type { Database } from '../db/schema';
import type { AppEnv, Principal } from './context';
import { ApiError, ok } from './http';
import { ANY_SIGNED_IN, declareRead, hasPerm } from './auth';
import { assertSchoolInScope, inScope, whereInScope, type Whereable } from './scope';
import { check, formObject, queryObject, readJson } from './validate';
import { noTransaction } from './tx';
import { idsOf, writeAudit } from './audit';

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
      const input = body === undefined ? null : Array.isArray(body) ? { list: body } : (body as Record<string, unknown>);
      await writeAudit(c.var.db, principal, {
        area: def.area,
        call: def.path.replace(/^api\/v1\//, ''),
        title: def.title,
        table: null,
        ids: idsOf(body, out instanceof Response ? undefined : out),
        changes: [{ id: null, before: null, after: query === undefined ? input : { ...(query as Record<string, unknown>), ...input } }],
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

import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';
import type { LoggedIn, TestServer } from '../helpers';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
export type Body<T> = { code: number; msg: string; data: T };
export const api = (p: string) => `/api/v1/${p}`;

export async function ok<T>(p: Promise<{ body: Body<T> }>): Promise<T> {
  const res = await p;
  expect(res.body.msg).toBe('成功');
  return res.body.data;
}

export async function schoolId(s: TestServer, code: string): Promise<number> {
  return (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

export async function userId(s: TestServer, login: string): Promise<number> {
  return (await s.db.selectFrom('users').select('id').where('login_id', '=', login).executeTakeFirstOrThrow()).id;
}

let seq = 0;

export interface LeadInit {
  school_id: number;
  name?: string;
  created_at?: string;
  created_by?: number | null;
  /** the lead's channel (来源) */
  source?: number | null;
  tmk_id?: number | null;
  seller_id?: number | null;
  pool?: number;
  stage?: number;
  called_at?: string | null;
  invited_at?: string | null;
  visited_at?: string | null;
  trial_at?: string | null;
  signed_at?: string | null;
}

/**
 * A lead written straight into mkt_resource (the leads' own add call has its pools, phone checks
 * and stamps, tested with the leads): the funnel's records only need the row.
 */
export async function insertLead(db: Kysely<Database>, init: LeadInit): Promise<number> {
  seq++;
  const at = init.created_at ?? '2026-01-05 09:00:00';
  const row = await (db as unknown as AnyDb)
    .insertInto('mkt_resource')
    .values({
      name: init.name ?? `漏斗测试${seq}`,
      parent_phone: `139${String(10000000 + seq * 7919).slice(-8)}`,
      school_id: init.school_id,
      del_flag: 0,
      pool: init.pool ?? 2,
      stage: init.stage ?? 1,
      source: init.source ?? null,
      tmk_id: init.tmk_id ?? null,
      seller_id: init.seller_id ?? null,
      called_at: init.called_at ?? null,
      invited_at: init.invited_at ?? null,
      visited_at: init.visited_at ?? null,
      trial_at: init.trial_at ?? null,
      signed_at: init.signed_at ?? null,
      created_at: at,
      updated_at: at,
      created_by: init.created_by ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function leadRow(db: Kysely<Database>, id: number): Promise<Record<string, unknown>> {
  return (db as unknown as AnyDb).selectFrom('mkt_resource').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function post<T>(s: TestServer, who: LoggedIn, path: string, json: unknown) {
  return s.call<T>('POST', api(path), { headers: who.headers, json });
}

export function get<T>(s: TestServer, who: LoggedIn, path: string, query: Record<string, string | number | undefined> = {}) {
  return s.call<T>('GET', api(path), { headers: who.headers, query });
}

import { expect } from 'vitest';
import type { ReportAnswer } from '../../../src/contract/reports';
import type { LoggedIn, TestServer } from '../helpers';

/** Fields every base-column row needs. */
export const stamps = { created_at: '2025-01-01 00:00:00', updated_at: '2025-01-01 00:00:00', created_by: null, updated_by: null } as const;

/** A campus or city id by its code (demo organisations: BJ, BJ-CY, BJ-HD, GZ-TH, SH-PD …). */
export async function orgId(s: TestServer, code: string): Promise<number> {
  return Number((await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
}

export async function userId(s: TestServer, login: string): Promise<number> {
  return Number((await s.db.selectFrom('users').select('id').where('login_id', '=', login).executeTakeFirstOrThrow()).id);
}

/** A report call: its envelope (code and message) and data. */
export async function report(s: TestServer, who: LoggedIn, key: string, query: Record<string, string | number>) {
  return (await s.call<ReportAnswer>('GET', `/api/v1/report/${key}`, { headers: who.headers, query })).body;
}

export async function reportData(s: TestServer, who: LoggedIn, key: string, query: Record<string, string | number>): Promise<ReportAnswer> {
  const b = await report(s, who, key, query);
  expect(b.msg).toBe('成功');
  return b.data;
}

/** The cookie header the app's session cookies make (src/app/session/store.ts). */
export function cookieOf(who: LoggedIn): string {
  return `token=${encodeURIComponent(who.headers.token)}; Authorization=${encodeURIComponent(who.headers.Authorization)}`;
}

/** GET /ureport/preview with the caller's cookies (or none). */
export async function preview(s: TestServer, params: Record<string, string>, who?: LoggedIn): Promise<{ status: number; html: string }> {
  const res = await s.app.fetch(new Request(`http://localhost/ureport/preview?${new URLSearchParams(params).toString()}`, { headers: who ? { cookie: cookieOf(who) } : {} }));
  return { status: res.status, html: await res.text() };
}

/**
 * Inserts a row into a table of another area shaped like one of its existing (demo) rows, with
 * `values` in place: the test names only the columns the report reads.
 */
export async function cloneRow(s: TestServer, table: string, values: Record<string, unknown>): Promise<number> {
  const { sql } = await import('kysely');
  const found = await sql<Record<string, unknown>>`select * from ${sql.table(table)} limit 1`.execute(s.db);
  const base: Record<string, unknown> = { ...found.rows[0] };
  delete base.id;
  const row: Record<string, unknown> = { ...base, ...stamps, ...values };
  const cols = Object.keys(row);
  const r = await sql<{ id: number }>`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) values (${sql.join(cols.map((c) => sql`${row[c] as string | number | null}`))}) returning id`.execute(s.db);
  return Number(r.rows[0].id);
}

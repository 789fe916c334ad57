import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { notFound } from '../../lib/http';
import { inScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import type { ClassTable, ScheduleTable, StudentTable } from './schema';
import './schema';
import '../../db/core-schema';
import { chunk } from '../../lib/chunk';

export { chunk };

export type Db = Kysely<Database>;
export type ClassRow = Selectable<ClassTable>;
export type ScheduleRowDb = Selectable<ScheduleTable>;
export type StudentRow = Selectable<StudentTable>;

/** created/updated stamps of a new row. */
export function stamps(principal: Pick<Principal, 'userId'> | null): { created_at: string; updated_at: string; created_by: number | null; updated_by: number | null } {
  const now = nowText();
  const who = principal?.userId ?? null;
  return { created_at: now, updated_at: now, created_by: who, updated_by: who };
}

export function touched(principal: Pick<Principal, 'userId'>): { updated_at: string; updated_by: number } {
  return { updated_at: nowText(), updated_by: principal.userId };
}

export async function classInScope(db: Db, principal: Principal, id: number): Promise<ClassRow> {
  const row = await db.selectFrom('base_class_manage').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw notFound();
  return row;
}

export async function scheduleInScope(db: Db, principal: Principal, id: number): Promise<ScheduleRowDb> {
  const row = await db.selectFrom('edu_class_schedule').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw notFound();
  return row;
}

export async function schedulesInScope(db: Db, principal: Principal, ids: readonly number[]): Promise<ScheduleRowDb[]> {
  const unique = [...new Set(ids)];
  const rows: ScheduleRowDb[] = [];
  for (const part of chunk(unique, 500)) rows.push(...(await db.selectFrom('edu_class_schedule').selectAll().where('id', 'in', part).execute()));
  if (rows.length !== unique.length || rows.some((r) => !inScope(principal, r.school_id))) throw notFound();
  return rows;
}

export async function studentInScope(db: Db, principal: Principal, id: number): Promise<StudentRow> {
  const row = await db.selectFrom('student').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw notFound();
  return row;
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst()) !== undefined;
}

export async function userNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}


/** Rounds hours to two places (floating sums of 0.5, 1.5 … stay exact; anything else stays tidy). */
export function roundHours(n: number): number {
  return Math.round(n * 100) / 100;
}

import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { Rate } from '../../../src/contract/home-dashboards';

export type Db = Kysely<Database>;
/** The campuses counted: undefined is every campus. */
export type Schools = readonly number[] | undefined;

/** `column in (campuses)`, true for every campus, false for none. */
export function inSchools(column: string, schools: Schools): RawBuilder<unknown> {
  if (schools === undefined) return sql`1 = 1`;
  if (schools.length === 0) return sql`1 = 0`;
  return sql`${sql.ref(column)} in (${sql.join(schools.map((id) => sql`${id}`))})`;
}

/** `column = id` when a person is given, else true (the team's figure). */
export function ofPerson(column: string, userId: number | undefined): RawBuilder<unknown> {
  return userId === undefined ? sql`1 = 1` : sql`${sql.ref(column)} = ${userId}`;
}

/** One number of a one-row aggregate (PostgreSQL answers counts and bigint sums as text). */
export async function one(db: Db, query: RawBuilder<{ n: number | string | null }>): Promise<number> {
  const r = await query.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** part ÷ whole as a percentage with one decimal; null without a whole. */
export function rate(part: number, whole: number): Rate {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

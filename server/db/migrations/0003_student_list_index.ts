import type { Kysely } from 'kysely';

/**
 * The student list's usual search (a campus's students by state, newest first) moved from a plain
 * index to the declaration's covering `listIndex` (server/db/resource-tables.ts), which has the
 * same leading columns: the plain one would only cost writes now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ix_student_school_id_del_flag_state_created_at').ifExists().execute();
}

import type { Kysely } from 'kysely';

/**
 * A check-in's consumption (postHours, server/modules/orders/hours.ts) reads every contract line of
 * the student and class type to pick the one that expires soonest: through the index
 * (student_id, class_type_id) that was one table page per line (about seven lines per student and
 * class type at 3,000,000 orders, each on its own page). The declaration of order_contract_line
 * (src/contract/resources/orders.ts) now declares that index with the columns consumption reads
 * after them, so the lines come from the index alone and only the line taken from is read from the
 * table. The former index is a prefix of it and would only cost writes: it goes here; the declared
 * indexes are created after the migrations, at every start (SQLite and PostgreSQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ix_order_contract_line_student_id_class_type_id').ifExists().execute();
}

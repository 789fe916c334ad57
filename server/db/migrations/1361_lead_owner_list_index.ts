import type { Kysely } from 'kysely';

/**
 * The lead list of one owner (telemarketer or course consultant) newest first had the indexes
 * (school_id, del_flag, tmk_id | seller_id, created_at); the declaration of mkt_resource now
 * declares them with id, assigned_at and stage after created_at (same order, so they serve every
 * query the old ones did, and the list's stage and assignment-date filters are tested in the
 * index). The old ones go here; the start-up sync that follows the migrations creates the new ones
 * (a new database gets only the new ones, from the declaration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ix_mkt_resource_school_id_del_flag_tmk_id_created_at').ifExists().execute();
  await db.schema.dropIndex('ix_mkt_resource_school_id_del_flag_seller_id_created_at').ifExists().execute();
}

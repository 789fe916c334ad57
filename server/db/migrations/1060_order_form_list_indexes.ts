import type { Kysely } from 'kysely';

/**
 * The order lists' indexes moved to wider ones declared on order_form (src/contract/resources/orders.ts:
 * the screens' filters ride in the index, so counts never read the orders themselves). The former
 * (school_id, del_flag, state, id) is a prefix of one of them and would only cost writes now. The
 * declared indexes are created after the migrations, at every start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ix_order_form_school_id_del_flag_state_id').ifExists().execute();
}

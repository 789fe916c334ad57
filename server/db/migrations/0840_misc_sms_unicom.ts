import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

/**
 * Verification codes by SMS (server/modules/misc/sms-code.ts): the codes, kept only as an HMAC,
 * with an atomic count of wrong tries and a single use; the sending limits per account and per
 * source address, one row per key and window counted by an atomic upsert (as the sign-in limits).
 * And each campus's privacy-number (隐私号) account and default binding settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('sms_code'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_sms_code_user').on('sms_code').columns(['user_id', 'purpose', 'id']).execute();

  await db.schema
    .createTable('sms_throttle')
    .addColumn('key', 'varchar(160)', (c) => c.primaryKey())
    .addColumn('tries', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('misc_unicom_account'))
    .addColumn('school_id', 'integer', (c) => c.notNull().unique())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('middle_numbers', 'varchar(2000)', (c) => c.notNull())
    .addColumn('expire_minutes', 'integer', (c) => c.notNull())
    .addColumn('record_call', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();
}

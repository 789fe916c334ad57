import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

/**
 * Front-desk device mode (issue 11): registered tablets (their credential kept only as a hash,
 * bound to one campus, revocable), staff PINs (argon2id, which salts each hash on its own, with an
 * atomic count of wrong tries), and the device and the person on every check-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('front_desk_device'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('registered_by', 'integer', (c) => c.notNull())
    .addColumn('registered_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_ms', 'bigint')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('revoked_at', 'varchar(19)')
    .addColumn('revoked_by', 'integer')
    .execute();
  await db.schema.createIndex('ix_front_desk_device_school').on('front_desk_device').columns(['school_id', 'state']).execute();

  await db.schema
    .createTable('user_pin')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('pin_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('set_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('edu_check_in').addColumn('device_id', 'integer').execute();
  await db.schema.alterTable('edu_check_in').addColumn('operator_id', 'integer').execute();
  await db.schema.alterTable('edu_check_in_log').addColumn('device_id', 'integer').execute();
}

import type { Kysely } from 'kysely';
import { baseColumns, idColumn } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('organisations')))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)')
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inheritance', 'varchar(255)', (c) => c.notNull().defaultTo('|'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leader', 'varchar(64)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('address', 'varchar(255)')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(255)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_organisations_parent').on('organisations').column('parent_id').execute();

  await baseColumns(idColumn(db.schema.createTable('users')))
    .addColumn('login_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)')
    .addColumn('email', 'varchar(128)')
    .addColumn('sex', 'integer')
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avatar', 'varchar(255)')
    .addColumn('city', 'varchar(64)')
    .addColumn('org_id', 'integer')
    .addColumn('domain', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(255)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('uq_users_login_id').on('users').column('login_id').unique().execute();
  await db.schema.createIndex('ix_users_org').on('users').column('org_id').execute();

  await baseColumns(idColumn(db.schema.createTable('roles')))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('all_schools', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(255)')
    .execute();
  await db.schema.createIndex('uq_roles_code').on('roles').column('code').unique().execute();

  await idColumn(db.schema.createTable('user_roles'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('uq_user_roles').on('user_roles').columns(['user_id', 'role_id']).unique().execute();
  await db.schema.createIndex('ix_user_roles_role').on('user_roles').column('role_id').execute();

  await baseColumns(idColumn(db.schema.createTable('menus')))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(255)')
    .addColumn('component', 'varchar(255)')
    .addColumn('parent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inheritance', 'varchar(255)', (c) => c.notNull().defaultTo('|'))
    .addColumn('icon', 'varchar(64)')
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('perms', 'varchar(255)')
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meta', 'text')
    .addColumn('active_menu', 'varchar(255)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_menus_parent').on('menus').column('parent').execute();
  await db.schema.createIndex('ix_menus_code').on('menus').column('code').execute();

  await idColumn(db.schema.createTable('role_menus'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('uq_role_menus').on('role_menus').columns(['role_id', 'menu_id']).unique().execute();
  await db.schema.createIndex('ix_role_menus_menu').on('role_menus').column('menu_id').execute();

  await idColumn(db.schema.createTable('user_schools'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('uq_user_schools').on('user_schools').columns(['user_id', 'school_id']).unique().execute();

  await idColumn(db.schema.createTable('sessions'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('login_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('domain', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('id_token', 'text')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('uq_sessions_token').on('sessions').column('token_hash').unique().execute();
  await db.schema.createIndex('ix_sessions_user').on('sessions').column('user_id').execute();

  await idColumn(db.schema.createTable('idempotency_keys'))
    .addColumn('idem_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(255)', (c) => c.notNull())
    .addColumn('body_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_idempotency').on('idempotency_keys').columns(['user_id', 'idem_key']).unique().execute();

  await baseColumns(idColumn(db.schema.createTable('option_sets')))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('remark', 'varchar(255)')
    .execute();
  await db.schema.createIndex('uq_option_sets_code').on('option_sets').column('code').unique().execute();
}

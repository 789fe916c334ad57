import type { Kysely } from 'kysely';
import { baseColumns, idColumn } from '../dialect';

/**
 * System-administration tables that are not resource declarations: domain menu grants, role app
 * functions, per-user table columns, attachments, export tasks, notices and user messages.
 * (Areas, templates, domains, app functions, data permissions, tags and feedback come from their
 * declarations in src/contract/resources/system.ts.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('sys_domain_menu')))
    .addColumn('domain_id', 'integer', (c) => c.notNull())
    .addColumn('menu_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_sys_domain_menu').on('sys_domain_menu').columns(['domain_id', 'menu_id']).unique().execute();

  await baseColumns(idColumn(db.schema.createTable('sys_role_app_fun')))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('app_fun_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_sys_role_app_fun').on('sys_role_app_fun').columns(['role_id', 'app_fun_id']).unique().execute();

  await baseColumns(idColumn(db.schema.createTable('sys_table_col_user')))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('table_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('cols', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_sys_table_col_user').on('sys_table_col_user').columns(['user_id', 'table_key']).unique().execute();

  await baseColumns(idColumn(db.schema.createTable('sys_attachment')))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('ext', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('mime', 'varchar(128)', (c) => c.notNull().defaultTo('application/octet-stream'))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration', 'integer')
    .addColumn('stored_name', 'varchar(128)', (c) => c.notNull())
    /** the uploader's campuses at upload time, `|1|2|`; empty for an all-campus uploader */
    .addColumn('school_ids', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('all_schools', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_sys_attachment_created_by').on('sys_attachment').column('created_by').execute();

  await baseColumns(idColumn(db.schema.createTable('sys_excel_export_status')))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_path', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_size', 'bigint')
    .addColumn('error', 'varchar(255)')
    .addColumn('finished_at', 'varchar(19)')
    .execute();
  await db.schema.createIndex('ix_sys_excel_export_user').on('sys_excel_export_status').column('user_id').execute();

  await baseColumns(idColumn(db.schema.createTable('sys_notice')))
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('header', 'varchar(128)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull().defaultTo('all'))
    .addColumn('target_ids', 'varchar(1024)')
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_time', 'varchar(19)')
    .addColumn('publisher', 'varchar(64)')
    .addColumn('files', 'varchar(1024)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_sys_notice_state').on('sys_notice').column('state').execute();

  await baseColumns(idColumn(db.schema.createTable('sys_user_message')))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('notice_id', 'integer')
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('header', 'varchar(255)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('publisher', 'varchar(64)')
    .addColumn('message_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'varchar(19)')
    .addColumn('is_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_sys_user_message_user').on('sys_user_message').columns(['user_id', 'del_flag', 'read_status']).execute();
  await db.schema.createIndex('ix_sys_user_message_notice').on('sys_user_message').column('notice_id').execute();
}

import type { Kysely } from 'kysely';
import { baseColumns, idColumn } from '../dialect';

/**
 * The workflow engine's tables (server/modules/workflow): definitions and their immutable
 * versions, instances tied to a business record, tasks (approvers' to-dos), steps (the timeline)
 * and copies (抄送). JSON is kept as text in both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('wf_define')))
    .addColumn('define_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('tag', 'varchar(40)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('version_id', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timeout_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .addColumn('step_names', 'text')
    .addColumn('remark', 'varchar(255)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('uq_wf_define_key').on('wf_define').column('define_key').unique().execute();
  await db.schema.createIndex('ix_wf_define_tag').on('wf_define').columns(['tag', 'state']).execute();

  await baseColumns(idColumn(db.schema.createTable('wf_define_version')))
    .addColumn('define_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('tree', 'text', (c) => c.notNull())
    .addColumn('form', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_wf_define_version').on('wf_define_version').columns(['define_id', 'version']).unique().execute();

  await baseColumns(idColumn(db.schema.createTable('wf_instance')))
    .addColumn('define_id', 'integer', (c) => c.notNull())
    .addColumn('version_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('ref_id', 'integer')
    .addColumn('school_id', 'integer')
    .addColumn('applicant_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('current_node', 'varchar(40)')
    .addColumn('current_node_name', 'varchar(40)')
    .addColumn('current_approvers', 'varchar(255)')
    .addColumn('admin_queue', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text')
    .addColumn('finished_at', 'varchar(19)')
    .execute();
  await db.schema.createIndex('ix_wf_instance_ref').on('wf_instance').columns(['ref_type', 'ref_id']).execute();
  await db.schema.createIndex('ix_wf_instance_applicant').on('wf_instance').columns(['applicant_id', 'id']).execute();
  await db.schema.createIndex('ix_wf_instance_school').on('wf_instance').columns(['school_id', 'id']).execute();
  await db.schema.createIndex('ix_wf_instance_state').on('wf_instance').columns(['state', 'id']).execute();

  await baseColumns(idColumn(db.schema.createTable('wf_task')))
    .addColumn('instance_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('assignee_id', 'integer')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seq_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'varchar(19)')
    .addColumn('reminded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('acted_at', 'varchar(19)')
    .addColumn('comment', 'varchar(500)')
    .execute();
  await db.schema.createIndex('ix_wf_task_assignee').on('wf_task').columns(['assignee_id', 'state', 'instance_id']).execute();
  await db.schema.createIndex('ix_wf_task_instance').on('wf_task').columns(['instance_id', 'state']).execute();
  await db.schema.createIndex('ix_wf_task_due').on('wf_task').columns(['state', 'reminded', 'due_at']).execute();

  await idColumn(db.schema.createTable('wf_step'))
    .addColumn('instance_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'varchar(40)')
    .addColumn('node_name', 'varchar(40)')
    .addColumn('user_id', 'integer')
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('comment', 'varchar(500)')
    .addColumn('attachments', 'text')
    .addColumn('diff', 'text')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_wf_step_instance').on('wf_step').columns(['instance_id', 'id']).execute();

  await idColumn(db.schema.createTable('wf_copy'))
    .addColumn('instance_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_wf_copy').on('wf_copy').columns(['user_id', 'instance_id', 'node_id']).unique().execute();
}

import type { Kysely } from 'kysely';
import { baseColumns, idColumn } from '../dialect';

/**
 * The rows of a student import (the import itself is the declared table student_import): each
 * row of the file with its result, the add call's body it became (accepted rows), the file's
 * own cell texts (for the refused-rows file) and the student it created. `chunk_no` groups the
 * accepted rows into the chunks `student_import/run` imports one at a time; `status` moves from
 * 1 (to import) to 2 (imported) or 3 (refused) exactly once, which is what makes a chunk safe
 * to send again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('student_import_row')))
    .addColumn('import_id', 'integer', (c) => c.notNull())
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('chunk_no', 'integer')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('school_id', 'integer')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('parent_phone', 'varchar(32)')
    .addColumn('msg', 'varchar(500)', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('cells', 'text', (c) => c.notNull())
    .addColumn('student_id', 'integer')
    .execute();
  await db.schema.createIndex('ix_student_import_row_chunk').on('student_import_row').columns(['import_id', 'chunk_no', 'status']).execute();
  await db.schema.createIndex('uq_student_import_row_no').on('student_import_row').columns(['import_id', 'row_no']).unique().execute();
}

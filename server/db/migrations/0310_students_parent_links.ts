import type { Kysely } from 'kysely';
import { baseColumns, idColumn } from '../dialect';

/**
 * Parent-child links of the students area: one parent (stu_parent, declared) with several
 * children is one parent row linked to each child, with whether they are that child's primary
 * contact. A pair is linked once; lookups go both ways (a child's parents, a parent's children).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('stu_parent_student')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.notNull())
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('uq_stu_parent_student').on('stu_parent_student').columns(['student_id', 'parent_id']).unique().execute();
  await db.schema.createIndex('ix_stu_parent_student_parent').on('stu_parent_student').column('parent_id').execute();
}

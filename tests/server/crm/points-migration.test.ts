import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestServer, type TestServer } from '../helpers';
import { tableColumns, tableIndexes } from '../../../server/db/dialect';
import { up } from '../../../server/db/migrations/1200_crm_points_reversal';

/**
 * Migration 1200 on a database installed before 冲正: the points ledger lacks biz_type and
 * reverses_id (the declaration step adds columns to an existing table but makes no unique index);
 * the migration adds both and the unique index, so a row can be reversed once, and a second run
 * changes nothing. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

let s: TestServer;
let db: Kysely<unknown>;

beforeAll(async () => {
  s = await createTestServer();
  db = s.db as unknown as Kysely<unknown>;
  // the ledger as an installation before migration 1200 had it
  await sql`drop index uq_student_integral_log_reverses_id`.execute(db);
  await sql`alter table student_integral_log drop column reverses_id`.execute(db);
  await sql`alter table student_integral_log drop column biz_type`.execute(db);
});

afterAll(async () => {
  await s?.close();
});

describe('migration 1200: the points ledger of an installed database', () => {
  it('adds the kind and the reversed row with a unique index, and may run again', async () => {
    expect(await tableColumns(db, 'student_integral_log')).not.toContain('reverses_id');
    await up(db);
    await up(db);
    const columns = await tableColumns(db, 'student_integral_log');
    expect(columns).toEqual(expect.arrayContaining(['biz_type', 'reverses_id']));
    expect(await tableIndexes(db, 'student_integral_log')).toContain('uq_student_integral_log_reverses_id');
    const row = await sql<{ id: number; school_id: number; student_id: number }>`select id, school_id, student_id from student_integral_log order by id limit 1`.execute(db);
    const r = row.rows[0];
    const insert = () => sql`insert into student_integral_log (school_id, student_id, points, balance_after, reason, operator_name, biz_type, reverses_id, created_at, updated_at)
      values (${r.school_id}, ${r.student_id}, 0, 0, '测试', '测试', 'reversal', ${r.id}, '2026-01-01 00:00:00', '2026-01-01 00:00:00')`.execute(db);
    await insert();
    await expect(insert()).rejects.toThrow();
  });
});

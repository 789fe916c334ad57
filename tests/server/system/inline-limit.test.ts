import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../../../server/db/index';

/** LIMIT is written into the SQL as a number (server/db/inline-limit.ts); OFFSET stays bound. */
const opened = openDatabase({ dataDir: ':memory:', databaseUrl: undefined });

afterAll(async () => {
  await opened.close();
});

describe('inlined LIMIT', () => {
  it('a whole-number limit is part of the SQL text, the offset a parameter', () => {
    const q = opened.db.selectFrom('users').select('id').where('login_id', '=', 'admin').orderBy('id').limit(20).offset(40).compile();
    expect(q.sql).toMatch(/ limit 20 offset \?$/);
    expect(q.parameters).toEqual(['admin', 40]);
  });

  it('anything but a whole number stays as it was', () => {
    const fraction = opened.db.selectFrom('users').select('id').limit(2.5).compile();
    expect(fraction.sql).toMatch(/ limit \?$/);
    expect(fraction.parameters).toEqual([2.5]);
    const expr = opened.db.selectFrom('users').select('id').limit(sql<number>`1 + 1`).compile();
    expect(expr.sql).toMatch(/ limit 1 \+ 1$/);
  });

  it('a limit inside a subquery is written in too; a statement without one is compiled untouched', () => {
    const nested = opened.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('users as u').select('u.id').orderBy('u.id').limit(3))
      .compile();
    expect(nested.sql).toMatch(/ limit 3\)$/);
    const plain = opened.db.updateTable('users').set({ name: 'x' }).where('id', '=', 1).compile();
    expect(plain.sql).not.toMatch(/limit/);
    expect(plain.parameters).toEqual(['x', 1]);
  });

  it('queries with a limit answer as before', async () => {
    await sql`create table nums (n integer)`.execute(opened.db);
    await sql`insert into nums (n) values (1), (2), (3), (4), (5)`.execute(opened.db);
    const db = opened.db as unknown as import('kysely').Kysely<{ nums: { n: number } }>;
    const rows = await db.selectFrom('nums').select('n').orderBy('n').limit(2).offset(1).execute();
    expect(rows.map((r) => r.n)).toEqual([2, 3]);
    const again = await db.selectFrom('nums').select('n').orderBy('n').limit(3).offset(2).execute();
    expect(again.map((r) => r.n)).toEqual([3, 4, 5]);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type OpenedDatabase } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import type { Database } from '../../server/db/schema';
import { RESOURCES } from '../../src/contract/resources';
import { createTestServer, ADMIN, type TestServer } from './helpers';

/** Row count of every table, by name. */
async function rowCounts(db: Kysely<Database>, dialect: string): Promise<Record<string, number>> {
  const names =
    dialect === 'postgres'
      ? (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  const out: Record<string, number> = {};
  for (const { name } of names) {
    const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    out[name] = Number(r.rows[0].n);
  }
  return out;
}

/** The moment of a stamp as the seed writes it (Shanghai wall time), or as PostgreSQL may hand it back. */
function seededAt(stamp: unknown): number {
  return stamp instanceof Date ? stamp.getTime() : Date.parse(`${String(stamp).replace(' ', 'T')}+08:00`);
}

// The test servers start from a copy of one seeded database (seeded-database.ts): the copy must
// hold what migrating and seeding afresh gives, and two copies must not share writes.
describe('the seeded test database', () => {
  let a: TestServer;
  let b: TestServer;
  let fresh: OpenedDatabase;

  beforeAll(async () => {
    a = await createTestServer();
    b = await createTestServer();
    // Migrated and seeded here, as every test server was before the copies (the seed writes the
    // same rows on both dialects, so SQLite serves as the reference for a PostgreSQL copy too).
    // The demo dates some rows from the time of day (a lead entered 30 minutes ago, a trial three
    // days after a visit), so this seed runs on the clock the copy was seeded on: from its first
    // stamp (the organisations'), moving on as time does.
    const first = await a.db.selectFrom('organisations').select('created_at').orderBy('id').executeTakeFirstOrThrow();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: seededAt(first.created_at) });
    try {
      fresh = openDatabase({ dataDir: ':memory:', databaseUrl: undefined });
      await migrate(fresh.db, RESOURCES);
      await seedDemo(fresh.db);
    } finally {
      vi.useRealTimers();
    }
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await fresh.close();
  });

  it('holds the tables and rows of a freshly migrated and seeded database', async () => {
    const copy = await rowCounts(a.db, a.dialect);
    const seeded = await rowCounts(fresh.db, 'sqlite');
    expect(Object.keys(copy).sort()).toEqual(Object.keys(seeded).sort());
    expect(copy).toEqual(seeded);
    expect(copy.users).toBeGreaterThan(1);
  });

  it('is a copy per server: a write to one is not seen by another', async () => {
    const admin = await a.login(ADMIN.login, ADMIN.password);
    const before = await b.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(admin.user.token).toBeTruthy();
    await a.db.updateTable('users').set({ name: '仅在副本甲' }).where('login_id', '=', ADMIN.login).execute();
    const inB = await b.db.selectFrom('users').select('name').where('login_id', '=', ADMIN.login).executeTakeFirstOrThrow();
    expect(inB.name).not.toBe('仅在副本甲');
    const after = await b.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

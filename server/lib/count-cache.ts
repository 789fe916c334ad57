import type { Kysely, SelectQueryBuilder } from 'kysely';
import { countQuery } from '../db/dialect';
import { tableVersion } from '../db/table-versions';

/**
 * Exact row counts of list calls, kept while their table is unchanged. Counting every matching
 * index entry is most of a paged list's cost on a large table (about 0.5 ms for 10,000 students of
 * a campus), and it is the same answer until somebody writes to the table: the table's write
 * counter (server/db/table-versions.ts) is read first and the count is reused only under the same
 * counter. Reading the counter before counting keeps the cache safe against a write committing in
 * between: that count is stored under the older counter, which never comes back.
 */

/** What counting needs of a Kysely instance or transaction, whatever its tables. */
export type CountExecutor = Pick<Kysely<unknown>, 'isTransaction' | 'executeQuery'>;

const MAX_ENTRIES = 5000;
/**
 * Per database (its Kysely instance): two databases can hold the same table at the same write
 * counter with other rows, e.g. the copies of one seeded database that test files run on, several
 * in one process.
 */
const countsOf = new WeakMap<CountExecutor, Map<string, { version: number; n: number }>>();

function countsFor(db: CountExecutor): Map<string, { version: number; n: number }> {
  let counts = countsOf.get(db);
  if (!counts) {
    counts = new Map();
    countsOf.set(db, counts);
  }
  return counts;
}

/**
 * `key` must identify the count statement and its values completely. Inside a transaction the
 * count is not cached: the transaction's own writes could still be rolled back. `readVersion` is
 * the table's counter when the caller has just read it (with its page, see page-plan.ts); it must
 * have been read before `count` runs.
 */
export async function cachedCount(db: CountExecutor, table: string, key: string, count: () => Promise<number>, readVersion?: number): Promise<number> {
  if (db.isTransaction) return count();
  const version = readVersion ?? (await tableVersion(db, table));
  const counts = countsFor(db);
  const hit = counts.get(key);
  if (hit && hit.version === version) return hit.n;
  const n = await count();
  if (counts.size >= MAX_ENTRIES) counts.clear();
  counts.set(key, { version, n });
  return n;
}

/**
 * `countOf` for a list whose filters read one table only (`table`), kept while that table is
 * unchanged. A query joining other tables must not use it: their writes would not be seen.
 */
export async function countOfTable<DB, TB extends keyof DB, O>(db: CountExecutor, table: string, query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const counted = countQuery(query);
  const compiled = counted.compile();
  return cachedCount(db, table, `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`, async () => Number((await counted.executeTakeFirst())?.n ?? 0));
}

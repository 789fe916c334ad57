import fs from 'node:fs';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type QueryResult, type SqliteDialectConfig } from 'kysely';

/**
 * SQLite's plain `begin` is deferred: a transaction that reads before it writes (a check-in reads
 * the lesson, then writes) takes the write lock only at its first write. If another process
 * committed meanwhile, SQLite cannot upgrade the stale read snapshot and answers SQLITE_BUSY at
 * once: `database is locked` under WORKERS=2. `begin immediate` takes the write lock at the start,
 * so a write transaction either runs on fresh data or waits its turn.
 *
 * How it waits. Waiting inside SQLite (busy_timeout) blocks the whole process (better-sqlite3 is
 * synchronous), and SQLite's busy handler polls in growing sleeps: under WORKERS=2 with 16 writers
 * the other process retook the lock between its back-to-back transactions, a write waited up to
 * 21 s (p99) and the waiting process served nothing meanwhile. So while Kysely holds the connection
 * SQLite does not wait (busy_timeout 0): a statement refused as busy (nothing was done) is tried
 * again after a few ms while the process serves its event loop, and the process asks the lock's
 * holder for a turn (LockTurns), until `lockWaitMs` in all; then SQLITE_BUSY goes to the app's
 * error handler, which answers 503 (the outbox keeps the write and sends it again). The same holds
 * for a write outside a transaction (a session's last-seen stamp).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #lockWaitMs: number;
  readonly #turns: LockTurns | null;
  constructor(config: SqliteDialectConfig, lockWaitMs: number, turns: LockTurns | null) {
    super(config);
    this.#lockWaitMs = lockWaitMs;
    this.#turns = turns;
    // Once, for the handle's life: it is Kysely's alone (openDatabase keeps it to itself), so
    // nothing needs SQLite's own wait back between statements (setting and restoring it around
    // every use cost three pragma calls a query, about 0.2 ms a check-in).
    if (typeof config.database !== 'function') (config.database as unknown as PragmaTarget).pragma('busy_timeout = 0');
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    return new WaitingConnection(connection, (q) => this.#withLockWait(() => connection.executeQuery(q)));
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#turns?.giveWaiterATurn();
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async #withLockWait<R>(run: () => Promise<R>): Promise<R> {
    const deadline = Date.now() + this.#lockWaitMs;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return await run();
        } catch (e) {
          if (!isSqliteBusy(e) || Date.now() >= deadline) throw e;
          this.#turns?.markWaiting();
          // short polls while the holder knows to hand over; growing ones without a marker file
          const pause = this.#turns ? 2 + 3 * Math.random() : Math.min(5 * 2 ** attempt, 100) * (0.5 + Math.random());
          await new Promise((r) => setTimeout(r, pause));
        }
      }
    } finally {
      this.#turns?.doneWaiting();
    }
  }
}

/** Kysely's connection whose statements wait for the write lock as above. */
class WaitingConnection implements DatabaseConnection {
  readonly #inner: DatabaseConnection;
  readonly #execute: (q: CompiledQuery) => Promise<QueryResult<unknown>>;
  constructor(inner: DatabaseConnection, execute: (q: CompiledQuery) => Promise<QueryResult<unknown>>) {
    this.#inner = inner;
    this.#execute = execute;
  }
  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.#execute(compiledQuery) as Promise<QueryResult<R>>;
  }
  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.#inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

/** better-sqlite3's pragma call (synchronous). */
interface PragmaTarget {
  pragma(source: string, options?: { simple: boolean }): unknown;
}

/** A marker file older than this belongs to a waiter that is gone (it touches it every few ms). */
const MARK_FRESH_MS = 250;
/** The longest a process about to write waits for a marked waiter to take the lock first. */
const HAND_OVER_MS = 60;
/**
 * A waiter gets its turn once it has waited this long: the holder runs its next writes meanwhile
 * (handing over at every transaction halved the throughput: each hand-over costs a few timer ticks).
 */
const TURN_AFTER_MS = 30;

/**
 * Turn-taking between processes on one database file. SQLite's write lock has no queue: whoever
 * asks when it is free gets it, and a process with a queue of writes asks again microseconds after
 * its commit, while the other process's next try is milliseconds away. So a process refused the
 * lock marks itself waiting in a file beside the database; a process about to begin a write
 * transaction that sees a fresh mark of a waiter that has waited TURN_AFTER_MS waits (bounded)
 * until the waiter has taken the lock and removed the mark. Writes then alternate between the processes instead of one starving. Costs one
 * stat() per write transaction.
 */
class LockTurns {
  readonly #file: string;
  #marked = false;
  #since = 0;
  constructor(dbFile: string) {
    this.#file = `${dbFile}-lockwait`;
  }

  markWaiting(): void {
    try {
      if (!this.#marked) this.#since = Date.now();
      // the content says since when; rewriting it keeps the mark fresh (its mtime)
      fs.writeFileSync(this.#file, String(this.#since));
      this.#marked = true;
    } catch {
      // no mark (read-only folder): the plain retry still gets the lock, only less fairly
    }
  }

  doneWaiting(): void {
    if (!this.#marked) return;
    this.#marked = false;
    fs.rmSync(this.#file, { force: true });
  }

  #otherWaiting(): boolean {
    const st = fs.statSync(this.#file, { throwIfNoEntry: false });
    return !!st && Date.now() - st.mtimeMs < MARK_FRESH_MS;
  }

  /** Since when another process has waited, if it has waited long enough for its turn. */
  #waiterDue(): boolean {
    if (!this.#otherWaiting()) return false;
    let since = Number.NaN;
    try {
      since = Number(fs.readFileSync(this.#file, 'utf8'));
    } catch {
      // removed between the two calls: its waiter has the lock
      return false;
    }
    return !Number.isFinite(since) || Date.now() - since >= TURN_AFTER_MS;
  }

  async giveWaiterATurn(): Promise<void> {
    if (this.#marked || !this.#waiterDue()) return;
    const until = Date.now() + HAND_OVER_MS;
    while (Date.now() < until && this.#otherWaiting()) await new Promise((r) => setTimeout(r, 1));
  }
}

/** The file behind a better-sqlite3 database given to the dialect, if it is one (not in memory). */
function databaseFile(config: SqliteDialectConfig): string | null {
  if (typeof config.database === 'function') return null;
  const db = config.database as unknown as { name?: unknown; memory?: unknown };
  if (db.memory === true) return null;
  return typeof db.name === 'string' && db.name !== '' && db.name !== ':memory:' ? db.name : null;
}

/** How long in all a write waits for SQLite's write lock before it is refused as busy. */
export const SQLITE_LOCK_WAIT_MS = 30_000;

/** SQLite's `database is locked` (SQLITE_BUSY and its extended codes) as better-sqlite3 throws it. */
export function isSqliteBusy(e: unknown): boolean {
  const code = e instanceof Error ? (e as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** Kysely's SQLite dialect whose transactions begin immediate (see ImmediateSqliteDriver). */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #lockWaitMs: number;
  readonly #turns: LockTurns | null;
  constructor(config: SqliteDialectConfig, opts: { lockWaitMs?: number } = {}) {
    super(config);
    this.#config = config;
    this.#lockWaitMs = opts.lockWaitMs ?? SQLITE_LOCK_WAIT_MS;
    const file = databaseFile(config);
    this.#turns = file ? new LockTurns(file) : null;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#lockWaitMs, this.#turns);
  }
}

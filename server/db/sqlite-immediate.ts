import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * SQLite's plain `begin` is deferred: a transaction that reads before it writes (a check-in reads
 * the lesson, then writes) takes the write lock only at its first write. If another process
 * committed meanwhile, SQLite cannot upgrade the stale read snapshot and answers SQLITE_BUSY at
 * once, without waiting out busy_timeout: `database is locked` under WORKERS=2. `begin immediate`
 * takes the write lock at the start, waiting (busy_timeout) while another process holds it, so a
 * write transaction either runs on fresh data or waits its turn.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #lockWaitMs: number;
  constructor(config: SqliteDialectConfig, lockWaitMs: number) {
    super(config);
    this.#lockWaitMs = lockWaitMs;
  }

  /**
   * busy_timeout alone lets a write starve under WORKERS=2 and many writers: the waiting process
   * sleeps in growing steps while the other one takes the lock again between its back-to-back
   * transactions, and after busy_timeout the write answered 500 `database is locked`. So a begin
   * refused as busy is tried again (nothing was done yet) after a short, jittered pause that lets
   * this process serve its event loop, until `lockWaitMs` in all; then SQLITE_BUSY goes to the
   * app's error handler, which answers 503 (the outbox keeps the write and sends it again).
   */
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = Date.now() + this.#lockWaitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
        return;
      } catch (e) {
        if (!isSqliteBusy(e) || Date.now() >= deadline) throw e;
        const pause = Math.min(20 * 2 ** attempt, 250) * (0.5 + Math.random());
        await new Promise((r) => setTimeout(r, pause));
      }
    }
  }
}

/** How long in all a write transaction waits for SQLite's write lock before it is refused as busy. */
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
  constructor(config: SqliteDialectConfig, opts: { lockWaitMs?: number } = {}) {
    super(config);
    this.#config = config;
    this.#lockWaitMs = opts.lockWaitMs ?? SQLITE_LOCK_WAIT_MS;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#lockWaitMs);
  }
}

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
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Kysely's SQLite dialect whose transactions begin immediate (see ImmediateSqliteDriver). */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

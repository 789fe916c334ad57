import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from './schema';
import { setActiveDialect, type DialectName } from './dialect';

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// int8 (count(*), bigint columns) and numeric (money) come back as numbers, as SQLite gives them.
pg.types.setTypeParser(20, (v: string) => Number(v));
pg.types.setTypeParser(1700, (v: string) => Number(v));

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, else SQLite in DATA_DIR
 * (`:memory:` when dataDir is ':memory:'). WAL and synchronous=FULL make a committed write
 * survive a crash.
 */
export function openDatabase(config: Pick<AppConfig, 'dataDir' | 'databaseUrl'> & { poolSize?: number }): OpenedDatabase {
  if (config.databaseUrl) {
    setActiveDialect('postgres');
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  setActiveDialect('sqlite');
  let file = ':memory:';
  if (config.dataDir !== ':memory:') {
    fs.mkdirSync(config.dataDir, { recursive: true });
    file = path.join(config.dataDir, 'campus-desk.db');
  }
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

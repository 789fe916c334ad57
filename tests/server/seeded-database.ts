import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type OpenedDatabase } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { todayText } from '../../server/lib/time';
import { RESOURCES } from '../../src/contract/resources';

/*
 * Migrating and seeding the demo database costs about a second (52 password hashes, the classes'
 * lessons); copying a seeded one costs milliseconds. Every test server therefore starts from one
 * seeded database built once per test run and copied: on SQLite an image file in the run's temp
 * folder opened as an in-memory copy, on PostgreSQL a template database cloned with
 * `CREATE DATABASE … TEMPLATE`. Each vitest file runs in a process of its own, so the image lives
 * in a file, not in memory; the first file to need it builds it, and a file that starts meanwhile
 * builds its own or waits (PostgreSQL).
 *
 * What the copy depends on is in its key: the Shanghai day (the seed dates lessons and notices from
 * today: a run that crosses midnight builds a new one) and the server's and contract's sources
 * (a watch-mode run after an edit of a migration or seed builds a new one).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_DIRS = ['server', 'src/contract'];

/** Path, size and modification time of every source file under `dirs` (by default those the seeded database is made from). */
export function sourceStamp(dirs: readonly string[] = SOURCE_DIRS): string {
  const hash = createHash('sha1');
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const st = fs.statSync(p);
        hash.update(`${p}\0${st.size}\0${st.mtimeMs}\n`);
      }
    }
  };
  for (const d of dirs) walk(path.join(ROOT, d));
  return hash.digest('hex').slice(0, 12);
}

function seedKey(): string {
  return `${todayText().replace(/-/g, '')}_${sourceStamp()}`;
}

async function migrateAndSeed(opened: OpenedDatabase): Promise<void> {
  await migrate(opened.db, RESOURCES);
  await seedDemo(opened.db);
}

/** The bytes of a migrated and seeded SQLite database (built on first use in this run and day). */
export async function seededSqliteImage(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `campus-desk-seeded-${seedKey()}.sqlite`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const opened = openDatabase({ dataDir: ':memory:', databaseUrl: undefined });
  try {
    await migrateAndSeed(opened);
    // Written under a name of its own, then renamed: a file that starts meanwhile never reads half.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await sql`vacuum into ${sql.lit(partial)}`.execute(opened.db);
    fs.renameSync(partial, file);
  } finally {
    await opened.close();
  }
  return fs.readFileSync(file);
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const TEMPLATE_PREFIX = 'cdt_tpl_';
const TEMPLATE_WAIT_MS = 180_000;

/** Templates of test runs that have ended (their vitest process is gone) are dropped. */
async function dropTemplatesOfEndedRuns(c: pg.Client): Promise<void> {
  const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`);
  for (const { datname } of rows) {
    const pid = Number(datname.slice(TEMPLATE_PREFIX.length).split('_')[0]);
    if (!Number.isInteger(pid) || alive(pid)) continue;
    await c.query(`alter database ${datname} is_template false`).catch(() => undefined);
    await c.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
  }
}

/**
 * The process a test run's template belongs to: the vitest process (the parent of every file's
 * process), or the process named by TEST_RUN_PID (scripts/test-all.mjs, which has the template
 * built by tests/server/pg-template.ts while the stages before PostgreSQL's run). The template
 * goes with the first run to start once this process has ended.
 */
function templateOwner(): number {
  const named = Number(process.env.TEST_RUN_PID);
  return Number.isInteger(named) && named > 0 ? named : process.ppid;
}

/**
 * The name of a migrated and seeded PostgreSQL template database for this test run (see
 * templateOwner) and day. The first to ask creates and seeds it; those asking meanwhile find the
 * name taken and wait until it is marked a template, which happens only after it is complete and
 * closed (a template must have no connections to be copied).
 */
export async function seededPgTemplate(baseUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${templateOwner()}_${seedKey()}`;
  const started = Date.now();
  for (;;) {
    const state = await withClient(baseUrl, async (c) => {
      const { rows } = await c.query<{ datistemplate: boolean }>('select datistemplate from pg_database where datname = $1', [name]);
      if (rows[0]) return rows[0].datistemplate ? 'ready' : 'building';
      try {
        await c.query(`create database ${name}`);
      } catch (err) {
        // 42P04 duplicate_database, 23505: two files created it at the same instant; the other builds.
        const code = (err as { code?: string }).code;
        if (code === '42P04' || code === '23505') return 'building';
        throw err;
      }
      await dropTemplatesOfEndedRuns(c);
      return 'mine';
    });
    if (state === 'ready') return name;
    if (state === 'mine') {
      const opened = openDatabase({ dataDir: ':memory:', databaseUrl: databaseUrl(baseUrl, name), poolSize: 2 });
      try {
        await migrateAndSeed(opened);
        // The planner's statistics, as autovacuum keeps them on a running server: without them
        // every copy planned as if each table were empty (a campus's lesson money took 150 ms by
        // nested loop instead of 4 ms by hash join).
        await sql`analyze`.execute(opened.db);
      } catch (err) {
        await opened.close();
        // Gone, so that the files waiting for it build it again instead of waiting for ever.
        await withClient(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
        throw err;
      }
      await opened.close();
      await withClient(baseUrl, (c) => c.query(`alter database ${name} is_template true`));
      return name;
    }
    if (Date.now() - started > TEMPLATE_WAIT_MS) throw new Error(`等待测试模板数据库 ${name} 超时`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A fresh PostgreSQL database per test server, a copy of the seeded template, dropped at close.
 * FILE_COPY copies the template's files (84 ms) instead of writing them through the WAL (184 ms).
 */
export async function seededPgDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await seededPgTemplate(baseUrl);
  const name = `cdt_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(baseUrl, (c) => c.query(`create database ${name} template ${template} strategy = file_copy`));
  return {
    url: databaseUrl(baseUrl, name),
    async drop() {
      await withClient(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

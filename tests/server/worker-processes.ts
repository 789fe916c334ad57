import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenedDatabase } from '../../server/db/index';
import { seededPgDatabase, seededSqliteImage } from './seeded-database';

/**
 * A demo database several processes can open (a SQLite file or a fresh PostgreSQL database), and
 * workers (tests/server/fixtures/*-worker.ts) run as separate processes on it: real contention
 * between connections, as WORKERS=N or several servers on one PostgreSQL give. A worker prints
 * one JSON line last; exiting non-zero or printing anything else fails the test with its output.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

export interface SharedDatabase {
  target: string;
  opened: OpenedDatabase;
  close(): Promise<void>;
}

export async function sharedDatabase(): Promise<SharedDatabase> {
  const pgBase = process.env.TEST_DATABASE_URL;
  if (pgBase) {
    const fresh = await seededPgDatabase(pgBase);
    const opened = openDatabase({ dataDir: ':memory:', databaseUrl: fresh.url, poolSize: 4 });
    return { target: fresh.url, opened, close: async () => (await opened.close(), await fresh.drop()) };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-desk-shared-'));
  fs.writeFileSync(path.join(dataDir, 'campus-desk.db'), await seededSqliteImage());
  const opened = openDatabase({ dataDir, databaseUrl: undefined });
  return { target: dataDir, opened, close: async () => (await opened.close(), fs.rmSync(dataDir, { recursive: true, force: true })) };
}

/** Runs `tests/server/fixtures/<fixture>` on the shared database and answers its last JSON line. */
export function runWorker<T>(fixture: string, target: string, args: readonly string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `tests/server/fixtures/${fixture}`, target, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`工作进程失败（${code}）：${err}${out}`));
      else resolve(JSON.parse(line) as T);
    });
  });
}

/** What a worker committed and what it was refused (money and overdue workers). */
export interface WorkerResult {
  committed: string[];
  refused: string[];
}

export function moneyWorker(target: string, args: string[]): Promise<WorkerResult> {
  return runWorker<WorkerResult>('money-worker.ts', target, args);
}

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { openDatabase, type OpenedDatabase } from '../../server/db/index';
import { seededPgDatabase, seededSqliteImage, sourceStamp } from './seeded-database';

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

/**
 * `tests/server/fixtures/<fixture>` bundled into one ES module (the packages left as imports), built
 * once per source state and shared by the test files and stages of a run. A worker started from it
 * costs about 1 s of the machine, against 3 s through tsx, which loads and transforms the server's
 * modules one by one in every process; the suite starts some fifty workers. A module's own
 * `import.meta.url` and `import.meta.dirname` stay those of its source file (the migrations and the
 * demo seed read their folders by them).
 */
async function bundledFixture(fixture: string): Promise<string> {
  const dir = path.join(ROOT, '.tmp', 'fixture-bundles');
  const out = path.join(dir, `${fixture.replace(/\.ts$/, '')}-${sourceStamp(['server', 'src/contract', 'tests/server/fixtures'])}.mjs`);
  if (fs.existsSync(out)) return out;
  fs.mkdirSync(dir, { recursive: true });
  const partial = `${out}.${process.pid}.${Date.now()}`;
  await build({
    entryPoints: [path.join(ROOT, 'tests/server/fixtures', fixture)],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    plugins: [
      {
        name: 'source-import-meta',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const text = fs.readFileSync(args.path, 'utf8');
            const contents = text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)).replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
  // renamed into place whole: a file starting meanwhile never reads half of it
  fs.renameSync(partial, out);
  return out;
}

/** Runs `tests/server/fixtures/<fixture>` on the shared database and answers its last JSON line. */
export async function runWorker<T>(fixture: string, target: string, args: readonly string[]): Promise<T> {
  const bundle = await bundledFixture(fixture);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, target, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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

import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Server tests write attachments and exports of their in-memory databases, and the seeded database
 * every test server copies (tests/server/seeded-database.ts), under the system temp folder: each
 * run gets its own folder under .tmp/, and folders of runs that have ended go.
 */
function serverTestsTmp(): string {
  const root = path.resolve('.tmp/server-tests-tmp');
  mkdirSync(root, { recursive: true });
  for (const name of readdirSync(root)) {
    let alive = false;
    try {
      process.kill(Number(name), 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) rmSync(path.join(root, name), { recursive: true, force: true });
  }
  const dir = path.join(root, String(process.pid));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Server test files that replace modules or globals (vi.mock, stubbed globals or env, fake
 * timers): they run isolated, each in a fresh module graph. Found by reading the files, so a new
 * one lands in the right project by itself.
 */
const MUTATES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|setSystemTime)\(/;
function serverFilesMutatingModules(): string[] {
  const files = readdirSync('tests/server', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.ts'));
  return files.filter((f) => MUTATES.test(readFileSync(path.join('tests/server', f), 'utf8'))).map((f) => `tests/server/${f.split(path.sep).join('/')}`);
}

// Projects: `unit` (jsdom, app code and pure helpers) and the server suite (node, the api/v1 app
// in-process) in two: `server` shares one module graph per worker across its files (isolate:
// false: the server's modules are loaded once per worker instead of once per file, which is most
// of a server file's time; its module-level caches are kept per database), `server-isolated`
// holds the files that mock modules or globals. Both run on in-memory SQLite unless
// TEST_DATABASE_URL points at PostgreSQL; `--project 'server*'` runs both.
const runTmp = serverTestsTmp();
const isolatedServerFiles = serverFilesMutatingModules();
const serverTest = {
  environment: 'node',
  pool: 'forks',
  env: { TMPDIR: runTmp },
  testTimeout: 30000,
  // set-up opens test servers (a copy of the seeded database each); on PostgreSQL under a loaded
  // machine two of them took over a minute
  hookTimeout: 180000,
} as const;
export default defineConfig({
  plugins: [react()],
  test: {
    // vitest's default is one worker less than the cores: one worker on a 2-core machine, where the
    // suite's files are CPU-bound and two workers finish in about half the time
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost/' } },
          setupFiles: ['tests/unit/setup.ts'],
          // app tests that forward to the real server (msw) start it from the seeded copy too
          env: { TMPDIR: runTmp },
        },
      },
      {
        extends: true,
        test: {
          ...serverTest,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: isolatedServerFiles,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...serverTest,
          name: 'server-isolated',
          include: isolatedServerFiles,
        },
      },
    ],
  },
});

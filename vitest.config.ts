import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
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
 * Test files (server or unit) that replace modules or globals (vi.mock, stubbed globals or env, fake
 * timers): they run isolated, each in a fresh module graph. Found by reading the files, so a new
 * one lands in the right project by itself.
 */
const MUTATES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|setSystemTime)\(/;
function filesMutatingModules(dir: string): string[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.test\.tsx?$/.test(f));
  return files.filter((f) => MUTATES.test(readFileSync(path.join(dir, f), 'utf8'))).map((f) => `${dir}/${f.split(path.sep).join('/')}`);
}

// Projects: the unit suite (jsdom, app code and pure helpers) and the server suite (node, the
// api/v1 app in-process), each in two. `unit` and `server` share one module graph per worker
// across their files (isolate: false: React, Mantine or the server's modules are loaded once per
// worker instead of once per file, which was most of a file's time: the unit suite went from 108 s
// to 33 s). tests/unit/setup.ts gives every unit file fresh app modules, storage, cookies and
// IndexedDB; the server's module-level caches are kept per database. `unit-isolated` and
// `server-isolated` hold the files that mock modules or globals. The server suite runs on
// in-memory SQLite unless TEST_DATABASE_URL points at PostgreSQL; `--project 'server*'` runs both.
const runTmp = serverTestsTmp();
const isolatedServerFiles = filesMutatingModules('tests/server');
const isolatedUnitFiles = filesMutatingModules('tests/unit');
const serverTest = {
  environment: 'node',
  pool: 'forks',
  env: { TMPDIR: runTmp },
  testTimeout: 30000,
  // set-up opens test servers (a copy of the seeded database each); on PostgreSQL under a loaded
  // machine two of them took over a minute
  hookTimeout: 180000,
} as const;
const unitTest = {
  include: ['tests/unit/**/*.test.{ts,tsx}'],
  environment: 'jsdom' as const,
  environmentOptions: { jsdom: { url: 'http://localhost/' } },
  setupFiles: ['tests/unit/setup.ts'],
  // app tests that forward to the real server (msw) start it from the seeded copy too
  env: { TMPDIR: runTmp },
};
/**
 * Vitest's order, with the isolated projects' files first instead of last (it runs projects in the
 * order of their names). Each of those files loads a fresh module graph, several seconds: at the
 * end they were the run's tail with one worker busy (the PostgreSQL stage's last 34 s held three
 * files of 9 s of tests); at the start the other worker has long files to run beside them.
 */
class IsolatedFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isolated = (f: TestSpecification) => f.project.name.endsWith('-isolated');
    return [...sorted.filter(isolated), ...sorted.filter((f) => !isolated(f))];
  }
}

export default defineConfig({
  plugins: [react()],
  test: {
    // Transformed modules kept on disk: the PostgreSQL stage of `npm test` loads the modules the
    // SQLite stage transformed (its transform and import time, summed over the workers, fell
    // from 64 s to 33 s). scripts/test-all.mjs empties it when a run starts.
    experimental: { fsModuleCache: true, fsModuleCachePath: '.tmp/vitest-module-cache' },
    sequence: { sequencer: IsolatedFirst },
    // vitest's default is one worker less than the cores: one worker on a 2-core machine, where the
    // suite's files are CPU-bound and two workers finish in about half the time
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          ...unitTest,
          name: 'unit',
          exclude: isolatedUnitFiles,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...unitTest,
          name: 'unit-isolated',
          include: isolatedUnitFiles,
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

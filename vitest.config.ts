import { mkdirSync, readdirSync, rmSync } from 'node:fs';
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

// Two projects: `unit` (jsdom, app code and pure helpers) and `server` (node, the api/v1 app in-process).
// The server project runs on in-memory SQLite unless TEST_DATABASE_URL points at PostgreSQL.
const runTmp = serverTestsTmp();
export default defineConfig({
  plugins: [react()],
  test: {
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
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          env: { TMPDIR: runTmp },
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});

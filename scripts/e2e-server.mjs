#!/usr/bin/env node
// Starts the real server for browser tests: a fresh demo database in .tmp/e2e-data-<port>, the app
// built into dist/ (built here when missing or older than the sources), on 127.0.0.1:<port>.
//   node scripts/e2e-server.mjs <port> --seed          seeds the demo database into .tmp/e2e-seed-<port> first
//                                                      (unless E2E_SEEDED names that folder, seeded already)
//   node scripts/e2e-server.mjs <port> --from <first>  starts from a copy of .tmp/e2e-seed-<first> when it is fresh
// Playwright starts the servers one after the other (playwright.config.ts): the first seeds, the
// others copy its database instead of seeding again (about 10 s each on 2 cores).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync, mkdirSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = process.argv[2] ?? '8090';
const seed = process.argv.includes('--seed');
const dataDir = join(root, '.tmp', `e2e-data-${port}`);
const from = process.argv.includes('--from') ? process.argv[process.argv.indexOf('--from') + 1] : undefined;
// one seed per suite run (runs on other ports, e.g. two checkouts' suites at once, keep their own)
const seedDir = join(root, '.tmp', `e2e-seed-${from ?? port}`);
/** A seed older than this was made by an earlier run: the demo's dates are relative to the day it was made. */
const SEED_FRESH_MS = 15 * 60 * 1000;

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const built = join(root, 'dist', 'index.html');
const stale = !existsSync(built) || statSync(built).mtimeMs < Math.max(newest(join(root, 'src')), newest(join(root, 'sw')), newest(join(root, 'public')));
if (stale || process.env.E2E_REBUILD) {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
rmSync(dataDir, { recursive: true, force: true });
// scripts/test-all.mjs seeds beside the PostgreSQL stage and says so (E2E_SEEDED): a core is idle
// there while one file builds that stage's template, and here the seeding held the suite's start
const preSeeded = seed && process.env.E2E_SEEDED === seedDir && existsSync(join(seedDir, 'campus-desk.db'));
if (seed && !preSeeded) {
  rmSync(seedDir, { recursive: true, force: true });
  mkdirSync(seedDir, { recursive: true });
  const r = spawnSync('npx', ['tsx', 'scripts/e2e-seed.ts', seedDir], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const seedFile = join(seedDir, 'campus-desk.db');
if (existsSync(seedFile) && Date.now() - statSync(seedFile).mtimeMs < SEED_FRESH_MS) cpSync(seedDir, dataDir, { recursive: true });
else mkdirSync(dataDir, { recursive: true });
const child = spawn('npx', ['tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));

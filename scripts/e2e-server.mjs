#!/usr/bin/env node
// Starts the real server for browser tests: a fresh demo database in .tmp/e2e-data, the app built
// into dist/ (built here when missing or older than the sources), on 127.0.0.1:<port>.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, mkdirSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = process.argv[2] ?? '8090';
const dataDir = join(root, '.tmp', `e2e-data-${port}`);

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
mkdirSync(dataDir, { recursive: true });
const child = spawn('npx', ['tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));

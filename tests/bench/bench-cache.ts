import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Where the benches keep the databases they build (minutes to hours of writing at the issues'
 * scales): the project's .tmp/bench, ignored by git, so a rerun reuses them and they are not lost
 * with the machine's /tmp. BENCH_CACHE_DIR puts them elsewhere.
 */
export function benchCacheDir(): string {
  const dir = process.env.BENCH_CACHE_DIR ?? path.join(ROOT, '.tmp', 'bench');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

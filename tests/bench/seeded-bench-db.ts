import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { isEmpty, seedDemo } from '../../server/db/seed';
import { RESOURCES } from '../../src/contract/resources';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A bench's SQLite database in .tmp/<name>: migrated and demo-seeded on first use, then handed to
 * `fill` (which adds the bench's bulk rows, or nothing when they are there from an earlier run).
 * Answers the data folder, for the server the bench starts.
 */
export async function seededBenchDatabase(name: string, fill: (file: string) => void): Promise<string> {
  const dataDir = path.join(ROOT, '.tmp', name);
  fs.mkdirSync(dataDir, { recursive: true });
  const opened = openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }));
  await migrate(opened.db, RESOURCES);
  if (await isEmpty(opened.db)) await seedDemo(opened.db);
  await opened.close();
  fill(path.join(dataDir, 'campus-desk.db'));
  return dataDir;
}

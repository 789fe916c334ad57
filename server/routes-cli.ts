import { loadConfig } from './config';
import { createApp } from './app';
import { openDatabase } from './db/index';
import { listRoutes } from './routes-list';

/** `npm run routes`: every `METHOD path` the app serves, one per line. No database is touched. */
async function main(): Promise<void> {
  const config = { ...loadConfig({ ...process.env, DATABASE_URL: '' }), dataDir: ':memory:' };
  const opened = openDatabase(config);
  const app = createApp({ db: opened.db, dialect: opened.dialect, config });
  for (const line of listRoutes(app)) console.log(line);
  await opened.close();
}

void main();

// Makes the browser suite's demo database once (migrated and seeded) in the folder given, closed
// and checkpointed so the suite's servers can each start from a copy of it (scripts/e2e-server.mjs).
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('用法: tsx scripts/e2e-seed.ts <数据目录>');
  process.exit(2);
}
const opened = await prepareDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' }));
await opened.close();

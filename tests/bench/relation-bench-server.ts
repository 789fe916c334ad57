import { serve } from '@hono/node-server';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import { createApp } from '../../server/app';
import { mountResource } from '../../server/lib/resource-routes';
import { studentWithRelations, studentWithoutRelations } from './student-relations-def';

// Child process of the relation bench: the real app (student/page among its calls) plus the same
// list without relations and with two (student-relations-def.ts), on the bench database, on a free
// loopback port.
const config = loadConfig({ DATA_DIR: process.env.BENCH_DATA_DIR, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' });
const opened = openDatabase(config);
const app = createApp({ db: opened.db, dialect: opened.dialect, config });
mountResource(app, studentWithoutRelations);
mountResource(app, studentWithRelations);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.send?.({ port: info.port });
});
process.on('message', (m) => {
  if (m === 'stop') {
    server.close();
    void opened.close().then(() => process.exit(0));
  }
});

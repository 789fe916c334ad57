import { seededPgTemplate } from './seeded-database';

/*
 * Builds this test run's seeded PostgreSQL template ahead of the server suite:
 *   TEST_RUN_PID=<pid> npx tsx tests/server/pg-template.ts postgres://…
 * scripts/test-all.mjs runs it beside the type-check and the SQLite stage. Migrating and seeding
 * over the network is mostly waiting for round trips (about 30 s), which held up the PostgreSQL
 * stage's first files while both cores had little to do.
 */
const url = process.argv[2];
if (!url) {
  console.error('用法: TEST_RUN_PID=<pid> npx tsx tests/server/pg-template.ts postgres://…');
  process.exit(2);
}
const started = Date.now();
seededPgTemplate(url).then(
  (name) => console.log(`template ${name} ready in ${Math.round((Date.now() - started) / 1000)}s`),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

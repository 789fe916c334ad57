#!/usr/bin/env node
// The one test command (README, .ci/run): type-check, lint, unit + server suites on SQLite, the
// server suite again on a throwaway PostgreSQL (when its binaries are present), then the browser
// suite in Debian's Chromium. Ends with one line `N passed, N failed` summed over every suite.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp', 'test-results');
rmSync(out, { recursive: true, force: true });
// vitest's module cache (vitest.config.ts) starts empty, as on a fresh clone: the SQLite stage fills
// it and the PostgreSQL stage reads it
rmSync(join(root, '.tmp', 'vitest-module-cache'), { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const lines = [];

function run(cmd, args, env = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { status: r.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) };
}

function check(name, cmd, args) {
  console.log(`\n=== ${name}`);
  record(name, run(cmd, args));
}

function record(name, r) {
  if (r.status === 0) totals.passed += 1;
  else totals.failed += 1;
  lines.push(`${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${r.seconds}s)`);
}

/** Runs in the background with its output held back, printed whole when it ends (no interleaving). */
function runQuietly(cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code) => resolve({ status: code ?? 1, seconds: Math.round((Date.now() - started) / 1000), output: Buffer.concat(chunks).toString() }));
  });
}

function vitestSuite(name, args, env = {}) {
  console.log(`\n=== ${name}`);
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  const r = run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${file}`], env);
  if (!existsSync(file)) {
    totals.failed += 1;
    lines.push(`${name}: no result file (exit ${r.status})`);
    return;
  }
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const passed = j.numPassedTests ?? 0;
  // a test file that fails to load has no failed test but must count as a failure
  const loadErrors = (j.testResults ?? []).filter((t) => t.status === 'failed' && !(t.assertionResults ?? []).some((a) => a.status === 'failed')).length;
  const failed = (j.numFailedTests ?? 0) + loadErrors;
  const skipped = (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  totals.passed += passed;
  totals.failed += Math.max(failed, r.status !== 0 && failed === 0 ? 1 : 0);
  totals.skipped += skipped;
  lines.push(`${name}: ${passed} passed, ${failed} failed, ${skipped} skipped (${r.seconds}s)`);
  // CI shows only the tail of the output, so the summary names what failed and why
  for (const t of j.testResults ?? []) {
    const testFile = relative(process.cwd(), t.name ?? '');
    const bad = (t.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (t.status === 'failed' && bad.length === 0) failures.push(`${name} ✗ ${testFile}: ${firstLine(t.message)}`);
    for (const a of bad) failures.push(`${name} ✗ ${testFile} › ${a.fullName}: ${firstLine((a.failureMessages ?? []).join(' '))}`);
  }
}

function firstLine(text) {
  return String(text ?? '').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 3).join(' | ').slice(0, 400);
}

function playwrightSuite() {
  console.log('\n=== browser (Chromium)');
  const file = join(out, 'playwright.json');
  const r = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  if (!existsSync(file)) {
    totals.failed += 1;
    lines.push(`browser: no result file (exit ${r.status})`);
    return;
  }
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  const passed = (s.expected ?? 0) + (s.flaky ?? 0);
  const failed = s.unexpected ?? 0;
  const errors = (JSON.parse(readFileSync(file, 'utf8')).errors ?? []).length;
  totals.passed += passed;
  totals.failed += failed + errors + (r.status !== 0 && failed + errors === 0 ? 1 : 0);
  totals.skipped += s.skipped ?? 0;
  lines.push(`browser: ${passed} passed, ${failed + errors} failed, ${s.skipped ?? 0} skipped (${r.seconds}s)`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const visit = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const err = (test.results ?? []).map((x) => x.error?.message).find(Boolean);
        failures.push(`browser ✗ ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}: ${firstLine(err)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const e of report.errors ?? []) failures.push(`browser ✗ ${firstLine(e.message)}`);
}

const only = process.argv.slice(2);
const want = (k) => only.length === 0 || only.includes(k);

// The app's production build (for the browser suite) runs beside the type-check: tsc keeps one
// core busy, the build the other. scripts/e2e-server.mjs then finds dist/ up to date.
const build = want('e2e') ? runQuietly('npx', ['vite', 'build', '--logLevel', 'warn']) : null;
// PostgreSQL's initdb and start (seconds of mostly disk and waiting) run beside them too, ready for
// its stage below.
const pgScript = join(root, 'scripts', 'pg-test-db.sh');
const pgWanted = want('pg') && existsSync('/usr/lib/postgresql/15/bin/initdb') && existsSync(pgScript);
const pgStarted = pgWanted ? runQuietly('bash', [pgScript, 'start']) : null;
// Its seeded template is built as soon as it is up, beside the stages before its own: migrating and
// seeding is mostly waiting for round trips, which held up the stage's first files while both cores
// idled. The template belongs to this process (TEST_RUN_PID, read by tests/server/seeded-database.ts).
process.env.TEST_RUN_PID = String(process.pid);
const pgAddress = (started) => started.output.split('\n').filter((l) => l.startsWith('postgres://')).pop();
const pgTemplate = pgStarted?.then((started) => {
  const url = pgAddress(started);
  return started.status === 0 && url ? runQuietly('npx', ['tsx', 'tests/server/pg-template.ts', url]) : null;
});
if (want('typecheck')) {
  check('typecheck (app, server, tests)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  check('typecheck (service worker)', 'npx', ['tsc', '-p', 'sw/tsconfig.json', '--noEmit']);
}
if (build) {
  const b = await build;
  console.log('\n=== build (app, for the browser suite)');
  process.stdout.write(b.output);
  lines.push(`build (app): ${b.status === 0 ? 'ok' : 'FAILED'} (${b.seconds}s)`);
  // a failed build fails the browser suite below (its server builds again and reports why)
}
if (want('lint')) check('lint (oxlint)', 'npx', ['oxlint', '--deny-warnings', 'src', 'server', 'tests', 'sw', 'scripts']);
if (want('unit')) vitestSuite('unit + server (SQLite)', []);

// The browser suite's demo database, seeded beside the PostgreSQL stage, whose files wait on the
// database's round trips part of the time: seeding at the browser suite's start held it up
// (scripts/e2e-server.mjs takes the folder named by E2E_SEEDED as seeded).
const e2eSeedDir = join(root, '.tmp', `e2e-seed-${process.env.E2E_PORT ?? 8090}`);
let e2eSeeded = null;
if (want('e2e')) {
  rmSync(e2eSeedDir, { recursive: true, force: true });
  mkdirSync(e2eSeedDir, { recursive: true });
  e2eSeeded = runQuietly('npx', ['tsx', 'scripts/e2e-seed.ts', e2eSeedDir]);
}

if (want('pg')) {
  if (pgStarted) {
    const started = await pgStarted;
    // the address the script printed (PG_TEST_PORT moves it off 54329); without one the suite
    // would run on SQLite again
    const url = pgAddress(started);
    if (started.status === 0 && url) {
      // a template that failed to build is built again by the suite's first file, which says why
      const template = await pgTemplate;
      // its own time (the time seen here also counts the stages it ran beside, which hold this loop)
      const took = template?.output.match(/ready in (\d+s)/)?.[1];
      if (template) lines.push(`PostgreSQL template: ${template.status === 0 ? `ok (${took ?? `${template.seconds}s`}, beside the stages before)` : `FAILED, built by the suite (${template.seconds}s)`}`);
      vitestSuite('server (PostgreSQL)', ['--project', 'server', '--project', 'server-isolated'], { TEST_DATABASE_URL: url });
      run('bash', [pgScript, 'stop']);
    } else {
      totals.failed += 1;
      lines.push(`server (PostgreSQL): could not start PostgreSQL: ${firstLine(started.output)}`);
    }
  } else {
    lines.push('server (PostgreSQL): skipped, PostgreSQL 15 is not installed (apt-get install -y postgresql)');
  }
}
if (want('e2e')) {
  const seeded = await e2eSeeded;
  // a failed seeding is left to the suite's first server, which seeds again and says why
  if (seeded?.status === 0) process.env.E2E_SEEDED = e2eSeedDir;
  if (existsSync('/usr/bin/chromium')) playwrightSuite();
  else {
    totals.failed += 1;
    lines.push('browser: /usr/bin/chromium missing (apt-get install -y chromium)');
  }
}

console.log('\n=== summary');
for (const f of failures) console.log(f);
for (const l of lines) console.log(l);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 ? 0 : 1);

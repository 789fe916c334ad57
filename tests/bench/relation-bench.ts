/**
 * Relation bench (issue 17): the student list over 1,000,000 students without relations and with
 * two relation columns (课程顾问 and 班主任 names: student-relations-def.ts), and the real
 * `student/page` with every relation it declares, served by one server process and measured in
 * the same run, alternately, with the API bench's load (32 keep-alive clients, a one-campus user,
 * state filter, newest first, pages 1-50). Beside it: the page statement of each, as the server
 * compiled it, run directly on the database, and SQLite's plan of it (EXPLAIN QUERY PLAN).
 *
 *   npx tsx tests/bench/relation-bench.ts [--scale 1000000] [--seconds 5] [--rounds 2]
 */
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import { createApp } from '../../server/app';
import { mountResource } from '../../server/lib/resource-routes';
import { cachedPlan, planOf } from '../../server/lib/page-plan';
import { loadAccess } from '../../server/lib/principal';
import type { Principal } from '../../server/lib/context';
import type { ResourceDef } from '../../src/contract/resource';
import { studentResource } from '../../src/contract/resources/students';
import { bearerOf } from '../../src/contract/session';
import { BENCH_LOGIN, DEFAULT_CLIENT_NICE, PAGES, formOf, loadRun } from './api-bench';
import { studentBenchDatabase } from './student-bench-db';
import { studentWithRelations, studentWithoutRelations } from './student-relations-def';
import { percentile } from './percentile';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface ListFigures {
  path: string;
  medianMs: number;
  p99Ms: number;
  rps: number;
  errors: number;
  /** one request in-process (app.fetch, no socket), CPU µs: barely moved by the machine's load */
  inProcessCpuUs: number;
  /** the page statement run directly on the database (median ms over pages 1-50) */
  dbPageMs: number;
  queryPlan: string[];
}

export interface RelationBenchResult {
  scale: number;
  plain: ListFigures;
  related: ListFigures;
  /** the real student/page, with every relation the student declaration has */
  real: ListFigures;
  /** related / plain p50, plain / related req/s (target ≤ 1.5 each) */
  medianRatio: number;
  rpsRatio: number;
  /** related / plain CPU of one in-process request */
  cpuRatio: number;
  loadAverage: number;
}

/** without relations, with two, and the real student list with every relation it declares */
const LISTS: readonly ResourceDef[] = [studentWithoutRelations, studentWithRelations, studentResource];
const pathOf = (def: ResourceDef): string => `/api/v1/${def.name}/page`;

/**
 * Both lists' page statements as the server compiles them (server/lib/page-plan.ts): a few calls
 * in this process fill its plan cache; the direct figures then run the very statements the server runs.
 */
async function compiledPages(dataDir: string): Promise<{ sql: string; values: unknown[]; cpuUs: number }[]> {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const opened = openDatabase(config);
  try {
    const app = createApp({ db: opened.db, dialect: opened.dialect, config });
    mountResource(app, studentWithoutRelations);
    mountResource(app, studentWithRelations);
    const login = await app.fetch(new Request('http://localhost/api/v1/sso/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login_id: BENCH_LOGIN, password: 'demo123' }) }));
    const user = ((await login.json()) as { data: { token: string; login_id: string; domain: string } }).data;
    const headers = { token: user.token, authorization: bearerOf(user.login_id, user.token, user.domain), 'content-type': 'application/x-www-form-urlencoded' };
    const row = await opened.db.selectFrom('users').select(['id', 'login_id', 'domain', 'name']).where('login_id', '=', BENCH_LOGIN).executeTakeFirstOrThrow();
    const principal: Principal = { ...(await loadAccess(opened.db, row.id)), userId: row.id, loginId: row.login_id, domain: row.domain, name: row.name, tokenHash: '', mustChangePassword: false };
    const query = Object.fromEntries(new URLSearchParams(formOf(1).toString()));
    const out: { sql: string; values: unknown[]; cpuUs: number }[] = [];
    for (const def of LISTS) {
      for (let i = 0; i < 2; i++) {
        const res = await app.fetch(new Request(`http://localhost${pathOf(def)}`, { method: 'POST', headers, body: formOf(1).toString() }));
        const body = (await res.json()) as { code: number; msg: string; data: { content: Record<string, unknown>[] } };
        if (body.code !== 200) throw new Error(`${pathOf(def)}: ${body.msg}`);
      }
      if (def === studentWithRelations) {
        // the demo's own students come first (newest) and have no bench relations: look further on
        const res = await app.fetch(new Request(`http://localhost${pathOf(def)}`, { method: 'POST', headers, body: formOf(PAGES).toString() }));
        const deep = (await res.json()) as { data: { content: Record<string, unknown>[] } };
        if (!deep.data.content.some((r) => typeof r.seller_name === 'string' && typeof r.teacher_name === 'string')) {
          throw new Error(`含关联的列表没有答出关联名称: ${JSON.stringify(deep).slice(0, 600)}`);
        }
      }
      const bodies = Array.from({ length: PAGES }, (_, i) => formOf(i + 1).toString());
      let cpu = process.cpuUsage();
      for (let i = 0; i < 3000; i++) {
        if (i === 1000) cpu = process.cpuUsage();
        await (await app.fetch(new Request(`http://localhost${pathOf(def)}`, { method: 'POST', headers, body: bodies[i % PAGES] }))).arrayBuffer();
      }
      const used = process.cpuUsage(cpu);
      const plan = planOf(def, principal, query, false, query.sort, Number(query.rows));
      const cached = cachedPlan(plan.key);
      // a list mounted with hooks of its own may have no compiled page (no direct figures then)
      out.push({ sql: cached ? (cached.jsonSql ?? cached.pageSql) : '', values: plan.values, cpuUs: (used.user + used.system) / 2000 });
    }
    return out;
  } finally {
    await opened.close();
  }
}

function direct(dataDir: string, page: { sql: string; values: unknown[] }): { medianMs: number; queryPlan: string[] } {
  if (!page.sql) return { medianMs: Number.NaN, queryPlan: ['（未编译分页语句）'] };
  const raw = new Sqlite(path.join(dataDir, 'campus-desk.db'), { readonly: true });
  try {
    const queryPlan = (raw.prepare(`explain query plan ${page.sql}`).all(...page.values, 0) as { detail: string }[]).map((r) => r.detail);
    const stmt = raw.prepare(page.sql);
    const times: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const t0 = performance.now();
      stmt.all(...page.values, (i % PAGES) * 20);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { medianMs: percentile(times, 50), queryPlan };
  } finally {
    raw.close();
  }
}

async function startServer(dataDir: string): Promise<{ port: number; child: ChildProcess }> {
  const child = fork(path.join(HERE, 'relation-bench-server.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_DATA_DIR: dataDir }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`压测服务进程退出 (${code})`)));
  });
  return { port, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.send('stop');
  await exited;
}

const median = (xs: number[]): number => percentile(xs.toSorted((a, b) => a - b), 50);

export async function runRelationBench(options: { scale?: number; seconds?: number; rounds?: number; concurrency?: number; log?: (l: string) => void } = {}): Promise<RelationBenchResult> {
  const scale = options.scale ?? 1_000_000;
  const seconds = options.seconds ?? 5;
  const rounds = options.rounds ?? 2;
  const concurrency = options.concurrency ?? 32;
  const log = options.log ?? ((l: string) => console.log(l));
  const { dataDir } = await studentBenchDatabase(scale, 60, log);
  const pages = await compiledPages(dataDir);
  const directs = pages.map((p) => direct(dataDir, p));

  const runs = LISTS.map(() => [] as Awaited<ReturnType<typeof loadRun>>[]);
  const loads: number[] = [];
  const { port, child } = await startServer(dataDir);
  try {
    // a round not counted: the server's first seconds (compiled code, the file's pages read) fell on the first list only
    for (const def of LISTS) await loadRun(port, child.pid ?? 0, DEFAULT_CLIENT_NICE, 1, concurrency, 500_000, () => {}, pathOf(def));
    // alternately, so a change in the machine's load falls on both lists alike
    for (let r = 0; r < rounds; r++) {
      for (const [i, def] of LISTS.entries()) {
        loads.push(os.loadavg()[0]);
        runs[i].push(await loadRun(port, child.pid ?? 0, DEFAULT_CLIENT_NICE, seconds, concurrency, 500_000, log, pathOf(def)));
      }
    }
  } finally {
    await stopServer(child);
  }
  const figures = LISTS.map((def, i): ListFigures => ({
    path: pathOf(def),
    medianMs: median(runs[i].map((x) => x.medianMs)),
    p99Ms: median(runs[i].map((x) => x.p99Ms)),
    rps: median(runs[i].map((x) => x.rps)),
    errors: runs[i].reduce((s, x) => s + x.errors, 0),
    inProcessCpuUs: pages[i].cpuUs,
    dbPageMs: directs[i].medianMs,
    queryPlan: directs[i].queryPlan,
  }));
  const [plain, related, real] = figures;
  const result: RelationBenchResult = {
    scale,
    plain,
    related,
    real,
    medianRatio: related.medianMs / plain.medianMs,
    rpsRatio: plain.rps / related.rps,
    cpuRatio: related.inProcessCpuUs / plain.inProcessCpuUs,
    loadAverage: Math.max(...loads),
  };
  log(`\n${scale.toLocaleString('en')} 名学员，${concurrency} 并发，${rounds} 轮 × 每个列表 ${seconds}s，机器负载 ${loads.map((l) => l.toFixed(1)).join(' / ')}（${os.cpus().length} 核）`);
  for (const f of figures) {
    log(`${f.path}: p50 ${f.medianMs.toFixed(2)} ms，p99 ${f.p99Ms.toFixed(2)} ms，${f.rps.toFixed(0)} 次/秒，错误 ${f.errors}；进程内每请求 CPU ${f.inProcessCpuUs.toFixed(0)} µs；分页语句直连 ${f.dbPageMs.toFixed(3)} ms`);
    for (const line of f.queryPlan) log(`    ${line}`);
  }
  log(`含关联 / 不含: p50 ${result.medianRatio.toFixed(2)}x，每秒请求 ${result.rpsRatio.toFixed(2)}x（目标 ≤ 1.5x）；进程内每请求 CPU ${result.cpuRatio.toFixed(2)}x`);
  return result;
}

function numberArg(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} 需要一个正数`);
  return n;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runRelationBench({ scale: numberArg('scale'), seconds: numberArg('seconds'), rounds: numberArg('rounds') }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

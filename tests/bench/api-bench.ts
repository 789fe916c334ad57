/**
 * API bench: a large student-like table over 60 schools, an authenticated paged list call with a
 * filter and a sort, 32 concurrent keep-alive clients over loopback, beside the same query run
 * directly on the database.
 *
 *   npx tsx tests/bench/api-bench.ts [--scale 1000000] [--seconds 10] [--concurrency 32]
 *
 * The database is built once per scale under $TMPDIR/campus-desk-bench-<scale> and reused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { isEmpty, seedDemo } from '../../server/db/seed';
import { RESOURCES } from '../../src/contract/resources';
import { bearerOf } from '../../src/contract/session';
import { nowText } from '../../server/lib/time';
import { benchStudent } from './api-bench-def';

export interface ApiBenchOptions {
  scale?: number;
  schools?: number;
  seconds?: number;
  concurrency?: number;
  maxRequests?: number;
  log?: (line: string) => void;
}

export interface ApiBenchResult {
  scale: number;
  schools: number;
  concurrency: number;
  requests: number;
  errors: number;
  apiMedianMs: number;
  apiP99Ms: number;
  apiRps: number;
  dbMedianMs: number;
  dbP99Ms: number;
  overhead: number;
  targets: { p99: boolean; rps: boolean; overhead: boolean };
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = ['子涵', '欣怡', '梓萱', '一诺', '浩宇', '宇轩', '子轩', '思远', '雨桐', '俊熙', '诗涵', '嘉怡', '明杰', '梓豪', '佳琪'];
const GRADES = ['幼儿园', '一年级', '二年级', '三年级', '四年级', '五年级', '六年级'];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function buildDatabase(dataDir: string, scale: number, schools: number, log: (l: string) => void): Promise<number[]> {
  const config = { ...loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }) };
  const opened = openDatabase(config);
  await migrate(opened.db, [...RESOURCES, benchStudent]);
  if (await isEmpty(opened.db)) await seedDemo(opened.db);
  // Up to `schools` campuses: the demo's nine plus bench campuses under a bench city.
  const existing = await opened.db.selectFrom('organisations').select('id').where('kind', '=', 'school').orderBy('id').execute();
  if (existing.length < schools) {
    const hq = await opened.db.selectFrom('organisations').select(['id', 'inheritance']).where('kind', '=', 'head').executeTakeFirstOrThrow();
    const city = await opened.db
      .insertInto('organisations')
      .values({ name: '压测分公司', code: 'BENCH', parent_id: hq.id, inheritance: `${hq.inheritance}${hq.id}|`, kind: 'city', leader: null, phone: null, address: null, remark: null, created_at: nowText(), updated_at: nowText(), created_by: null, updated_by: null })
      .returning(['id', 'inheritance'])
      .executeTakeFirstOrThrow();
    for (let i = existing.length; i < schools; i++) {
      await opened.db
        .insertInto('organisations')
        .values({ name: `压测校区${i + 1}`, code: `BENCH-${i + 1}`, parent_id: city.id, inheritance: `${city.inheritance}${city.id}|`, kind: 'school', leader: null, phone: null, address: null, remark: null, created_at: nowText(), updated_at: nowText(), created_by: null, updated_by: null })
        .execute();
    }
  }
  const schoolIds = (await opened.db.selectFrom('organisations').select('id').where('kind', '=', 'school').orderBy('id').execute()).map((r) => r.id).slice(0, schools);
  await opened.close();

  const file = path.join(dataDir, 'campus-desk.db');
  const raw = new Sqlite(file);
  const have = (raw.prepare('select count(*) as n from bench_student').get() as { n: number }).n;
  if (have < scale) {
    log(`写入 ${scale - have} 条压测学员 …`);
    raw.pragma('synchronous = OFF');
    const insert = raw.prepare(
      'insert into bench_student (name, phone, state, grade, enrolled_on, school_id, created_at, updated_at, created_by, updated_by) values (?, ?, ?, ?, ?, ?, ?, ?, 1, 1)',
    );
    const base = Date.UTC(2022, 0, 1);
    const batch = raw.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const name = SURNAMES[i % SURNAMES.length] + GIVEN[(i * 7) % GIVEN.length];
        const at = nowText(base + ((i * 2654435761) % (3 * 365 * 86400)) * 1000);
        insert.run(name, `13${String(100000000 + ((i * 7919) % 899999999)).padStart(9, '0')}`, Math.floor(i / schoolIds.length) % 4 === 0 ? 0 : 1, GRADES[i % GRADES.length], at.slice(0, 10), schoolIds[i % schoolIds.length], at, at);
      }
    });
    for (let from = have; from < scale; from += 50_000) batch(from, Math.min(scale, from + 50_000));
    raw.exec('create index if not exists ix_bench_student_scope on bench_student (school_id, state, created_at)');
    raw.exec('analyze');
    raw.pragma('synchronous = FULL');
  }
  raw.close();
  return schoolIds;
}

function request(agent: http.Agent, port: number, pathAndQuery: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathAndQuery, method: body ? 'POST' : 'GET', agent, headers: body ? { ...headers, 'content-type': 'application/json' } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

export async function runApiBench(options: ApiBenchOptions = {}): Promise<ApiBenchResult> {
  const scale = options.scale ?? 1_000_000;
  const schools = options.schools ?? 60;
  const seconds = options.seconds ?? 10;
  const concurrency = options.concurrency ?? 32;
  const maxRequests = options.maxRequests ?? 200_000;
  const log = options.log ?? ((l: string) => console.log(l));
  const dataDir = path.join(os.tmpdir(), `campus-desk-bench-${scale}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const schoolIds = await buildDatabase(dataDir, scale, schools, log);

  const child = fork(path.join(HERE, 'api-bench-server.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_DATA_DIR: dataDir }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`压测服务进程退出 (${code})`)));
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    // A campus user (the demo course adviser, one campus): the data scope is part of every query.
    const login = await request(agent, port, '/api/v1/sso/login', {}, JSON.stringify({ login_id: 'sales', password: 'demo123' }));
    const user = (JSON.parse(login.text) as { data: { token: string; login_id: string; domain: string } }).data;
    const headers = { token: user.token, authorization: bearerOf(user.login_id, user.token, user.domain) };
    const pathOf = (i: number): string => `/api/v1/bench_student/page?page=${(i % 50) + 1}&rows=20&state=1&sort=created_at%20desc`;
    const check = await request(agent, port, pathOf(0), headers);
    const parsed = JSON.parse(check.text) as { code: number; data: { totalSize: number; content: unknown[] } };
    if (parsed.code !== 200 || parsed.data.content.length !== 20) throw new Error(`压测调用失败: ${check.text.slice(0, 200)}`);
    log(`列表调用: GET ${pathOf(0)} → totalSize ${parsed.data.totalSize}`);

    for (let i = 0; i < 500; i++) await request(agent, port, pathOf(i), headers);
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    const client = async (): Promise<void> => {
      while (performance.now() < deadline && next < maxRequests) {
        const i = next++;
        const t0 = performance.now();
        const res = await request(agent, port, pathOf(i), headers);
        latencies.push(performance.now() - t0);
        if (res.status !== 200 || !res.text.startsWith('{"code":200')) errors++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, client));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);

    // The same two statements the list call runs (count + page), directly on the database.
    const raw = new Sqlite(path.join(dataDir, 'campus-desk.db'), { readonly: true });
    const userSchools = (raw.prepare("select school_id from user_schools us join users u on u.id = us.user_id where u.login_id = 'sales'").all() as { school_id: number }[]).map((r) => r.school_id);
    const marks = userSchools.map(() => '?').join(',');
    const count = raw.prepare(`select count(*) as n from bench_student where school_id in (${marks}) and state = ?`);
    const page = raw.prepare(`select * from bench_student where school_id in (${marks}) and state = ? order by created_at desc, id desc limit 20 offset ?`);
    const direct: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const t0 = performance.now();
      count.get(...userSchools, 1);
      page.all(...userSchools, 1, (i % 50) * 20);
      direct.push(performance.now() - t0);
    }
    raw.close();
    direct.sort((a, b) => a - b);

    const result: ApiBenchResult = {
      scale,
      schools: schoolIds.length,
      concurrency,
      requests: latencies.length,
      errors,
      apiMedianMs: percentile(latencies, 50),
      apiP99Ms: percentile(latencies, 99),
      apiRps: latencies.length / elapsed,
      dbMedianMs: percentile(direct, 50),
      dbP99Ms: percentile(direct, 99),
      overhead: 0,
      targets: { p99: false, rps: false, overhead: false },
    };
    // Overhead: the API's cost per request (1 / throughput at full load) over the database's cost per query.
    const apiCostMs = 1000 / result.apiRps;
    result.overhead = apiCostMs / result.dbMedianMs;
    result.targets = { p99: result.apiP99Ms <= 15, rps: result.apiRps >= 3000, overhead: result.overhead <= 3 };
    const f = (n: number): string => n.toFixed(2).padStart(9);
    log(`\n${scale.toLocaleString('en')} 行 / ${result.schools} 校区，${concurrency} 并发，${seconds}s，${result.requests} 次请求，${errors} 个错误`);
    log('| 测量                   | 中位数 ms | p99 ms    | 每秒请求  |');
    log('|------------------------|-----------|-----------|-----------|');
    log(`| API（HTTP 回环）       | ${f(result.apiMedianMs)} | ${f(result.apiP99Ms)} | ${result.apiRps.toFixed(0).padStart(9)} |`);
    log(`| 数据库直连（同一查询） | ${f(result.dbMedianMs)} | ${f(result.dbP99Ms)} | ${(1000 / result.dbMedianMs).toFixed(0).padStart(9)} |`);
    log(`开销（API 每请求耗时 / 数据库查询耗时）: ${result.overhead.toFixed(2)}x`);
    log(`目标: p99 ≤ 15 ms ${result.targets.p99 ? '达成' : '未达成'}；≥ 3000 次/秒 ${result.targets.rps ? '达成' : '未达成'}；开销 ≤ 3x ${result.targets.overhead ? '达成' : '未达成'}`);
    return result;
  } finally {
    agent.destroy();
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
  }
}

function argOf(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} 需要一个正数`);
  return n;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runApiBench({ scale: argOf('scale'), seconds: argOf('seconds'), concurrency: argOf('concurrency') }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

/**
 * Classes bench: arranging one class for a term (3 lessons a week for 6 months), arranging a whole
 * campus (100 classes, 3 lessons a week, 6 months, each with its own teacher and classroom so
 * every clash check runs against a full timetable), and the check-in page call
 * (edu_check_in/page with a filter and a sort) on a large check-in table, through the real app
 * over loopback, p50/p99.
 *
 *   npx tsx tests/bench/classes-bench.ts [--scale 10000000] [--seconds 10] [--concurrency 8]
 *
 * --scale is the number of check-in rows (default 10,000,000). The database is built once per
 * scale under $TMPDIR/campus-desk-classes-bench-<scale> with bulk inserts in transactions, and reused.
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
import { percentile } from './percentile';

export interface ClassesBenchResult {
  scale: number;
  termLessons: number;
  termMs: number;
  campusClasses: number;
  campusLessons: number;
  campusMs: number;
  pageRequests: number;
  pageErrors: number;
  pageMedianMs: number;
  pageP99Ms: number;
  pageRps: number;
  totalSize: number;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MARKS = ['present', 'present', 'present', 'present', 'present', 'present', 'late', 'leave', 'absent', 'present'];


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

/** Bench rows: 2,000 classes and 100,000 students over the demo campuses, then `scale` check-ins. */
function fillCheckIns(file: string, scale: number, log: (l: string) => void): void {
  const raw = new Sqlite(file);
  raw.pragma('synchronous = OFF');
  const schools = (raw.prepare("select id from organisations where kind = 'school' order by id").all() as { id: number }[]).map((r) => r.id);
  const now = nowText();
  const have = (raw.prepare('select count(*) as n from edu_check_in').get() as { n: number }).n;
  if (have >= scale) {
    raw.close();
    return;
  }
  const ct = (raw.prepare('select id from prod_class_type order by id limit 1').get() as { id: number }).id;
  const benchClasses = raw.prepare("select id, school_id from base_class_manage where remark = 'bench' order by id").all() as { id: number; school_id: number }[];
  if (benchClasses.length === 0) {
    log('写入 2000 个压测班级、100000 名压测学员 …');
    const insClass = raw.prepare("insert into base_class_manage (name, class_type_id, capacity, state, is_warm_up, del_flag, school_id, remark, created_at, updated_at) values (?, ?, 50, 2, 0, 0, ?, 'bench', ?, ?)");
    const insStudent = raw.prepare("insert into student (name, gender, parent_phone, state, school_id, del_flag, remark, created_at, updated_at) values (?, 1, ?, 1, ?, 0, 'bench', ?, ?)");
    raw.transaction(() => {
      for (let i = 0; i < 2000; i++) insClass.run(`压测班${i + 1}`, ct, schools[i % schools.length], now, now);
      for (let i = 0; i < 100_000; i++) insStudent.run(`压测学员${i + 1}`, `139${String(10000000 + i).slice(-8)}`, schools[i % schools.length], now, now);
    })();
    benchClasses.push(...(raw.prepare("select id, school_id from base_class_manage where remark = 'bench' order by id").all() as { id: number; school_id: number }[]));
  }
  const firstStudent = (raw.prepare("select min(id) as id from student where remark = 'bench'").get() as { id: number }).id;
  log(`写入 ${(scale - have).toLocaleString('en')} 条签到记录 …`);
  const ins = raw.prepare(
    'insert into edu_check_in (school_id, schedule_id, student_id, class_id, class_type_id, lesson_date, start_time, mark, hours, device, checked_at, state, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)',
  );
  const base = Date.UTC(2023, 0, 1);
  const SCHEDULE_OFFSET = 10_000_000; // bench lessons live only in the check-ins
  const batch = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const lesson = Math.floor(i / 40);
      const cls = benchClasses[lesson % benchClasses.length];
      const date = new Date(base + (lesson % 1095) * 86_400_000).toISOString().slice(0, 10);
      const mark = MARKS[(i * 31) % MARKS.length];
      const student = firstStudent + ((lesson * 40 + (i % 40)) % 100_000);
      ins.run(cls.school_id, SCHEDULE_OFFSET + lesson, student, cls.id, ct, date, '09:00', mark, mark === 'present' || mark === 'late' ? 1 : 0, '压测', `${date} 09:00:00`, now, now);
    }
  });
  const t0 = performance.now();
  for (let from = have; from < scale; from += 100_000) {
    batch(from, Math.min(scale, from + 100_000));
    if ((from / 100_000) % 10 === 0) log(`  … ${Math.min(scale, from + 100_000).toLocaleString('en')} 行（${((performance.now() - t0) / 1000).toFixed(0)} s）`);
  }
  raw.exec('analyze');
  raw.pragma('synchronous = FULL');
  raw.close();
}

export async function runClassesBench(options: { scale?: number; seconds?: number; concurrency?: number; log?: (l: string) => void } = {}): Promise<ClassesBenchResult> {
  const scale = options.scale ?? 10_000_000;
  const seconds = options.seconds ?? 10;
  const concurrency = options.concurrency ?? 8;
  const log = options.log ?? ((l: string) => console.log(l));
  const dataDir = path.join(os.tmpdir(), `campus-desk-classes-bench-${scale}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const config = { ...loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }) };
  const opened = openDatabase(config);
  await migrate(opened.db, RESOURCES);
  if (await isEmpty(opened.db)) await seedDemo(opened.db);
  await opened.close();
  fillCheckIns(path.join(dataDir, 'campus-desk.db'), scale, log);

  const child = fork(path.join(HERE, 'api-bench-server.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_DATA_DIR: dataDir }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`压测服务进程退出 (${code})`)));
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const call = async <T>(headers: Record<string, string>, p: string, body?: unknown): Promise<T> => {
    const res = await request(agent, port, p, headers, body === undefined ? undefined : JSON.stringify(body));
    const parsed = JSON.parse(res.text) as { code: number; msg: string; data: T };
    if (parsed.code !== 200) throw new Error(`${p}: ${parsed.msg}`);
    return parsed.data;
  };
  try {
    const login = await call<{ token: string; login_id: string; domain: string }>({}, '/api/v1/sso/login', { login_id: 'admin', password: 'admin123' });
    const admin = { token: login.token, authorization: bearerOf(login.login_id, login.token, login.domain) };
    const school = (await call<{ content: { id: number }[] }>(admin, '/api/v1/base_otm_classroom/page?rows=1')).content.length; // warms the routes
    void school;
    const schools = await (async () => {
      const raw = new Sqlite(path.join(dataDir, 'campus-desk.db'), { readonly: true });
      const ids = (raw.prepare("select id from organisations where kind = 'school' order by id").all() as { id: number }[]).map((r) => r.id);
      raw.close();
      return ids;
    })();
    const stamp = Date.now().toString(36);
    const term = await call<{ id: number }>(admin, '/api/v1/prod_class_type/add', { name: `压测学期班型${stamp}`, lesson_count: 1000, hours_per_lesson: 1 });
    // Each run arranges a fresh half year ahead of the last, so the timetable keeps growing but never clashes with itself.
    const start = new Date(Date.UTC(2030 + Math.floor(Math.random() * 60), 0, 1)).toISOString().slice(0, 10);
    const end = `${start.slice(0, 4)}-06-30`;
    const slots = [1, 3, 5].map((d) => ({ week_day: d, start_time: '09:00', end_time: '10:30' }));
    const rooms: number[] = [];
    const teachers: number[] = [];
    const raw = new Sqlite(path.join(dataDir, 'campus-desk.db'));
    const insUser = raw.prepare("insert into users (login_id, name, password_hash, state, failed_count, must_change_password, domain, del_flag, created_at, updated_at) values (?, ?, 'x', 1, 0, 0, 'default', 0, ?, ?)");
    raw.transaction(() => {
      for (let i = 0; i < 101; i++) teachers.push(Number(insUser.run(`bench_t_${stamp}_${i}`, `压测老师${i + 1}`, nowText(), nowText()).lastInsertRowid));
    })();
    raw.close();
    for (let i = 0; i < 101; i++) rooms.push((await call<{ id: number }>(admin, '/api/v1/base_otm_classroom/add', { school_id: schools[0], name: `压测教室${i + 1}`, capacity: 30 })).id);
    const newClass = async (i: number) =>
      (await call<{ id: number }>(admin, '/api/v1/base_class_manage/add', { school_id: schools[0], name: `压测排课班${stamp}-${i}`, class_type_id: term.id, head_teacher_id: teachers[i], classroom_id: rooms[i], capacity: 30 })).id;

    const one = await newClass(100);
    let t0 = performance.now();
    const termRes = await call<{ count: number }>(admin, '/api/v1/edu_class_schedule/arrange_schedule', { class_id: one, date_start: start, date_end: end, slots });
    const termMs = performance.now() - t0;
    log(`一个班一个学期：${termRes.count} 次课，${termMs.toFixed(0)} ms`);

    const ids: number[] = [];
    for (let i = 0; i < 100; i++) ids.push(await newClass(i));
    let campusLessons = 0;
    t0 = performance.now();
    for (const id of ids) campusLessons += (await call<{ count: number }>(admin, '/api/v1/edu_class_schedule/arrange_schedule', { class_id: id, date_start: start, date_end: end, slots })).count;
    const campusMs = performance.now() - t0;
    log(`整个校区 100 个班：${campusLessons} 次课，${(campusMs / 1000).toFixed(2)} s`);

    // The check-in list of a campus principal (two campuses in scope): one mark, a date range, newest first.
    const plogin = await call<{ token: string; login_id: string; domain: string }>({}, '/api/v1/sso/login', { login_id: 'principal', password: 'demo123' });
    const headers = { token: plogin.token, authorization: bearerOf(plogin.login_id, plogin.token, plogin.domain) };
    const pathOf = (i: number) => `/api/v1/edu_check_in/page?page=${(i % 50) + 1}&rows=20&mark=present&lesson_date_start=2023-01-01&lesson_date_end=2025-12-31&sort=lesson_date%20desc`;
    const first = await call<{ totalSize: number; content: unknown[] }>(headers, pathOf(0));
    log(`签到列表：GET ${pathOf(0)} → totalSize ${first.totalSize}`);
    for (let i = 0; i < 100; i++) await request(agent, port, pathOf(i), headers);
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const i = next++;
          const s = performance.now();
          const res = await request(agent, port, pathOf(i), headers);
          latencies.push(performance.now() - s);
          if (res.status !== 200 || !res.text.startsWith('{"code":200')) errors++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const result: ClassesBenchResult = {
      scale,
      termLessons: termRes.count,
      termMs,
      campusClasses: 100,
      campusLessons,
      campusMs,
      pageRequests: latencies.length,
      pageErrors: errors,
      pageMedianMs: percentile(latencies, 50),
      pageP99Ms: percentile(latencies, 99),
      pageRps: latencies.length / elapsed,
      totalSize: first.totalSize,
    };
    log(`签到列表（${scale.toLocaleString('en')} 行，${concurrency} 并发，${seconds}s）：${result.pageRequests} 次，p50 ${result.pageMedianMs.toFixed(2)} ms，p99 ${result.pageP99Ms.toFixed(2)} ms，${result.pageRps.toFixed(0)} 次/秒，${errors} 个错误`);
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
  runClassesBench({ scale: argOf('scale'), seconds: argOf('seconds'), concurrency: argOf('concurrency') }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

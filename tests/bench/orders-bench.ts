/**
 * Orders bench (issue 15, "Figures"): on a SQLite database of ORDERS_BENCH_ORDERS orders (default
 * 3,000,000) and ten consumption entries per order (30,000,000; ORDERS_BENCH_CONSUMPTIONS to
 * change), built by orders-bench-db.ts and reused:
 *
 * - `order_form/page`, form-encoded as the order screens send it, through the real server over
 *   loopback as a principal (two campuses in scope): the screens' typical filters (all orders, the
 *   audited ones 3,4,5, audited in the last three months, renewals in progress), pages 1-5 of 20
 *   rows; one client (latency) and 4 concurrent clients (throughput); and the same requests right
 *   after another user's write to order_form (the exact count taken again);
 * - one check-in posting its consumption (`check_in`, the front desk): a student of a lesson today
 *   with hours left on several contract lines, each check-in a new one;
 * - `npm run ledger:check` over the whole database in its own process: time and peak memory.
 *
 *   npm run bench -- --only orders                          (the issue's scale: builds once, long)
 *   ORDERS_BENCH_ORDERS=30000 npm run bench -- --only orders    (a small run)
 *   ORDERS_BENCH_SKIP_LEDGER_CHECK=1 npm run bench -- --only orders   (without ledger:check: many minutes at this scale)
 *   ORDERS_BENCH_CHECK_IN_ONLY=1 npx tsx tests/bench/orders-bench.ts  (the check-ins alone; ORDERS_BENCH_CHECK_INS students, default 320)
 *
 * BENCH_SERVER_NODE_ARGS adds Node options to the server process (`--cpu-prof --cpu-prof-dir=.tmp/prof`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { execFile, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { bearerOf } from '../../src/contract/session';
import { nowText, todayText } from '../../server/lib/time';
import { percentile } from './percentile';
import { ordersBenchDatabase, type OrdersBenchDb } from './orders-bench-db';
import { forkBenchServer, pageCacheResidency } from './bench-http';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');

export interface Timing {
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** the server process's CPU per request (user + system, µs): what the request costs whatever the machine's load */
  serverCpuUs?: number;
}

export interface OrdersBenchResult {
  db: OrdersBenchDb;
  /** rows the principal's audited-orders list counts */
  listTotal: number;
  list: Timing;
  listConcurrent: Timing & { rps: number; clients: number };
  listAfterWrite: Timing;
  checkIn: Timing;
  /** the check-ins right after the warming ones, while the server's code is still optimised */
  checkInEarly: Timing;
  ledgerCheck: { seconds: number; peakMb: number; violations: number; output: string };
  /** the machine's 1-minute load average at each step (2 cores shared with other work) */
  loadAverage: { list: number; checkIn: number; ledgerCheck: number };
}

function post(agent: http.Agent, port: number, p: string, headers: Record<string, string>, body: string, type: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, method: 'POST', agent, headers: { ...headers, 'content-type': type, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function timing(ms: number[], errors: number): Timing {
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), requests: ms.length, errors };
}

/** CPU time (ms) a process has used so far, from /proc (Linux; clock ticks of 10 ms, so measured over many requests). */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined || !fs.existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const okAnswer = (r: { status: number; text: string }): boolean => r.status === 200 && r.text.startsWith('{"code":200');

/** The order screens' lists (src/features/orders): all, 已审核 (3,4,5) with and without a date range, 续费 in progress. */
function listForms(today: string): string[] {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 90 * 86_400_000).toISOString().slice(0, 10);
  const shapes = ['', 'state=3%2C4%2C5', `state=3%2C4%2C5&order_date_start=${from}&order_date_end=${today}`, 'state=5&if_first_sign=2'];
  const forms: string[] = [];
  for (let page = 1; page <= 5; page++) for (const s of shapes) forms.push(`${s ? `${s}&` : ''}page=${page}&rows=20`);
  return forms;
}

/** Students of one campus with hours left on a class type (several contract lines each), and a lesson today for them. */
function lessonToday(file: string, schoolId: number, students: number): { scheduleIds: number[]; pairs: { schedule: number; student: number }[] } {
  const raw = new Sqlite(file);
  try {
    const today = todayText();
    // the class type with the most such students not checked in today yet (each run checks in new ones: several runs a day move on to the next class type)
    const ct = raw
      .prepare(
        `select l.class_type_id as id from order_contract_line l where l.school_id = ? and l.active = 1 and l.remaining_hours >= 200 and l.order_id is not null and l.end_date >= ?
         and not exists (select 1 from edu_check_in c where c.student_id = l.student_id and c.lesson_date = ?)
         group by l.class_type_id order by count(*) desc limit 1`,
      )
      .get(schoolId, today, today) as { id: number };
    const picked = raw
      .prepare(
        `select l.student_id as id from order_contract_line l where l.school_id = ? and l.class_type_id = ? and l.active = 1 and l.remaining_hours >= 200 and l.end_date >= ?
         and not exists (select 1 from edu_check_in c where c.student_id = l.student_id and c.lesson_date = ?)
         group by l.student_id order by random() limit ?`,
      )
      .all(schoolId, ct.id, today, today, students) as { id: number }[];
    const now = nowText();
    const classId = Number(raw.prepare("insert into base_class_manage (name, class_type_id, capacity, state, is_warm_up, del_flag, school_id, remark, created_at, updated_at) values (?, ?, 20, 2, 0, 0, ?, 'bench', ?, ?)").run(`压测消课班${Date.now().toString(36)}`, ct.id, schoolId, now, now).lastInsertRowid);
    const insLesson = raw.prepare("insert into edu_class_schedule (school_id, class_id, class_type_id, lesson_date, start_time, end_time, hours, state, created_at, updated_at) values (?, ?, ?, ?, '00:00', '23:59', 2, 1, ?, ?)");
    const insOnList = raw.prepare('insert into edu_class_schedule_student (school_id, schedule_id, student_id, class_id, lesson_date, is_makeup, created_at, updated_at) values (?, ?, ?, ?, ?, 0, ?, ?)');
    const scheduleIds: number[] = [];
    const pairs: { schedule: number; student: number }[] = [];
    raw.transaction(() => {
      for (let i = 0; i < picked.length; i++) {
        if (i % 10 === 0) scheduleIds.push(Number(insLesson.run(schoolId, classId, ct.id, today, now, now).lastInsertRowid));
        const schedule = scheduleIds[scheduleIds.length - 1];
        insOnList.run(schoolId, schedule, picked[i].id, classId, today, now, now);
        pairs.push({ schedule, student: picked[i].id });
      }
    })();
    return { scheduleIds, pairs };
  } finally {
    raw.close();
  }
}

/** `npm run ledger:check` on the bench database in its own process: wall time, peak memory (GNU time). */
function runLedgerCheck(dataDir: string): Promise<{ seconds: number; peakMb: number; violations: number; output: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    execFile(
      '/usr/bin/time',
      ['-f', 'peak-rss-kb %M', process.execPath, '--import', 'tsx', path.join(ROOT, 'server/ledger-check-cli.ts')],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const seconds = (performance.now() - started) / 1000;
        const peak = /peak-rss-kb (\d+)/.exec(stderr);
        if (!peak) return reject(err ?? new Error(`账本检查没有输出内存峰值：${stderr}`));
        const lines = stdout.trim().split('\n');
        resolve({ seconds, peakMb: Math.round(Number(peak[1]) / 1024), violations: lines.filter((l) => l.startsWith('[')).length, output: lines[lines.length - 1] ?? '' });
      },
    );
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (!child.connected) return;
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
}

async function signIn(agent: http.Agent, port: number, loginId: string, password: string): Promise<Record<string, string>> {
  const r = await post(agent, port, '/api/v1/sso/login', {}, JSON.stringify({ login_id: loginId, password }), 'application/json');
  const parsed = JSON.parse(r.text) as { code: number; msg: string; data: { token: string; login_id: string; domain: string } };
  if (parsed.code !== 200) throw new Error(`登录 ${loginId}：${parsed.msg}`);
  return { token: parsed.data.token, authorization: bearerOf(parsed.data.login_id, parsed.data.token, parsed.data.domain) };
}

/** Check-ins warming the statements, left out of every figure. */
export const CHECK_IN_WARMING = 20;
/** Check-ins after those, while the server's code is still being optimised: reported apart. */
const CHECK_IN_EARLY = 100;

/**
 * Check-ins of the front desk (广州天河), each posting a consumption on the ledger: `students` of them.
 * The first 20 warm the statements; the next 100 are the server's first hundred, while V8 still
 * optimises the path, reported apart as `early`; the figure is the rest, a server that has been
 * running. A campus's students can be checked in once a day, so a second measurement on the same
 * day takes another campus:
 * ORDERS_BENCH_CHECK_IN_CAMPUS=<code> (e.g. SZ-NS), checked in by the administrator (the demo's
 * front desk is 广州天河's).
 */
async function timeCheckIns(
  agent: http.Agent,
  port: number,
  file: string,
  pid: number | undefined,
  log: (l: string) => void,
  students = 320,
): Promise<{ timing: Timing; early: Timing; loadAverage: number }> {
  const code = process.env.ORDERS_BENCH_CHECK_IN_CAMPUS ?? 'GZ-TH';
  const campus = (() => {
    const raw = new Sqlite(file, { readonly: true });
    const row = raw.prepare('select id from organisations where code = ?').get(code) as { id: number } | undefined;
    raw.close();
    if (!row) throw new Error(`压测库中没有校区 ${code}`);
    return row.id;
  })();
  const steadyFrom = CHECK_IN_WARMING + CHECK_IN_EARLY;
  const lesson = lessonToday(file, campus, students);
  // refused before any check-in: the students checked in would be used up for today
  if (lesson.pairs.length < steadyFrom + 50) throw new Error(`校区 ${code} 今天可签到的学员只有 ${lesson.pairs.length} 名，稳态至少要 ${steadyFrom + 50} 名：换一个校区（ORDERS_BENCH_CHECK_IN_CAMPUS）`);
  // signed in after picking the students: that read can outlast the server's keep-alive, and the
  // sign-in's idle socket was then reused after the server had closed it (socket hang up)
  const desk = code === 'GZ-TH' ? await signIn(agent, port, 'front_desk', 'demo123') : await signIn(agent, port, 'admin', 'admin123');
  const loadAverage = os.loadavg()[0];
  const cached = pageCacheResidency(file);
  const ms: number[] = [];
  // the server's CPU when the early and the steady check-ins start, and at the end
  const cpuAt: number[] = [];
  let postErrors = 0;
  for (const [i, p] of lesson.pairs.entries()) {
    if (i === CHECK_IN_WARMING || i === steadyFrom) cpuAt.push(cpuMsOf(pid));
    const t = performance.now();
    const r = await post(agent, port, '/api/v1/check_in', desk, JSON.stringify({ schedule_id: p.schedule, student_id: p.student, mark: 'present' }), 'application/json');
    ms.push(performance.now() - t);
    if (!okAnswer(r)) {
      postErrors++;
      if (postErrors === 1) log(`签到失败：${r.text.slice(0, 200)}`);
    }
  }
  cpuAt.push(cpuMsOf(pid));
  const early = ms.slice(CHECK_IN_WARMING, steadyFrom);
  const steady = ms.slice(steadyFrom);
  const earlyTiming = { ...timing(early, 0), serverCpuUs: ((cpuAt[1] - cpuAt[0]) * 1000) / early.length };
  const checkIn = { ...timing(steady, postErrors), serverCpuUs: ((cpuAt[2] - cpuAt[1]) * 1000) / steady.length };
  if (cached) log(`数据库文件在页缓存中：${cached}（签到开始时；未缓存的页第一次读要走磁盘）`);
  log(`签到并消课（${lesson.pairs.length} 名学员）：前 ${early.length} 次 p50 ${earlyTiming.p50.toFixed(2)} ms，服务进程 CPU ${Math.round(earlyTiming.serverCpuUs)} µs/次；`);
  log(`  其后 ${steady.length} 次（稳态）p50 ${checkIn.p50.toFixed(2)} ms，p99 ${checkIn.p99.toFixed(2)} ms，服务进程 CPU ${Math.round(checkIn.serverCpuUs)} µs/次，${postErrors} 个错误`);
  return { timing: checkIn, early: earlyTiming, loadAverage };
}

/**
 * The check-in part alone, on the bench database (built or reused as runOrdersBench does): a quick
 * measurement of `check_in` without the lists and the long ledger:check.
 *
 *   ORDERS_BENCH_CHECK_IN_ONLY=1 npx tsx tests/bench/orders-bench.ts     (ORDERS_BENCH_CHECK_INS students, default 320)
 */
export async function runCheckInBench(options: { orders?: number; consumptions?: number; students?: number; log?: (l: string) => void } = {}): Promise<{ checkIn: Timing; early: Timing; loadAverage: number }> {
  const orders = options.orders ?? Number(process.env.ORDERS_BENCH_ORDERS ?? 3_000_000);
  const consumptions = options.consumptions ?? Number(process.env.ORDERS_BENCH_CONSUMPTIONS ?? orders * 10);
  const students = options.students ?? Number(process.env.ORDERS_BENCH_CHECK_INS ?? 320);
  const log = options.log ?? ((l: string) => console.log(l));
  const db = await ordersBenchDatabase(orders, consumptions, log);
  const { child, port } = await forkBenchServer(db.dataDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  try {
    const r = await timeCheckIns(agent, port, path.join(db.dataDir, 'campus-desk.db'), child.pid, log, students);
    return { checkIn: r.timing, early: r.early, loadAverage: r.loadAverage };
  } finally {
    agent.destroy();
    await stopServer(child);
  }
}

export async function runOrdersBench(options: { orders?: number; consumptions?: number; seconds?: number; log?: (l: string) => void } = {}): Promise<OrdersBenchResult> {
  const orders = options.orders ?? Number(process.env.ORDERS_BENCH_ORDERS ?? 3_000_000);
  const consumptions = options.consumptions ?? Number(process.env.ORDERS_BENCH_CONSUMPTIONS ?? orders * 10);
  const seconds = options.seconds ?? 10;
  const log = options.log ?? ((l: string) => console.log(l));
  const db = await ordersBenchDatabase(orders, consumptions, log);
  const file = path.join(db.dataDir, 'campus-desk.db');
  log(`压测库：${db.orders.toLocaleString('en')} 个订单，${db.lines.toLocaleString('en')} 条合同课时，${db.consumptions.toLocaleString('en')} 条消课（课时账 ${db.hoursRows.toLocaleString('en')} 行，金额账 ${db.moneyRows.toLocaleString('en')} 行），${(db.fileBytes / 1024 ** 3).toFixed(1)} GB${db.buildSeconds ? `，生成 ${Math.round(db.buildSeconds)} s` : '（复用）'}`);

  const { child, port } = await forkBenchServer(db.dataDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const login = (loginId: string, password: string): Promise<Record<string, string>> => signIn(agent, port, loginId, password);
  const FORM = 'application/x-www-form-urlencoded';
  const PAGE = '/api/v1/order_form/page';
  try {
    const principal = await login('principal', 'demo123');
    const forms = listForms(todayText());
    const first = JSON.parse((await post(agent, port, PAGE, principal, forms[1], FORM)).text) as { code: number; msg: string; data: { totalSize: number } };
    if (first.code !== 200) throw new Error(`${PAGE}: ${first.msg}`);
    log(`订单列表（校长，两个校区）：POST ${PAGE} ${forms[1]} → totalSize ${first.data.totalSize}`);
    for (const f of forms) await post(agent, port, PAGE, principal, f, FORM); // warm: plans and counts

    // one client: each request's own latency
    const loadList = os.loadavg()[0];
    const one: number[] = [];
    let oneErrors = 0;
    const listCpu0 = cpuMsOf(child.pid);
    for (let i = 0; i < 400; i++) {
      const t = performance.now();
      const r = await post(agent, port, PAGE, principal, forms[i % forms.length], FORM);
      one.push(performance.now() - t);
      if (!okAnswer(r)) oneErrors++;
    }
    const list = { ...timing(one, oneErrors), serverCpuUs: ((cpuMsOf(child.pid) - listCpu0) * 1000) / one.length };
    log(`订单列表单客户端：p50 ${list.p50.toFixed(2)} ms，p99 ${list.p99.toFixed(2)} ms，服务进程 CPU ${Math.round(list.serverCpuUs)} µs/次`);

    // 4 clients for `seconds`: throughput
    const clients = 4;
    const many: number[] = [];
    let manyErrors = 0;
    let next = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) {
          const f = forms[next++ % forms.length];
          const t = performance.now();
          const r = await post(agent, port, PAGE, principal, f, FORM);
          many.push(performance.now() - t);
          if (!okAnswer(r)) manyErrors++;
        }
      }),
    );
    const listConcurrent = { ...timing(many, manyErrors), rps: many.length / ((performance.now() - started) / 1000), clients };
    log(`订单列表 ${clients} 并发 ${seconds}s：${listConcurrent.requests} 次，p50 ${listConcurrent.p50.toFixed(2)} ms，p99 ${listConcurrent.p99.toFixed(2)} ms，${listConcurrent.rps.toFixed(0)} 次/秒`);

    // after another user's write to order_form: the count is taken again (its cache keys on the table's write counter)
    const writer = new Sqlite(file);
    const bump = writer.prepare("update table_versions set version = version + 1 where name = 'order_form'");
    const after: number[] = [];
    let afterErrors = 0;
    const afterCpu0 = cpuMsOf(child.pid);
    for (let i = 0; i < 60; i++) {
      bump.run();
      const t = performance.now();
      const r = await post(agent, port, PAGE, principal, forms[i % forms.length], FORM);
      after.push(performance.now() - t);
      if (!okAnswer(r)) afterErrors++;
    }
    writer.close();
    const listAfterWrite = { ...timing(after, afterErrors), serverCpuUs: ((cpuMsOf(child.pid) - afterCpu0) * 1000) / after.length };
    log(`订单列表（刚有写入，重新计数）：p50 ${listAfterWrite.p50.toFixed(2)} ms，p99 ${listAfterWrite.p99.toFixed(2)} ms，服务进程 CPU ${Math.round(listAfterWrite.serverCpuUs)} µs/次`);

    const checkIn = await timeCheckIns(agent, port, file, child.pid, log);
    const loadCheckIn = checkIn.loadAverage;

    agent.destroy();
    child.send('stop');
    await new Promise((r) => child.once('exit', r));

    const loadCheck = os.loadavg()[0];
    let ledgerCheck = { seconds: Number.NaN, peakMb: Number.NaN, violations: Number.NaN, output: 'skipped (ORDERS_BENCH_SKIP_LEDGER_CHECK)' };
    if (process.env.ORDERS_BENCH_SKIP_LEDGER_CHECK) log('npm run ledger:check 跳过（ORDERS_BENCH_SKIP_LEDGER_CHECK）');
    else {
      log('npm run ledger:check …');
      ledgerCheck = await runLedgerCheck(db.dataDir);
      log(`账本检查：${ledgerCheck.seconds.toFixed(1)} s，内存峰值 ${ledgerCheck.peakMb} MB，${ledgerCheck.violations} 处不一致（${ledgerCheck.output}）`);
    }
    return { db, listTotal: first.data.totalSize, list, listConcurrent, listAfterWrite, checkIn: checkIn.timing, checkInEarly: checkIn.early, ledgerCheck, loadAverage: { list: loadList, checkIn: loadCheckIn, ledgerCheck: Math.max(loadCheck, os.loadavg()[0]) } };
  } finally {
    agent.destroy();
    if (child.connected) {
      child.send('stop');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  (process.env.ORDERS_BENCH_CHECK_IN_ONLY ? runCheckInBench() : runOrdersBench()).then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

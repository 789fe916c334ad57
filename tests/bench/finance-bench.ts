/**
 * Finance bench (issue 16's figures): the account flow page of one student and of one campus-day,
 * the monthly finance report (fin_report/monthly) of one city and of one campus, the dashboard,
 * and the reconciliation of one campus-day of 2,000 channel flows, through the real app
 * in-process (the full request: session, read permission, scope, the work), on a SQLite database
 * with 10,000,000 account flows and 2,000,000 receipts; then 100 parallel payments out of one
 * account over HTTP to the real server (account-payments-bench.ts).
 *
 *   npx tsx tests/bench/finance-bench.ts          or   npm run bench -- --only finance
 *   FIN_BENCH_FLOWS=1000000 npm run bench -- --only finance      (a smaller, quicker scale)
 *
 * Data (built once per scale under .tmp/bench/campus-desk-finance-bench-<flows>, reused): the demo
 * organisation plus 10 bench cities of 5 campuses each (59 campuses with the demo ones), one student per 50 flows
 * spread over the campuses, each student's flows spread evenly over 36 months (2023-01…2025-12),
 * and one receipt per 5 flows. The measured city is a bench city (5 of 59 campuses).
 */
import fs from 'node:fs';
import os from 'node:os';
import { benchCacheDir } from './bench-cache';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { isEmpty, seedDemo } from '../../server/db/seed';
import { createApp } from '../../server/app';
import { RESOURCES } from '../../src/contract/resources';
import { bearerOf } from '../../src/contract/session';
import { nowText } from '../../server/lib/time';
import { percentile } from './percentile';
import { withIndexesRebuilt } from './bulk-load';
import { RECON_DAY, RECON_FLOWS, addReconciliationDay } from './finance-recon-bench-data';
import { concurrentPayments, type PaymentsFigures } from './account-payments-bench';

interface Timing {
  p50: number;
  p99: number;
}

export interface FinanceBenchResult {
  flows: number;
  receipts: number;
  /** fin_stu_account_flow/page of one student (its flows) and of one campus-day */
  studentFlows: Timing & { rows: number };
  campusDayFlows: Timing & { rows: number };
  /** fin_reconciliation_records/reconciliation of the reconciliation day (RECON_FLOWS flows) */
  reconciliation: Timing & { flows: number; matched: number; differences: number; runs: number };
  payments: PaymentsFigures;
  cityFlowsInMonth: number;
  cityReceiptsInMonth: number;
  city: { p50: number; p99: number };
  campus: { p50: number; p99: number };
  dashboard: { p50: number; p99: number };
  reportNet: number;
  /** the machine's 1-minute load average when measured (2 cores shared with other work) */
  loadAverage: number;
}

const BASE = Date.UTC(2023, 0, 1) - 8 * 3600_000; // Shanghai midnight of 2023-01-01
const SPAN_MS = Date.UTC(2026, 0, 1) - Date.UTC(2023, 0, 1);
const METHODS = ['cash', 'wechat', 'alipay', 'pos', 'transfer', 'account'];

function shanghai(ms: number): string {
  return nowText(ms);
}

function fill(file: string, flows: number, log: (l: string) => void): void {
  const raw = new Sqlite(file);
  raw.pragma('synchronous = OFF');
  raw.pragma('journal_mode = WAL');
  const have = (raw.prepare("select count(*) as n from fin_stu_account_flow where ref_type = 'bench'").get() as { n: number }).n;
  if (have >= flows) {
    raw.close();
    return;
  }
  if (have > 0) throw new Error('压测库不完整，请删除后重建：' + file);
  withIndexesRebuilt(raw, ['fin_stu_account_flow', 'fin_stu_account_receipts'], log, () => load(raw, flows, log));
  raw.close();
}

function load(raw: Sqlite.Database, flows: number, log: (l: string) => void): void {
  const now = nowText();
  const head = (raw.prepare("select id, inheritance from organisations where kind = 'head' order by id limit 1").get() as { id: number; inheritance: string }) ?? { id: 0, inheritance: '|' };
  const insOrg = raw.prepare('insert into organisations (name, code, parent_id, inheritance, kind, order_num, state, del_flag, created_at, updated_at) values (?, ?, ?, ?, ?, 100, 1, 0, ?, ?)');
  const campuses: number[] = [];
  raw.transaction(() => {
    for (let c = 0; c < 10; c++) {
      const city = Number(insOrg.run(`压测分公司${c + 1}`, `BENCH-${c + 1}`, head.id, `${head.inheritance}${head.id}|`, 'city', now, now).lastInsertRowid);
      for (let k = 0; k < 5; k++) campuses.push(Number(insOrg.run(`压测校区${c + 1}-${k + 1}`, `BENCH-${c + 1}-${k + 1}`, city, `${head.inheritance}${head.id}|${city}|`, 'school', now, now).lastInsertRowid));
    }
  })();
  const schools = (raw.prepare("select id from organisations where kind = 'school' and del_flag = 0 order by id").all() as { id: number }[]).map((r) => r.id);
  const students = Math.max(1, Math.floor(flows / 50));
  log(`写入 ${students.toLocaleString('en')} 名压测学员（${schools.length} 个校区）…`);
  const insStudent = raw.prepare("insert into student (name, gender, parent_phone, state, school_id, del_flag, remark, created_at, updated_at) values (?, 1, ?, 1, ?, 0, 'bench', ?, ?)");
  const firstId = raw.transaction(() => {
    let first = 0;
    for (let i = 0; i < students; i++) {
      const id = Number(insStudent.run(`压测学员${i + 1}`, `138${String(10000000 + i).slice(-8)}`, schools[i % schools.length], now, now).lastInsertRowid);
      if (i === 0) first = id;
    }
    return first;
  })();
  log(`写入 ${flows.toLocaleString('en')} 条储值流水、${Math.floor(flows / 5).toLocaleString('en')} 张收据 …`);
  const insFlow = raw.prepare("insert into fin_stu_account_flow (account_key, seq, amount, balance_after, biz_type, ref_type, ref_id, reverses_id, reason, created_by, created_at, school_id) values (?, ?, ?, ?, ?, 'bench', null, null, null, null, ?, ?)");
  const insReceipt = raw.prepare(
    "insert into fin_stu_account_receipts (receipt_no, school_id, student_id, student_name, operator_name, kind, amount, pay_method, state, biz_date, ref_type, created_at, updated_at) values (?, ?, ?, ?, '压测', ?, ?, ?, 1, ?, 'bench', ?, ?)",
  );
  const perStudent = Math.ceil(flows / students);
  const step = Math.floor(SPAN_MS / perStudent);
  let written = 0;
  let receipts = 0;
  const t0 = performance.now();
  const batch = raw.transaction((from: number, to: number) => {
    for (let s = from; s < to && written < flows; s++) {
      const id = firstId + s;
      const school = schools[s % schools.length];
      let balance = 0;
      for (let k = 0; k < perStudent && written < flows; k++) {
        // each student's rows a step apart, the students shifted evenly within a step: every month gets its share
        const at = BASE + k * step + ((s * 2_654_435_761) % step);
        const deposit = k % 2 === 0;
        const amount = deposit ? 50_000 + (s % 13) * 100 : -30_000;
        balance += amount;
        insFlow.run(`student:${id}`, k + 1, amount, balance, deposit ? 'deposit' : 'payment', shanghai(at), school);
        written++;
        if ((k + s) % 5 === 4) {
          receipts++;
          const kind = receipts % 20 === 0 ? 2 : 1;
          const amt = kind === 2 ? -(10_000 + (s % 9) * 100) : 50_000 + (s % 13) * 100;
          insReceipt.run(`BSJ-${receipts}`, school, id, `压测学员${s + 1}`, kind, amt, METHODS[receipts % METHODS.length], shanghai(at).slice(0, 10), now, now);
        }
      }
    }
  });
  for (let s = 0; s < students; s += 20_000) {
    batch(s, Math.min(students, s + 20_000));
    log(`  … ${written.toLocaleString('en')} 条流水（${((performance.now() - t0) / 1000).toFixed(0)} s）`);
  }
}

export async function runFinanceBench(options: { flows?: number; runs?: number; log?: (l: string) => void } = {}): Promise<FinanceBenchResult> {
  const flows = options.flows ?? Number(process.env.FIN_BENCH_FLOWS ?? 10_000_000);
  const runs = options.runs ?? 40;
  const log = options.log ?? ((l: string) => console.log(l));
  const dataDir = path.join(benchCacheDir(), `campus-desk-finance-bench-${flows}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const config = { ...loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }) };
  {
    const opened = openDatabase(config);
    await migrate(opened.db, RESOURCES);
    if (await isEmpty(opened.db)) await seedDemo(opened.db);
    await opened.close();
  }
  const file = path.join(dataDir, 'campus-desk.db');
  fill(file, flows, log);
  {
    const writable = new Sqlite(file);
    const reconCampus = writable.prepare("select id from organisations where code = 'BENCH-1-2'").get() as { id: number };
    addReconciliationDay(writable, reconCampus.id);
    writable.close();
  }

  const raw = new Sqlite(file, { readonly: true });
  const city = raw.prepare("select id from organisations where code = 'BENCH-1'").get() as { id: number };
  const campus = raw.prepare("select id from organisations where code = 'BENCH-1-1'").get() as { id: number };
  const reconCampus = raw.prepare("select id from organisations where code = 'BENCH-1-2'").get() as { id: number };
  // a bench student of the campus, with its 50 flows; the campus-day is an ordinary day of it
  const student = raw.prepare("select id from student where school_id = ? and remark = 'bench' order by id limit 1").get(campus.id) as { id: number };
  const flowDay = '2025-06-17';
  const receipts = (raw.prepare('select count(*) as n from fin_stu_account_receipts').get() as { n: number }).n;
  const cityCampuses = (raw.prepare('select id from organisations where parent_id = ?').all(city.id) as { id: number }[]).map((r) => r.id);
  const inList = cityCampuses.join(',');
  const cityReceiptsInMonth = (raw.prepare(`select count(*) as n from fin_stu_account_receipts where school_id in (${inList}) and biz_date between '2025-06-01' and '2025-06-30'`).get() as { n: number }).n;
  const cityFlowsInMonth = (
    raw.prepare(`select count(*) as n from fin_stu_account_flow f join student s on s.id = f.student_id where s.school_id in (${inList}) and f.created_at >= '2025-06-01 00:00:00' and f.created_at < '2025-07-01 00:00:00'`).get() as { n: number }
  ).n;
  raw.close();

  const opened = openDatabase(config);
  const app = createApp({ db: opened.db, dialect: opened.dialect, config });
  const fetchJson = async <T>(p: string, headers: Record<string, string>, body?: unknown): Promise<T> => {
    const res = await app.fetch(new Request(`http://bench${p}`, { method: body ? 'POST' : 'GET', headers: body ? { ...headers, 'content-type': 'application/json' } : headers, body: body ? JSON.stringify(body) : undefined }));
    const parsed = (await res.json()) as { code: number; msg: string; data: T };
    if (parsed.code !== 200) throw new Error(`${p}: ${parsed.msg}`);
    return parsed.data;
  };
  const login = await fetchJson<{ token: string; login_id: string; domain: string }>('/api/v1/sso/login', {}, { login_id: 'finance', password: 'demo123' });
  const headers = { token: login.token, authorization: bearerOf(login.login_id, login.token, login.domain) };
  const time = async (p: string): Promise<Timing & { net: number }> => {
    let net = 0;
    for (let i = 0; i < 3; i++) net = (await fetchJson<{ totals?: { net: number } }>(p, headers)).totals?.net ?? 0;
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await fetchJson(p, headers);
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return { p50: percentile(ms, 50), p99: percentile(ms, 99), net };
  };
  const pageTime = async (p: string): Promise<Timing & { rows: number }> => {
    const first = await fetchJson<{ totalSize: number; content: unknown[] }>(p, headers);
    if (first.content.length === 0) throw new Error(`${p}: 没有流水`);
    const t = await time(p);
    return { p50: t.p50, p99: t.p99, rows: first.totalSize };
  };
  let closed = false;
  try {
    const studentFlows = await pageTime(`/api/v1/fin_stu_account_flow/page?student_id=${student.id}&page=1&rows=20`);
    log(`一名学员的储值流水（${studentFlows.rows} 条）第一页：p50 ${studentFlows.p50.toFixed(2)} ms，p99 ${studentFlows.p99.toFixed(2)} ms`);
    const campusDayFlows = await pageTime(`/api/v1/fin_stu_account_flow/page?school_id=${campus.id}&start_date=${flowDay}&end_date=${flowDay}&page=1&rows=20`);
    log(`一个校区一天的储值流水（${campusDayFlows.rows} 条）第一页：p50 ${campusDayFlows.p50.toFixed(2)} ms，p99 ${campusDayFlows.p99.toFixed(2)} ms`);
    const reconRuns = 7;
    const reconMs: number[] = [];
    let recon = { matched_count: 0, diff_count: 0, flow_count: 0 };
    for (let i = 0; i < reconRuns; i++) {
      const t = performance.now();
      recon = await fetchJson<typeof recon>('/api/v1/fin_reconciliation_records/reconciliation', headers, { school_id: reconCampus.id, recon_date: RECON_DAY });
      reconMs.push(performance.now() - t);
    }
    reconMs.sort((a, b) => a - b);
    const reconciliation = { p50: percentile(reconMs, 50), p99: reconMs[reconMs.length - 1], flows: recon.flow_count, matched: recon.matched_count, differences: recon.diff_count, runs: reconRuns };
    log(`对账一个校区一天（${recon.flow_count} 条渠道流水，${recon.matched_count} 条匹配，${recon.diff_count} 条差异）：p50 ${reconciliation.p50.toFixed(0)} ms，最慢 ${reconciliation.p99.toFixed(0)} ms（${reconRuns} 次）`);
    if (recon.flow_count < RECON_FLOWS) throw new Error(`对账日流水不足 ${RECON_FLOWS} 条: ${recon.flow_count}`);
    const cityRes = await time(`/api/v1/fin_report/monthly?month=2025-06&org_id=${city.id}`);
    log(`一个城市（${cityCampuses.length} 个校区）2025-06 月报：流水 ${cityFlowsInMonth} 条、收据 ${cityReceiptsInMonth} 张，p50 ${cityRes.p50.toFixed(1)} ms，p99 ${cityRes.p99.toFixed(1)} ms`);
    const campusRes = await time(`/api/v1/fin_report/monthly?month=2025-06&org_id=${campus.id}`);
    const dash = await time(`/api/v1/fin_report/dashboard?org_id=${city.id}`);
    const loadAverage = os.loadavg()[0];
    // the payments go to a server of their own on the same file
    await opened.close();
    closed = true;
    const payments = await concurrentPayments(dataDir, campus.id);
    log(`同一账户并发 ${payments.parallel} 笔付款：成功 ${payments.succeeded}，余额不足 ${payments.refused - payments.otherErrors}，其他错误 ${payments.otherErrors}；余额 ${payments.finalBalance} 分（应为 ${payments.expectedBalance}，流水合计 ${payments.ledgerSum}），${payments.wallMs.toFixed(0)} ms`);
    return { flows, receipts, studentFlows, campusDayFlows, reconciliation, payments, cityFlowsInMonth, cityReceiptsInMonth, city: cityRes, campus: campusRes, dashboard: dash, reportNet: cityRes.net, loadAverage };
  } finally {
    if (!closed) await opened.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith('finance-bench.ts')) {
  void runFinanceBench().then((r) => console.log(JSON.stringify(r, null, 2)));
}

/**
 * Marketing bench (issue 14's figures): the lead list (mkt_resource/page, form-encoded, filtered by
 * campus, stage, owner and this month), the duplicate-phone check (check_phone_repeat) and the
 * funnel report of one city and one month, through the real app over loopback (session, operation
 * codes, scope, hooks), p50/p99 and requests/s; then the hourly recycle job over every lead, in
 * its own process (time and peak memory), rolled back so the database stays as built.
 *
 *   npx tsx tests/bench/marketing-bench.ts        or   npm run bench -- --only marketing
 *   MKT_BENCH_LEADS=200000 MKT_BENCH_RECORDS=1000000 npm run bench -- --only marketing
 *
 * Data (built once per scale under .tmp/bench-marketing-<leads>-<records>, reused): the demo
 * organisation plus 10 bench cities of 5 campuses, 10 telemarketers and 5 course consultants per
 * bench campus, the leads spread over the bench campuses and created over the last two years (a
 * lead older than the deal period is signed, invalid or in the public pool, as the hourly job
 * leaves them; one held lead in twenty is overdue for follow-up), and the call records spread
 * evenly over the leads.
 */
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { nowText } from '../../server/lib/time';
import { loadAverage, startBenchServer, type CallTiming } from './bench-http';
import { bulkPragmas, setAsideIndexes } from './bulk-fill';
import { seededBenchDatabase } from './seeded-bench-db';
import type { RecycleFigures } from './marketing-recycle';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DAY = 86_400_000;
const SPAN_DAYS = 730;
const BATCH = 20_000;

export interface MarketingBenchResult {
  leads: number;
  records: number;
  page: CallTiming & { totalSize: number };
  phone: CallTiming;
  funnel: CallTiming & { cityLeadsInMonth: number; month: string };
  recycle: RecycleFigures;
  loadAverage: number;
}

/** A cheap, well-spread hash of a row number (the data must look random but be the same every build). */
const mix = (i: number, salt: number): number => Math.abs(Math.imul(i ^ salt, 2_654_435_761) ^ (i >>> 7)) % 1_000_003;

interface Campus {
  id: number;
  tmks: { id: number; name: string }[];
  sellers: { id: number; name: string }[];
}

function fill(file: string, leads: number, records: number, log: (l: string) => void): void {
  const raw = new Sqlite(file);
  bulkPragmas(raw);
  const have = (raw.prepare("select count(*) as n from mkt_resource where remark = 'bench'").get() as { n: number }).n;
  if (have >= leads) {
    raw.close();
    return;
  }
  if (have > 0) throw new Error('压测库不完整，请删除后重建：' + file);
  const nowMs = Date.now();
  const now = nowText(nowMs);
  const head = raw.prepare("select id, inheritance from organisations where kind = 'head' order by id limit 1").get() as { id: number; inheritance: string };
  const insOrg = raw.prepare('insert into organisations (name, code, parent_id, inheritance, kind, order_num, state, del_flag, created_at, updated_at) values (?, ?, ?, ?, ?, 100, 1, 0, ?, ?)');
  const insUser = raw.prepare("insert into users (login_id, name, password_hash, state, failed_count, must_change_password, domain, del_flag, created_at, updated_at) values (?, ?, 'x', 1, 0, 0, 'default', 0, ?, ?)");
  const campuses: Campus[] = [];
  raw.transaction(() => {
    for (let c = 0; c < 10; c++) {
      const city = Number(insOrg.run(`营销压测分公司${c + 1}`, `MKB-${c + 1}`, head.id, `${head.inheritance}${head.id}|`, 'city', now, now).lastInsertRowid);
      for (let k = 0; k < 5; k++) {
        const id = Number(insOrg.run(`营销压测校区${c + 1}-${k + 1}`, `MKB-${c + 1}-${k + 1}`, city, `${head.inheritance}${head.id}|${city}|`, 'school', now, now).lastInsertRowid);
        const staff = (role: string, n: number) =>
          Array.from({ length: n }, (_, j) => {
            const name = `${role === 't' ? '电销' : '顾问'}${c + 1}-${k + 1}-${j + 1}`;
            return { id: Number(insUser.run(`mkb_${role}_${id}_${j}`, name, now, now).lastInsertRowid), name };
          });
        campuses.push({ id, tmks: staff('t', 10), sellers: staff('s', 5) });
      }
    }
  })();
  const restore = setAsideIndexes(raw, ['mkt_resource', 'mkt_record'], log);
  log(`写入 ${leads.toLocaleString('en')} 条资源、${records.toLocaleString('en')} 条跟进记录（${campuses.length} 个校区）…`);
  const insLead = raw.prepare(
    `insert into mkt_resource (name, gender, grade, parent_name, parent_phone, source, pool, stage, tmk_id, tmk_name, seller_id, seller_name, is_important, app_allow, intention,
       assigned_at, last_follow_at, next_follow_at, follow_count, called_at, invited_at, visited_at, trial_at, signed_at, invalid_reason, remark, school_id, del_flag, created_at, updated_at, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'bench', ?, 0, ?, ?, 1, 1)`,
  );
  const insRecord = raw.prepare(
    "insert into mkt_record (resource_id, way, result, content, next_follow_at, call_status, call_seconds, follow_at, school_id, created_at, updated_at, created_by, updated_by) values (?, 1, ?, '电话沟通，家长有兴趣了解课程', null, 2, ?, ?, ?, ?, ?, ?, ?)",
  );
  const perLead = records / leads;
  let recordsWritten = 0;
  const t0 = performance.now();
  const batch = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const campus = campuses[i % campuses.length];
      const h = mix(i, 0x5bd1);
      // created over the last two years, newest last (as leads arrive)
      const ageMs = Math.floor(((leads - i) / leads) * SPAN_DAYS * DAY) + (h % 3_600_000);
      const createdMs = nowMs - ageMs;
      const r = h % 100;
      let pool: number;
      let stage: number;
      if (ageMs > 90 * DAY) {
        // what the hourly job leaves of old leads: signed, invalid or in the public pool
        [pool, stage] = r < 30 ? [3, 6] : r < 55 ? [4, 1 + (h % 3)] : [5, 1 + (h % 4)];
      } else {
        [pool, stage] = r < 10 ? [1, 1] : r < 50 ? [2, 1 + (h % 3)] : r < 80 ? [3, 3 + (h % 4)] : r < 90 ? [5, 1 + (h % 3)] : [4, 1];
      }
      const tmk = pool === 2 || pool === 3 ? campus.tmks[h % campus.tmks.length] : null;
      const seller = pool === 3 ? campus.sellers[h % campus.sellers.length] : null;
      const held = pool === 2 || pool === 3;
      // a held lead is followed up within the fortnight, one in twenty is overdue
      const followMs = held ? Math.max(createdMs, nowMs - (h % 20 === 0 ? 16 + (h % 15) : h % 13) * DAY - (h % 86_400) * 1000) : createdMs + Math.min(ageMs, 10 * DAY);
      const stamp = (k: number) => (stage > k ? nowText(Math.min(nowMs, createdMs + k * 2 * DAY + (h % 7200) * 1000)) : null);
      const count = Math.floor(perLead * (i + 1)) - Math.floor(perLead * i);
      const id = Number(
        insLead.run(
          `压测资源${i + 1}`,
          (i % 2) + 1,
          1 + (h % 9),
          `家长${i + 1}`,
          // one lead in 997 shares the previous lead's phone (a duplicate in another campus)
          `13${String(100_000_000 + (((i % 997 === 996 ? i - 1 : i) * 7919) % 899_999_999)).padStart(9, '0')}`,
          1 + (h % 6),
          pool,
          stage,
          tmk?.id ?? null,
          tmk?.name ?? null,
          seller?.id ?? null,
          seller?.name ?? null,
          h % 50 === 0 && held ? 1 : 0,
          h % 6,
          held ? nowText(createdMs + DAY) : null,
          nowText(followMs),
          held ? nowText(nowMs + (1 + (h % 5)) * DAY) : null,
          count,
          stamp(1),
          stamp(2),
          stamp(3),
          stamp(4),
          stamp(5),
          pool === 4 ? '空号/错号' : null,
          campus.id,
          nowText(createdMs),
          nowText(followMs),
        ).lastInsertRowid,
      );
      for (let k = 0; k < count; k++) {
        const at = nowText(createdMs + Math.floor(((followMs - createdMs) * (k + 1)) / count));
        const by = tmk?.id ?? campus.tmks[k % campus.tmks.length].id;
        insRecord.run(id, 1 + ((h + k) % 7), (h + k) % 600, at, campus.id, at, at, by, by);
        recordsWritten++;
      }
    }
  });
  for (let from = 0; from < leads; from += BATCH) {
    batch(from, Math.min(leads, from + BATCH));
    if ((from / BATCH) % 10 === 9 || from + BATCH >= leads) log(`  … ${Math.min(leads, from + BATCH).toLocaleString('en')} 条资源、${recordsWritten.toLocaleString('en')} 条记录（${((performance.now() - t0) / 1000).toFixed(0)} s）`);
  }
  restore();
  raw.exec('analyze');
  raw.close();
}

/** The bench database: migrated, demo-seeded and filled once per scale, then reused. */
export async function marketingBenchDatabase(leads: number, records: number, log: (l: string) => void): Promise<string> {
  return seededBenchDatabase(`bench-marketing-${leads}-${records}`, (file) => fill(file, leads, records, log));
}

function monthBounds(ms: number): { start: string; end: string } {
  const d = nowText(ms).slice(0, 10);
  const [y, m] = [Number(d.slice(0, 4)), Number(d.slice(5, 7))];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${d.slice(0, 7)}-01`, end: `${d.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

function runRecycle(dataDir: string): Promise<RecycleFigures> {
  const child = fork(path.join(HERE, 'marketing-recycle.ts'), [dataDir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as RecycleFigures));
    child.once('exit', (code) => reject(new Error(`回收任务进程退出 (${code})`)));
  });
}

export async function runMarketingBench(options: { leads?: number; records?: number; log?: (l: string) => void } = {}): Promise<MarketingBenchResult> {
  const leads = options.leads ?? Number(process.env.MKT_BENCH_LEADS ?? 2_000_000);
  const records = options.records ?? Number(process.env.MKT_BENCH_RECORDS ?? leads * 5);
  const log = options.log ?? ((l: string) => console.log(l));
  const dataDir = await marketingBenchDatabase(leads, records, log);

  const raw = new Sqlite(path.join(dataDir, 'campus-desk.db'), { readonly: true });
  const campuses = (raw.prepare("select id, parent_id from organisations where code like 'MKB-%-%' order by id").all() as { id: number; parent_id: number }[]);
  const tmks = raw.prepare("select tmk_id as id, school_id from mkt_resource where remark = 'bench' and tmk_id is not null group by school_id, tmk_id").all() as { id: number; school_id: number }[];
  const phones = (raw.prepare("select parent_phone from mkt_resource where remark = 'bench' and id % 1009 = 0 limit 2000").all() as { parent_phone: string }[]).map((r) => r.parent_phone);
  const city = campuses[0].parent_id;
  const thisMonth = monthBounds(Date.now());
  const lastMonth = monthBounds(Date.parse(`${thisMonth.start}T00:00:00+08:00`) - DAY);
  const cityLeadsInMonth = (
    raw
      .prepare(`select count(*) as n from mkt_resource where del_flag = 0 and school_id in (select id from organisations where parent_id = ?) and created_at between ? and ?`)
      .get(city, `${lastMonth.start} 00:00:00`, `${lastMonth.end} 23:59:59`) as { n: number }
  ).n;
  raw.close();

  const server = await startBenchServer(dataDir);
  let figures: Omit<MarketingBenchResult, 'recycle' | 'loadAverage'>;
  let load: number;
  try {
    const admin = await server.login('admin', 'admin123');
    // a campus's leads of one telemarketer, stages called or invited, assigned this month, newest first
    const pageBody = (i: number) => {
      const t = tmks[(i * 7) % tmks.length];
      return { form: { page: 1, rows: 20, school_id: t.school_id, stage: '2,3', tmk_id: t.id, assigned_at_start: thisMonth.start, assigned_at_end: thisMonth.end } };
    };
    const first = await server.call<{ totalSize: number }>(admin, 'POST', '/api/v1/mkt_resource/page', pageBody(0));
    const page = { ...(await server.time(admin, 'POST', () => '/api/v1/mkt_resource/page', pageBody)), totalSize: first.totalSize };
    log(`资源列表（校区+阶段+电销+本月分配）：totalSize ${first.totalSize}，p50 ${page.p50.toFixed(2)} ms，p99 ${page.p99.toFixed(2)} ms，${page.rps.toFixed(0)} 次/秒，${page.errors} 个错误，服务端 CPU ${page.cpuMs.toFixed(2)} ms/次`);

    const phone = await server.time(admin, 'GET', (i) => `/api/v1/mkt_resource/check_phone_repeat?phone=${phones[i % phones.length]}`);
    log(`手机号查重：p50 ${phone.p50.toFixed(2)} ms，p99 ${phone.p99.toFixed(2)} ms，${phone.rps.toFixed(0)} 次/秒，${phone.errors} 个错误，服务端 CPU ${phone.cpuMs.toFixed(2)} ms/次`);

    const funnelPath = (i: number) => `/api/v1/mkt_funnel/report?group_by=${['channel', 'school', 'tmk', 'seller'][i % 4]}&lead_date_start=${lastMonth.start}&lead_date_end=${lastMonth.end}&city_id=${city}`;
    const funnel = { ...(await server.time(admin, 'GET', funnelPath, undefined, { runs: 40, seconds: 5 })), cityLeadsInMonth, month: lastMonth.start.slice(0, 7) };
    log(`漏斗报表（一个分公司 ${lastMonth.start.slice(0, 7)}，${cityLeadsInMonth} 条资源）：p50 ${funnel.p50.toFixed(1)} ms，p99 ${funnel.p99.toFixed(1)} ms，${funnel.rps.toFixed(1)} 次/秒，${funnel.errors} 个错误，服务端 CPU ${funnel.cpuMs.toFixed(1)} ms/次`);
    load = loadAverage();
    figures = { leads, records, page, phone, funnel };
  } finally {
    await server.stop();
  }
  log('回收任务（全部资源，事务回滚）…');
  const recycle = await runRecycle(dataDir);
  log(`回收任务：${(recycle.ms / 1000).toFixed(2)} s，回收 ${recycle.recycled}、提醒 ${recycle.warned}，峰值内存 ${recycle.peakRssMb.toFixed(0)} MB（开始时 ${recycle.startRssMb.toFixed(0)} MB）`);
  return { ...figures, recycle, loadAverage: Math.max(load, loadAverage()) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runMarketingBench().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

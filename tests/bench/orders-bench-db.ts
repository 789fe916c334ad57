/**
 * The bench database of the orders area (orders-bench.ts): `orders` orders of 3 years over 60
 * campuses and orders/10 students, with their lines, contract lines, payments and about
 * 10 × orders consumption entries on the hour ledger (each with its money posting), written in
 * bulk with the real schema (the real migrations and declarations on the demo database) and the
 * postings the product itself would make, so `npm run ledger:check` finds nothing:
 *
 * - 97% of the orders (the older ones) are paid in full: their contract lines are active and
 *   credited (purchase + gift hours, paid + promotion money); of those the oldest are 已完成 with
 *   every hour consumed, the rest 进行中 with some lessons of 2 hours consumed, soonest line first,
 *   money by `moneyOf`'s rule (the line's value per hour, paid money first, the last hour takes
 *   what is left); the newest 3% are 待审核, 已审核 / 已确认合同 (unpaid: inactive lines), 未通过;
 * - student_class_type holds each student's balance per class type (what the ledger holds);
 * - consumption postings name `bench_lesson` (no check-in row), so no real check-in's undo can
 *   ever reverse one of them.
 *
 * Built once per scale in `<repo>/.tmp/orders-bench-<orders>-v<BUILDER_VERSION>` (indexes and
 * triggers of the bulk tables are dropped while writing and recreated from their own SQL), then
 * reused: a rerun only applies new migrations to it, as an upgrade of a real installation would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { isEmpty, seedDemo } from '../../server/db/seed';
import { RESOURCES } from '../../src/contract/resources';
import { nowText, todayText } from '../../server/lib/time';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Raise when the rows this builder writes change. */
const BUILDER_VERSION = 1;
const CAMPUSES = 60;
/** hundredths of hours one bench lesson takes */
const LESSON = 200;
/** list price per hour, fen */
const HOUR_PRICE = 15_000;
const BULK_TABLES = ['student', 'order_form', 'order_form_detail', 'order_contract_line', 'order_payment', 'order_hours_flow', 'order_money_flow', 'student_class_type'];
const METHODS = ['cash', 'card', 'transfer', 'qr'];

export interface OrdersBenchDb {
  dataDir: string;
  orders: number;
  students: number;
  lines: number;
  consumptions: number;
  hoursRows: number;
  moneyRows: number;
  /** seconds the build took (0 when reused) */
  buildSeconds: number;
  fileBytes: number;
}

/** A well-mixed 32-bit hash of an integer (deterministic data without Math.random). */
function mix(n: number): number {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function prepare(dataDir: string): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const opened = openDatabase(config);
  try {
    await migrate(opened.db, RESOURCES);
    if (await isEmpty(opened.db)) await seedDemo(opened.db);
  } finally {
    await opened.close();
  }
}

/** Postings of one ledger account, numbered and with their running balance. */
class Chain {
  seq = 0;
  balance = 0;
  constructor(readonly account: string) {}
}

function fill(file: string, orders: number, consumptionTarget: number, log: (l: string) => void): Omit<OrdersBenchDb, 'dataDir' | 'buildSeconds' | 'fileBytes'> {
  const raw = new Sqlite(file);
  // no rollback journal while filling a throwaway file (a WAL database must leave WAL first)
  raw.pragma('journal_mode = DELETE');
  raw.pragma('journal_mode = OFF');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -400000');
  const now = nowText();
  const today = todayText();

  // campuses: the demo's plus a bench city's, CAMPUSES in all
  const head = raw.prepare("select id, inheritance from organisations where kind = 'head' order by id limit 1").get() as { id: number; inheritance: string };
  const demoSchools = (raw.prepare("select id from organisations where kind = 'school' order by id").all() as { id: number }[]).map((r) => r.id);
  const insOrg = raw.prepare('insert into organisations (name, code, parent_id, inheritance, kind, order_num, state, del_flag, created_at, updated_at) values (?, ?, ?, ?, ?, 100, 1, 0, ?, ?)');
  raw.transaction(() => {
    const city = Number(insOrg.run('压测订单分公司', 'OBENCH', head.id, `${head.inheritance}${head.id}|`, 'city', now, now).lastInsertRowid);
    for (let k = demoSchools.length; k < CAMPUSES; k++) insOrg.run(`压测订单校区${k + 1}`, `OBENCH-${k + 1}`, city, `${head.inheritance}${head.id}|${city}|`, 'school', now, now);
  })();
  const schools = (raw.prepare("select id from organisations where kind = 'school' order by id").all() as { id: number }[]).map((r) => r.id);
  const sellers = raw.prepare("select id, name from users where login_id like 'sales%' order by id").all() as { id: number; name: string }[];
  const auditor = raw.prepare("select id, name from users where login_id = 'admin'").get() as { id: number; name: string };
  const classTypes = raw.prepare('select id, name, protocol from prod_class_type order by id').all() as { id: number; name: string; protocol: string | null }[];
  const protocolOf = (ids: number[]): string => ids.map((id) => classTypes.find((t) => t.id === id)).map((t) => `【${t?.name}】\n${t?.protocol ?? ''}`).join('\n\n');

  // the bulk tables without their indexes and triggers while writing (recreated from their SQL below)
  const inList = BULK_TABLES.map((t) => `'${t}'`).join(',');
  const extras = raw.prepare(`select type, name, sql from sqlite_master where tbl_name in (${inList}) and type in ('index', 'trigger') and sql is not null`).all() as { type: string; name: string; sql: string }[];
  for (const e of extras) raw.exec(`drop ${e.type} "${e.name}"`);

  const students = Math.max(1, Math.floor(orders / 10));
  log(`写入 ${students.toLocaleString('en')} 名学员（${schools.length} 个校区）…`);
  const insStudent = raw.prepare("insert into student (name, gender, parent_phone, state, school_id, del_flag, remark, created_at, updated_at) values (?, ?, ?, 1, ?, 0, 'bench', ?, ?)");
  let firstStudent = 0;
  raw.transaction(() => {
    for (let s = 0; s < students; s++) {
      const id = Number(insStudent.run(`压测学员${s + 1}`, (s % 2) + 1, `137${String(10_000_000 + s).slice(-8)}`, schools[s % schools.length], now, now).lastInsertRowid);
      if (s === 0) firstStudent = id;
    }
  })();

  const insOrder = raw.prepare(
    `insert into order_form (created_at, updated_at, created_by, updated_by, order_no, contract_no, student_id, seller_id, seller_name, state, if_first_sign, order_date,
      list_amount, discount_amount, deal_amount, paid_amount, version, audit_by, audit_name, audit_at, audit_remark, contract_at, protocol_version, protocol_text, completed_at, remark, school_id, del_flag)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, 0)`,
  );
  const insDetail = raw.prepare(
    'insert into order_form_detail (created_at, updated_at, created_by, updated_by, order_id, kind, class_type_id, bought_hours, gift_hours, list_price, discount, deal_price, validity_days, school_id) values (?, ?, ?, ?, ?, 2, ?, ?, ?, ?, ?, ?, 730, ?)',
  );
  const insLine = raw.prepare(
    `insert into order_contract_line (created_at, updated_at, created_by, updated_by, order_id, detail_id, contract_no, source, student_id, class_type_id, bought_hours, gift_hours, paid_money, promo_money, start_date, end_date, active, consumed_hours, remaining_hours, school_id)
     values (?, ?, ?, ?, ?, ?, ?, 'order', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insPayment = raw.prepare('insert into order_payment (created_at, updated_at, created_by, updated_by, order_id, receipt_no, amount, method, paid_at, school_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insHours = raw.prepare('insert into order_hours_flow (account_key, seq, amount, balance_after, biz_type, ref_type, ref_id, created_by, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insMoney = raw.prepare('insert into order_money_flow (account_key, seq, amount, balance_after, biz_type, ref_type, ref_id, created_by, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const post = (ins: Sqlite.Statement, chain: Chain, amount: number, biz: string, refType: string, refId: string, by: number | null, at: string): void => {
    chain.seq++;
    chain.balance += amount;
    ins.run(chain.account, chain.seq, amount, chain.balance, biz, refType, refId, by, at);
  };

  // lesson counts: a line holds T lessons; a completed order's lines used all, an in-progress line 1…T-1 (T/2 on average)
  const activeShare = 0.97;
  const meanPerLine = consumptionTarget / (orders * 1.2 * activeShare);
  const lessonsPerLine = Math.max(2, Math.round(meanPerLine * 1.4));
  const completedShare = Math.min(1, Math.max(0, (2 * meanPerLine) / lessonsPerLine - 1));
  const startDay = addDays(today, -3 * 365);
  const yesterday = addDays(today, -1);
  const seen = new Uint8Array(students);
  const counters = new Map<string, number>();
  const nextNo = (kind: string, school: number, year: string): string => {
    const key = `${kind}|${school}|${year}`;
    const n = (counters.get(key) ?? 0) + 1;
    counters.set(key, n);
    return `${kind}${year}-${String(n).padStart(6, '0')}`;
  };
  // continue the demo's number series, so numbers issued later by the server never repeat a bench one
  for (const r of raw.prepare('select kind, scope, period, last_value from number_sequence').all() as { kind: string; scope: string; period: string; last_value: number }[]) counters.set(`${r.kind}|${r.scope}|${r.period}`, r.last_value);
  const balances = new Map<number, { school: number; total: number; remaining: number }>();
  const counts = { lines: 0, consumptions: 0, hoursRows: 0, moneyRows: 0 };
  let lesson = 0;

  const writeOrder = (i: number): void => {
    const p = i / orders;
    const orderDate = addDays(startDay, Math.floor(p * 3 * 365));
    const at = `${orderDate} ${String(9 + (i % 10)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`;
    const year = orderDate.slice(0, 4);
    const s = mix(i) % students;
    const studentId = firstStudent + s;
    const school = schools[s % schools.length];
    const seller = sellers[s % sellers.length];
    const state = p >= activeShare ? [2, 3, 4, 7, 2][i % 5] : p < activeShare * completedShare ? 6 : 5;
    const firstSign = seen[s] === 0 ? 1 : 2;
    seen[s] = 1;
    const types = [classTypes[s % classTypes.length].id, ...(i % 5 === 0 ? [classTypes[(s + 1) % classTypes.length].id] : [])];
    const gift = i % 2 === 0 ? LESSON : 0;
    const bought = lessonsPerLine * LESSON - gift;
    const list = (bought / 100) * HOUR_PRICE;
    const discount = i % 4 === 0 ? Math.round(list * 0.05) : 0;
    const deal = list - discount;
    const audited = state >= 3 && state !== 7;
    const confirmed = state >= 4 && state !== 7;
    const paid = state >= 5 ? deal * types.length : state === 4 ? Math.floor((deal * types.length) / 2) : 0;
    const contractNo = confirmed ? nextNo('HT', school, year) : null;
    const protocol = confirmed ? protocolOf(types) : null;
    const orderId = Number(
      insOrder.run(at, at, seller.id, seller.id, nextNo('DD', school, year), contractNo, studentId, seller.id, seller.name, state, firstSign, orderDate,
        list * types.length, discount * types.length, deal * types.length, paid,
        state >= 3 ? auditor.id : null, state >= 3 ? auditor.name : null, state >= 3 ? at : null, state === 7 ? '信息不全，未通过' : null,
        confirmed ? at : null, confirmed ? 'P-bench' : null, protocol, state === 6 ? at : null, school).lastInsertRowid,
    );
    if (paid > 0) insPayment.run(at, at, seller.id, seller.id, orderId, nextNo('SJ', school, year), paid, METHODS[i % METHODS.length], at, school);
    for (const ct of types) {
      const detailId = Number(insDetail.run(at, at, seller.id, seller.id, orderId, ct, bought, gift, list, discount, deal, school).lastInsertRowid);
      if (!audited) continue;
      const active = state >= 5;
      const used = state === 6 ? lessonsPerLine : state === 5 ? 1 + (mix(i * 7 + ct) % (lessonsPerLine - 1)) : 0;
      const total = bought + gift;
      const remaining = active ? total - used * LESSON : 0;
      const endDate = addDays(orderDate, 730);
      const lineId = Number(insLine.run(at, at, auditor.id, auditor.id, orderId, detailId, contractNo, studentId, ct, bought, gift, deal, discount, orderDate, endDate, active ? 1 : 0, used * LESSON, remaining, school).lastInsertRowid);
      counts.lines++;
      if (!active) continue;
      const hours = new Chain(`line:${lineId}`);
      const paidChain = new Chain(`paid:${lineId}`);
      const promoChain = new Chain(`promo:${lineId}`);
      const ref = String(orderId);
      post(insHours, hours, bought, 'purchase', 'order', ref, auditor.id, at);
      if (gift > 0) post(insHours, hours, gift, 'gift', 'order', ref, auditor.id, at);
      post(insMoney, paidChain, deal, 'purchase', 'order', ref, auditor.id, at);
      if (discount > 0) post(insMoney, promoChain, discount, 'promotion', 'order', ref, auditor.id, at);
      counts.hoursRows += gift > 0 ? 2 : 1;
      counts.moneyRows += discount > 0 ? 2 : 1;
      let left = total;
      for (let k = 0; k < used; k++) {
        const day = addDays(orderDate, 7 * (k + 1));
        const when = `${day < yesterday ? day : yesterday} 10:00:00`;
        const refId = String(++lesson);
        // moneyOf (server/modules/orders/hours.ts): the value per hour, all that is left with the last hour; paid money first
        const money = LESSON >= left ? paidChain.balance + promoChain.balance : Math.min(paidChain.balance + promoChain.balance, Math.round((LESSON * (deal + discount)) / total));
        const fromPaid = Math.min(money, paidChain.balance);
        post(insHours, hours, -LESSON, 'consumption', 'bench_lesson', refId, null, when);
        counts.hoursRows++;
        if (fromPaid > 0) {
          post(insMoney, paidChain, -fromPaid, 'consumption', 'bench_lesson', refId, null, when);
          counts.moneyRows++;
        }
        if (money - fromPaid > 0) {
          post(insMoney, promoChain, -(money - fromPaid), 'consumption', 'bench_lesson', refId, null, when);
          counts.moneyRows++;
        }
        left -= LESSON;
        counts.consumptions++;
      }
      const b = balances.get(studentId * 1000 + ct) ?? { school, total: 0, remaining: 0 };
      b.total += total;
      b.remaining += remaining;
      balances.set(studentId * 1000 + ct, b);
    }
  };

  log(`写入 ${orders.toLocaleString('en')} 个订单及其明细、合同课时、收款和约 ${consumptionTarget.toLocaleString('en')} 条消课记录（每条合同课时 ${lessonsPerLine} 次课，${Math.round(completedShare * 100)}% 已完成）…`);
  const t0 = performance.now();
  const batch = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) writeOrder(i);
  });
  const step = 50_000;
  for (let from = 0; from < orders; from += step) {
    batch(from, Math.min(orders, from + step));
    if ((from / step) % 10 === 9 || from + step >= orders) log(`  … ${Math.min(orders, from + step).toLocaleString('en')} 个订单，${counts.consumptions.toLocaleString('en')} 条消课（${((performance.now() - t0) / 1000).toFixed(0)} s）`);
  }
  const insBalance = raw.prepare('insert into student_class_type (created_at, updated_at, school_id, student_id, class_type_id, total_hours, remaining_hours) values (?, ?, ?, ?, ?, ?, ?)');
  raw.transaction(() => {
    for (const [key, b] of balances) insBalance.run(now, now, b.school, Math.floor(key / 1000), key % 1000, b.total / 100, b.remaining / 100);
  })();
  const upsertNo = raw.prepare('insert into number_sequence (kind, scope, period, last_value) values (?, ?, ?, ?) on conflict (kind, scope, period) do update set last_value = excluded.last_value');
  raw.transaction(() => {
    for (const [key, n] of counters) {
      const [kind, scope, period] = key.split('|');
      upsertNo.run(kind, scope, period, n);
    }
  })();

  log(`重建 ${extras.filter((e) => e.type === 'index').length} 个索引 …`);
  const t1 = performance.now();
  for (const e of extras) raw.exec(e.sql);
  // the write counters the dropped triggers would have moved (count caches key on them)
  const bump = raw.prepare('insert into table_versions (name, version) values (?, 1) on conflict (name) do update set version = table_versions.version + 1');
  for (const t of BULK_TABLES) bump.run(t);
  log(`  索引完成（${((performance.now() - t1) / 1000).toFixed(0)} s），analyze …`);
  raw.exec('analyze');
  raw.pragma('journal_mode = WAL');
  raw.close();
  return { orders, students, ...counts };
}

/** The orders bench database of this scale: reused when built before, else built (minutes at the scale). */
export async function ordersBenchDatabase(orders: number, consumptions: number, log: (l: string) => void): Promise<OrdersBenchDb> {
  const dataDir = path.join(ROOT, '.tmp', `orders-bench-${orders}-${consumptions}-v${BUILDER_VERSION}`);
  const doneFile = path.join(dataDir, 'built.json');
  const file = path.join(dataDir, 'campus-desk.db');
  if (fs.existsSync(doneFile)) {
    await prepare(dataDir); // new migrations only
    const built = JSON.parse(fs.readFileSync(doneFile, 'utf8')) as Omit<OrdersBenchDb, 'dataDir' | 'buildSeconds' | 'fileBytes'>;
    return { ...built, dataDir, buildSeconds: 0, fileBytes: fs.statSync(file).size };
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const t0 = performance.now();
  await prepare(dataDir);
  const built = fill(file, orders, consumptions, log);
  fs.writeFileSync(doneFile, JSON.stringify(built));
  return { ...built, dataDir, buildSeconds: (performance.now() - t0) / 1000, fileBytes: fs.statSync(file).size };
}

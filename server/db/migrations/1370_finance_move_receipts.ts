import { sql, type Generated, type Kysely } from 'kysely';
import { tableColumns } from '../dialect';

/**
 * The 结转/转班 receipts of the orders' money moves made before the moves issued them (commit
 * 75e942d for 订单转让, 转校区 and 转班型; 一键转产品 later): each such transfer moved paid money between
 * contract lines with no receipt, so `npm run ledger:check` reported it on an existing database.
 * For every live transfer record without any move receipt this issues what the move issues now
 * (server/modules/orders/transfer-receipts.ts): out of the giving side and into the receiving side,
 * the paid money its ledger postings moved, pay method `other`, numbered in each campus's gapless
 * series (number_sequence, as finance's receipts.ts: SJ<year>-<campus>-<counter>) in one transaction.
 *
 * - A record with a move receipt already is left as it is (a second run adds nothing).
 * - A record whose moves were all reversed (a 转班型 revoked) moved nothing and gets nothing.
 * - The receipt is dated on the transfer's business date; when that month is closed (月结) at the
 *   receipt's campus it is dated today instead, with `corrects_month` and the original date in its
 *   remark, as any late receipt is, so a closed month keeps its totals.
 * - A record whose sides do not balance (not a plain move) is left for ledger:check to report.
 *
 * The kinds, numbering and wording are written out here (not read from the modules) so this
 * migration never changes meaning. A new database has no transfer rows (nor its declared tables,
 * made after the migrations): nothing is read beyond the money ledger.
 */

/** The transfer records and the receipt type each issues: 3 结转, 4 转班. */
const KINDS: Readonly<Record<string, 3 | 4>> = { order_transfer: 3, order_transfer_campus: 3, order_student_class_type: 4, order_to_product: 3 };
const LABELS: Readonly<Record<string, string>> = { order_transfer: '订单转让', order_transfer_campus: '转校区', order_student_class_type: '转班型', order_to_product: '一键转产品' };

interface Tables {
  order_money_flow: { id: number; account_key: string; amount: number | string; biz_type: string; ref_type: string | null; ref_id: string | null; reverses_id: number | null; created_by: number | null; created_at: string };
  order_contract_line: { id: number; school_id: number; student_id: number };
  fin_month_close: { school_id: number; month: string };
  number_sequence: { kind: string; scope: string; period: string; last_value: number };
  student: { id: number; name: string };
  users: { id: number; name: string };
  fin_stu_account_receipts: {
    id: Generated<number>;
    receipt_no: string;
    school_id: number;
    student_id: number;
    student_name: string | null;
    operator_name: string | null;
    cancelled_by_name: string | null;
    kind: number;
    amount: number;
    pay_method: string;
    state: number;
    biz_date: string;
    payer: string | null;
    ref_type: string | null;
    ref_id: string | null;
    reverses_id: number | null;
    flow_id: number | null;
    remark: string | null;
    corrects_month: string | null;
    cancel_reason: string | null;
    cancelled_at: string | null;
    cancelled_by: number | null;
    created_at: string;
    updated_at: string;
    created_by: number | null;
    updated_by: number | null;
  };
}
type Db = Kysely<Tables>;

/** A transfer record as its paid-money postings tell it. */
interface Move {
  refType: string;
  refId: string;
  /** the business date (YYYY-MM-DD) and who made it: its first posting out */
  date: string;
  by: number | null;
  /** paid money per source line (out) and per receiving line (in), fen, after reversals */
  out: Map<number, number>;
  in: Map<number, number>;
}

/** Shanghai local time text (the app's timestamps; a migration does not import the app's modules). */
function now(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export async function up(raw: Kysely<unknown>): Promise<void> {
  const db = raw as unknown as Db;
  // PostgreSQL runs each migration in a transaction; SQLite's migrations run outside one
  if (db.isTransaction) await backfill(db);
  else await db.transaction().execute(backfill);
}

async function backfill(db: Db): Promise<void> {
  const moves = await transferMoves(db);
  if (moves.length === 0) return;
  const documented = new Set(
    (
      await db
        .selectFrom('fin_stu_account_receipts')
        .select(['ref_type', 'ref_id'])
        .where('kind', 'in', [3, 4])
        .where('ref_type', 'in', Object.keys(KINDS))
        .groupBy(['ref_type', 'ref_id'])
        .execute()
    ).map((r) => `${r.ref_type ?? ''}:${r.ref_id ?? ''}`),
  );
  const missing = moves.filter((m) => !documented.has(`${m.refType}:${m.refId}`));
  if (missing.length === 0) return;
  const lines = await linesOf(db, [...new Set(missing.flatMap((m) => [...m.out.keys(), ...m.in.keys()]))]);
  // no fin_month_close table: no month was ever closed
  const closed = new Set((await tableColumns(db as unknown as Kysely<unknown>, 'fin_month_close')).length === 0 ? [] : (await db.selectFrom('fin_month_close').select(['school_id', 'month']).execute()).map((c) => `${c.school_id}:${c.month}`));
  const at = now();
  const names = new Names(db);
  for (const m of missing) {
    const from = sides(m.out, lines);
    const to = sides(m.in, lines);
    if (!from || !to) continue;
    const total = [...from.values()].reduce((n, v) => n + v, 0);
    // reversed (or promotion money only): nothing was carried; unbalanced: not a plain move, ledger:check names it
    if (total <= 0 || total !== [...to.values()].reduce((n, v) => n + v, 0)) continue;
    const kind = KINDS[m.refType];
    const what = `补开${LABELS[m.refType]} ${m.refId} 的${kind === 4 ? '转班' : '结转'}收据`;
    const issue = async (side: string, amount: number): Promise<void> => {
      const [schoolId, studentId] = side.split(':').map(Number);
      const month = m.date.slice(0, 7);
      const corrects = closed.has(`${schoolId}:${month}`) ? month : null;
      const bizDate = corrects ? at.slice(0, 10) : m.date;
      await db
        .insertInto('fin_stu_account_receipts')
        .values({
          receipt_no: await nextReceiptNo(db, schoolId, bizDate.slice(0, 4)),
          school_id: schoolId,
          student_id: studentId,
          student_name: await names.student(studentId),
          // the transfer's operator handled it; the receipt is written by the system
          operator_name: await names.user(m.by),
          cancelled_by_name: null,
          kind,
          amount,
          pay_method: 'other',
          state: 1,
          biz_date: bizDate,
          payer: null,
          ref_type: m.refType,
          ref_id: m.refId,
          reverses_id: null,
          flow_id: null,
          remark: (corrects ? `更正 ${corrects} 月（原业务日期 ${m.date}）：${what}` : `${what}（原业务日期 ${m.date}）`).slice(0, 200),
          corrects_month: corrects,
          cancel_reason: null,
          cancelled_at: null,
          cancelled_by: null,
          created_at: at,
          updated_at: at,
          created_by: null,
          updated_by: null,
        })
        .execute();
    };
    for (const [side, amount] of from) await issue(side, -amount);
    for (const [side, amount] of to) await issue(side, amount);
  }
}

/** Every transfer record's paid-money postings (reversals counted against what they reverse), in the order they were made. */
async function transferMoves(db: Db): Promise<Move[]> {
  const rows = await db
    .selectFrom('order_money_flow as f')
    .leftJoin('order_money_flow as o', 'o.id', 'f.reverses_id')
    .select(['f.ref_type', 'f.ref_id', 'f.account_key', 'f.amount', 'f.reverses_id', 'f.created_by', 'f.created_at'])
    .select(sql<string>`coalesce(o.biz_type, f.biz_type)`.as('biz'))
    .where('f.ref_type', 'in', Object.keys(KINDS))
    .where('f.account_key', 'like', 'paid:%')
    .where(sql<string>`coalesce(o.biz_type, f.biz_type)`, 'in', ['transfer_out', 'transfer_in'])
    .orderBy('f.id')
    .execute();
  const moves = new Map<string, Move>();
  for (const r of rows) {
    const key = `${r.ref_type ?? ''}:${r.ref_id ?? ''}`;
    let m = moves.get(key);
    if (!m) {
      m = { refType: r.ref_type ?? '', refId: r.ref_id ?? '', date: r.created_at.slice(0, 10), by: r.created_by, out: new Map(), in: new Map() };
      moves.set(key, m);
    }
    const line = Number(r.account_key.slice('paid:'.length));
    const amount = Number(r.amount);
    if (r.biz === 'transfer_out') {
      if (r.reverses_id === null && m.out.size === 0) {
        m.date = r.created_at.slice(0, 10);
        m.by = r.created_by;
      }
      m.out.set(line, (m.out.get(line) ?? 0) - amount);
    } else m.in.set(line, (m.in.get(line) ?? 0) + amount);
  }
  return [...moves.values()];
}

async function linesOf(db: Db, ids: number[]): Promise<Map<number, { school_id: number; student_id: number }>> {
  const out = new Map<number, { school_id: number; student_id: number }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('order_contract_line').select(['id', 'school_id', 'student_id']).where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) out.set(Number(r.id), { school_id: Number(r.school_id), student_id: Number(r.student_id) });
  }
  return out;
}

/** Paid money per side ('campus:student') of the lines, zero sides dropped; undefined when a line is missing or a side went negative. */
function sides(byLine: Map<number, number>, lines: Map<number, { school_id: number; student_id: number }>): Map<string, number> | undefined {
  const out = new Map<string, number>();
  for (const [id, amount] of byLine) {
    const line = lines.get(id);
    if (!line) return undefined;
    const side = `${line.school_id}:${line.student_id}`;
    out.set(side, (out.get(side) ?? 0) + amount);
  }
  for (const [side, amount] of out) {
    if (amount < 0) return undefined;
    if (amount === 0) out.delete(side);
  }
  return out;
}

/** The campus's next receipt number of the year (finance's series: number_sequence SJ / campus / year). */
async function nextReceiptNo(db: Db, schoolId: number, year: string): Promise<string> {
  const row = await db
    .insertInto('number_sequence')
    .values({ kind: 'SJ', scope: String(schoolId), period: year, last_value: 1 })
    .onConflict((oc) => oc.columns(['kind', 'scope', 'period']).doUpdateSet({ last_value: sql<number>`number_sequence.last_value + 1` }))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return `SJ${year}-${schoolId}-${String(Number(row.last_value)).padStart(6, '0')}`;
}

/** Students' and users' names as the receipts keep them, read once each. */
class Names {
  private readonly students = new Map<number, string | null>();
  private readonly users = new Map<number, string | null>();
  constructor(private readonly db: Db) {}

  async student(id: number): Promise<string | null> {
    if (!this.students.has(id)) this.students.set(id, (await this.db.selectFrom('student').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null);
    return this.students.get(id) ?? null;
  }

  async user(id: number | null): Promise<string | null> {
    if (!id) return null;
    if (!this.users.has(id)) this.users.set(id, (await this.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null);
    return this.users.get(id) ?? null;
  }
}

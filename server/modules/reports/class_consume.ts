import { sql, type Kysely } from 'kysely';
import type { ReportRow } from '../../../src/contract/reports';
import { consumeReport, consumeReportCall, CONSUME_REPORT_GROUPS } from '../../../src/contract/reports-class_consume';
import type { Database } from '../../db/schema';
import type { ReportContext, ReportSource } from './source';
import { covOf, groupOf, keepTotals, keptTotals, sumFigures, type Cov } from './grouped';
import { inSchools } from './scope';

type Db = Kysely<Database>;
type Num = number | string | null;

/**
 * 课消报表 from the orders area's ledgers (order_hours_flow: `line:<id>` in hundredths;
 * order_money_flow: `paid:<id>` / `promo:<id>` in fen; server/modules/orders/ledgers.ts). A
 * reversal counts as the kind it reverses (its amount has the opposite sign). Every figure is a sum
 * of ledger rows, so the report adds up to the ledger exactly.
 */

type Kind = 'consumption' | 'refund' | 'forfeit' | 'transfer' | 'credit';
const kindOf = (biz: string): Kind => (biz === 'consumption' || biz === 'refund' || biz === 'forfeit' ? biz : biz === 'transfer_in' || biz === 'transfer_out' ? 'transfer' : 'credit');

interface LedgerSum {
  school_id: number;
  class_type_id: number;
  teacher_id: number | null;
  /** 'line' (hours), 'paid' or 'promo' (money) */
  acct: string;
  kind: Kind;
  /** 'before' the period, or the month 'YYYY-MM' of a row in it */
  bucket: string;
  amount: number;
}

/** The ledger's rows up to the period's end, summed by campus, class type, account, kind and month (and teacher for consumption). */
async function ledgerSums(db: Db, cov: Cov, table: 'order_hours_flow' | 'order_money_flow', byTeacher: boolean): Promise<LedgerSum[]> {
  const t = sql.table(table);
  const lineId =
    table === 'order_hours_flow'
      ? sql`cast(substr(f.account_key, 6) as integer)`
      : sql`case when f.account_key like 'paid:%' then cast(substr(f.account_key, 6) as integer) else cast(substr(f.account_key, 7) as integer) end`;
  const teacher = byTeacher
    ? sql`left join edu_check_in ci on ci.id = case when coalesce(o.ref_type, f.ref_type) = 'check_in' and coalesce(o.biz_type, f.biz_type) = 'consumption' then cast(coalesce(o.ref_id, f.ref_id) as integer) end
          left join edu_class_schedule sc on sc.id = ci.schedule_id`
    : sql``;
  const teacherCol = byTeacher ? sql`sc.teacher_id` : sql`null`;
  // grouped outside the row query: PostgreSQL would not match a bucket expression with its own parameters in GROUP BY
  const r = await sql<{ school_id: number; class_type_id: number; teacher_id: Num; acct: string; biz: string; bucket: string; amount: Num }>`
    select x.school_id, x.class_type_id, x.teacher_id, x.acct, x.biz, x.bucket, sum(x.amount) as amount
    from (
      select l.school_id, l.class_type_id, ${teacherCol} as teacher_id,
        substr(f.account_key, 1, case when f.account_key like 'promo:%' then 5 else 4 end) as acct,
        coalesce(o.biz_type, f.biz_type) as biz,
        case when f.created_at < ${cov.start} then 'before' else substr(f.created_at, 1, 7) end as bucket,
        f.amount
      from ${t} f
      join order_contract_line l on l.id = ${lineId}
      left join ${t} o on f.biz_type = 'reversal' and o.id = f.reverses_id
      ${teacher}
      where ${inSchools('l.school_id', cov.schools)} and f.created_at < ${cov.end}
    ) x
    group by x.school_id, x.class_type_id, x.teacher_id, x.acct, x.biz, x.bucket`.execute(db);
  return r.rows.map((x) => ({ school_id: Number(x.school_id), class_type_id: Number(x.class_type_id), teacher_id: x.teacher_id === null ? null : Number(x.teacher_id), acct: x.acct, kind: kindOf(x.biz), bucket: x.bucket, amount: Number(x.amount ?? 0) }));
}

const FIGURES = ['consumed_hours', 'consumed_money', 'consumed_promo', 'refund_hours', 'refund_money', 'forfeit_hours', 'forfeit_money', 'opening_money', 'credited_money', 'transfer_money', 'closing_hours', 'closing_money'] as const;
type Figures = Record<(typeof FIGURES)[number], number>;
const zero = (): Figures => Object.fromEntries(FIGURES.map((f) => [f, 0])) as Figures;

/** Adds one sum to a row's figures; `inPeriod` says whether it falls in the row's period (else: before it). */
function add(f: Figures, s: LedgerSum, inPeriod: boolean): void {
  if (s.acct === 'line') {
    f.closing_hours += s.amount;
    if (!inPeriod) return;
    if (s.kind === 'consumption') f.consumed_hours -= s.amount;
    else if (s.kind === 'refund') f.refund_hours -= s.amount;
    else if (s.kind === 'forfeit') f.forfeit_hours -= s.amount;
    return;
  }
  if (s.acct === 'promo') {
    if (inPeriod && s.kind === 'consumption') f.consumed_promo -= s.amount;
    return;
  }
  f.closing_money += s.amount;
  if (!inPeriod) {
    f.opening_money += s.amount;
    return;
  }
  if (s.kind === 'consumption') f.consumed_money -= s.amount;
  else if (s.kind === 'refund') f.refund_money -= s.amount;
  else if (s.kind === 'forfeit') f.forfeit_money -= s.amount;
  else if (s.kind === 'transfer') f.transfer_money += s.amount;
  else f.credited_money += s.amount;
}

/** Months of the period, 'YYYY-MM'. */
function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    out.push(month);
    if (month >= last) return out;
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
}

/** 课消报表 rows of a grouping (campus, campus and class type, teacher, month) and the totals row. */
async function consumeReportRows(db: Db, cov: Cov, group: string): Promise<{ rows: ReportRow[]; totals: ReportRow }> {
  const byTeacher = group === 'teacher';
  const sums = [...(await ledgerSums(db, cov, 'order_hours_flow', byTeacher)), ...(await ledgerSums(db, cov, 'order_money_flow', byTeacher))];
  const totalsFig = zero();
  for (const s of sums) add(totalsFig, s, s.bucket !== 'before');
  const school = (id: number) => cov.schoolNames.get(id) ?? `校区${id}`;
  const rows = new Map<string, { head: ReportRow; f: Figures }>();
  const rowOf = (key: string, head: () => ReportRow) => {
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { head: { key, ...head() }, f: zero() }));
    return r;
  };

  if (group === 'month') {
    const months = monthsOf(cov.from, cov.to);
    for (const m of months) rowOf(m, () => ({ name: `${m.slice(0, 4)}年${m.slice(5, 7)}月` }));
    for (const s of sums) for (const m of months) if (s.bucket === 'before' || s.bucket <= m) add(rowOf(m, () => ({})).f, s, s.bucket === m);
  } else if (group === 'teacher') {
    const names = await teacherNames(db, sums);
    for (const s of sums) {
      if (s.bucket === 'before' || s.kind !== 'consumption') continue;
      const key = `s${s.school_id}u${s.teacher_id ?? 0}`;
      add(rowOf(key, () => ({ name: s.teacher_id === null ? '未排课老师' : (names.get(s.teacher_id) ?? `老师${s.teacher_id}`), school_name: school(s.school_id) })).f, s, true);
    }
  } else {
    const types = await classTypeNames(db, sums);
    for (const s of sums) {
      const key = group === 'school' ? `s${s.school_id}` : `s${s.school_id}t${s.class_type_id}`;
      const head = (): ReportRow => (group === 'school' ? { name: school(s.school_id) } : { name: types.get(s.class_type_id) ?? `班型${s.class_type_id}`, school_name: school(s.school_id) });
      add(rowOf(key, head).f, s, s.bucket !== 'before');
    }
  }
  const out = [...rows.values()].map((r) => ({ ...r.head, ...r.f }) as ReportRow);
  // campuses and class types whose lines were emptied long ago show only zeros: left out
  const shown = group === 'month' ? out : out.filter((r) => FIGURES.some((f) => r[f] !== 0));
  const totals: ReportRow = group === 'teacher' ? sumFigures(shown, FIGURES) : { ...totalsFig };
  return { rows: shown, totals };
}

async function teacherNames(db: Db, sums: readonly LedgerSum[]): Promise<Map<number, string>> {
  const ids = [...new Set(sums.flatMap((s) => (s.teacher_id === null ? [] : [s.teacher_id])))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

async function classTypeNames(db: Db, sums: readonly LedgerSum[]): Promise<Map<number, string>> {
  const ids = [...new Set(sums.map((s) => s.class_type_id))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('prod_class_type').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

export const consumeSource: ReportSource = {
  def: consumeReport,
  call: consumeReportCall,
  async rows(ctx: ReportContext) {
    const { rows, totals } = await consumeReportRows(ctx.db, covOf(ctx), groupOf(ctx, CONSUME_REPORT_GROUPS.map((g) => g.value)));
    keepTotals(ctx, totals);
    return rows;
  },
  totalsOf: keptTotals,
};

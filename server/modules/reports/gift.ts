import { sql } from 'kysely';
import { giftReport, giftReportCall, GIFT_REPORT_KINDS } from '../../../src/contract/reports-gift';
import type { ReportRow } from '../../../src/contract/reports';
import type { ReportContext, ReportSource } from './source';
import { inSchools } from './scope';
import { num } from './table';

/** order_student_gift states 已发放 and 已退回 (GIFT_STATES): given at some time. */
const GIVEN = [2, 3];
const RETURNED = 3;
/** fin_exchange_gift_order state 已发放 (GIFT_ORDER_STATES). */
const DELIVERED = 4;

async function rows(ctx: ReportContext): Promise<ReportRow[]> {
  const { db, schools, period } = ctx;
  const kind = ctx.filters.kind === undefined ? undefined : Number(ctx.filters.kind);
  const where = inSchools('g.school_id', schools.ids);
  const empty = Promise.resolve({ rows: [] });
  const [given, returned, exchanged] = await Promise.all([
    kind === 2
      ? empty
      : sql<{ school_id: number; gift_name: string; q: unknown; v: unknown }>`
          select g.school_id, g.gift_name, sum(g.quantity) as q, sum(g.quantity * g.list_price) as v
          from order_student_gift g
          where ${where} and g.del_flag = 0 and g.state in (${sql.join(GIVEN.map((s) => sql`${s}`))}) and g.given_at >= ${period.start} and g.given_at < ${period.end}
          group by g.school_id, g.gift_name`.execute(db),
    kind === 2
      ? empty
      : sql<{ school_id: number; gift_name: string; q: unknown; v: unknown; charge: unknown }>`
          select g.school_id, g.gift_name, sum(g.quantity) as q, sum(g.quantity * g.list_price) as v, sum(coalesce(g.return_charge, 0)) as charge
          from order_student_gift g
          where ${where} and g.del_flag = 0 and g.state = ${RETURNED} and g.returned_at >= ${period.start} and g.returned_at < ${period.end}
          group by g.school_id, g.gift_name`.execute(db),
    kind === 1
      ? empty
      : sql<{ school_id: number; gift_name: string; q: unknown; v: unknown; points: unknown }>`
          select g.school_id, g.gift_name, sum(g.quantity) as q, sum(g.gift_value) as v, sum(g.points) as points
          from fin_exchange_gift_order g
          where ${where} and g.state = ${DELIVERED} and g.delivered_at >= ${period.start} and g.delivered_at < ${period.end}
          group by g.school_id, g.gift_name`.execute(db),
  ]);
  const map = new Map<string, ReportRow>();
  const row = (k: 1 | 2, schoolId: number, name: string): ReportRow => {
    const key = `${k}:${schoolId}:${name}`;
    let r = map.get(key);
    if (!r) {
      r = { school_name: schools.names.get(Number(schoolId)) ?? `校区${schoolId}`, kind_text: GIFT_REPORT_KINDS[k - 1].text, gift_name: name, given_qty: 0, given_value: 0, returned_qty: 0, returned_value: 0, return_charge: 0, points: 0, net_qty: 0, net_value: 0 };
      map.set(key, r);
    }
    return r;
  };
  for (const g of given.rows) Object.assign(row(1, g.school_id, g.gift_name), { given_qty: num(g.q), given_value: num(g.v) });
  for (const g of returned.rows) Object.assign(row(1, g.school_id, g.gift_name), { returned_qty: num(g.q), returned_value: num(g.v), return_charge: num(g.charge) });
  for (const g of exchanged.rows) Object.assign(row(2, g.school_id, g.gift_name), { given_qty: num(g.q), given_value: num(g.v), points: num(g.points) });
  return [...map.values()];
}

function derive(r: ReportRow): void {
  r.net_qty = Number(r.given_qty) - Number(r.returned_qty);
  r.net_value = Number(r.given_value) - Number(r.returned_value);
}

export const giftSource: ReportSource = { def: giftReport, call: giftReportCall, rows, derive };

import { sql } from 'kysely';
import { achievementReport, achievementReportCall } from '../../../src/contract/reports-achievement';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import type { ReportRow } from '../../../src/contract/reports';
import type { ReportContext, ReportSource } from './source';
import { inSchools } from './scope';
import { num } from './table';

/** Orders that count as signed: approved on (drafts, pending and rejected ones never were). */
const SIGNED_STATES = [ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress, ORDER_STATE.completed, ORDER_STATE.terminated, ORDER_STATE.refunded];
/** order_refund state 已退款 (REFUND_STATES): money paid out */
const REFUND_PAID = 6;

interface Acc {
  school_id: number;
  seller_id: number;
  seller_name: string;
  new_count: number;
  new_amount: number;
  renew_count: number;
  renew_amount: number;
  collected_amount: number;
  refund_count: number;
  refund_amount: number;
}

async function rows(ctx: ReportContext): Promise<ReportRow[]> {
  const { db, schools, period } = ctx;
  const kind = ctx.filters.sign_kind === undefined ? sql`1 = 1` : sql`o.if_first_sign = ${Number(ctx.filters.sign_kind)}`;
  const where = inSchools('o.school_id', schools.ids);
  const [signed, collected, refunds] = await Promise.all([
    sql<{ school_id: number; seller_id: number | null; seller_name: string | null; sign: number | null; n: number | string; amount: number | string | null }>`
      select o.school_id, o.seller_id, max(o.seller_name) as seller_name, o.if_first_sign as sign, count(*) as n, sum(o.deal_amount) as amount
      from order_form o
      where ${where} and o.del_flag = 0 and ${kind} and o.order_date >= ${period.from} and o.order_date <= ${period.to}
        and o.state in (${sql.join(SIGNED_STATES.map((s) => sql`${s}`))})
      group by o.school_id, o.seller_id, o.if_first_sign`.execute(db),
    sql<{ school_id: number; seller_id: number | null; seller_name: string | null; amount: number | string | null }>`
      select o.school_id, o.seller_id, max(o.seller_name) as seller_name, sum(p.amount) as amount
      from order_payment p join order_form o on o.id = p.order_id
      where ${where} and ${kind} and p.paid_at >= ${period.start} and p.paid_at < ${period.end}
      group by o.school_id, o.seller_id`.execute(db),
    sql<{ school_id: number; seller_id: number | null; seller_name: string | null; n: number | string; amount: number | string | null }>`
      select o.school_id, o.seller_id, max(o.seller_name) as seller_name, count(*) as n, sum(r.amount) as amount
      from order_refund r join order_form o on o.id = r.order_id
      where ${where} and ${kind} and r.state = ${REFUND_PAID} and r.refunded_at >= ${period.start} and r.refunded_at < ${period.end}
      group by o.school_id, o.seller_id`.execute(db),
  ]);
  const map = new Map<string, Acc>();
  const acc = (schoolId: number, sellerId: number | null, name: string | null): Acc => {
    const key = `${schoolId}:${sellerId ?? 0}`;
    let a = map.get(key);
    if (!a) map.set(key, (a = { school_id: Number(schoolId), seller_id: Number(sellerId ?? 0), seller_name: name ?? '未指定', new_count: 0, new_amount: 0, renew_count: 0, renew_amount: 0, collected_amount: 0, refund_count: 0, refund_amount: 0 }));
    return a;
  };
  for (const r of signed.rows) {
    const a = acc(r.school_id, r.seller_id, r.seller_name);
    if (Number(r.sign) === 2) {
      a.renew_count += num(r.n);
      a.renew_amount += num(r.amount);
    } else {
      a.new_count += num(r.n);
      a.new_amount += num(r.amount);
    }
  }
  for (const r of collected.rows) acc(r.school_id, r.seller_id, r.seller_name).collected_amount += num(r.amount);
  for (const r of refunds.rows) {
    const a = acc(r.school_id, r.seller_id, r.seller_name);
    a.refund_count += num(r.n);
    a.refund_amount += num(r.amount);
  }
  return [...map.values()].map((a) => ({
    school_name: schools.names.get(a.school_id) ?? `校区${a.school_id}`,
    seller_name: a.seller_name,
    new_count: a.new_count,
    new_amount: a.new_amount,
    renew_count: a.renew_count,
    renew_amount: a.renew_amount,
    signed_amount: a.new_amount + a.renew_amount,
    collected_amount: a.collected_amount,
    refund_count: a.refund_count,
    refund_amount: a.refund_amount,
    net_amount: a.collected_amount - a.refund_amount,
  }));
}

export const achievementSource: ReportSource = { def: achievementReport, call: achievementReportCall, rows };

import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../lib/http';
import { nowText } from '../../../lib/time';
import { FLOW_KINDS, type FlowKind } from '../../../../src/contract/resources/finance-flows';
import type { ChannelSummary, ReconciliationAnswer } from '../../../../src/contract/finance-flows';
import { channelName, flowTable } from './common';
import { receiptSource, type ReceiptForReconciliation } from './receipts';

/** Result codes of fin_reconciliation_records (RECON_RESULTS). */
export const MATCHED = 1;
export const FLOW_ONLY = 2;
export const RECEIPT_ONLY = 3;
export const MISMATCH = 4;
export const MANUAL = 5;

/** A receipt and a flow of the same amount this close in time are taken as one payment. */
const MATCH_WINDOW_MS = 2 * 60 * 60 * 1000;

interface DayFlow {
  kind: FlowKind;
  id: number;
  trade_no: string;
  order_no: string | null;
  /** signed fen: a refund negative */
  amount: number;
  at: number;
}

function timeOf(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}

async function flowsOfDay(db: Kysely<Database>, schoolId: number, day: string): Promise<DayFlow[]> {
  const out: DayFlow[] = [];
  for (const { kind } of FLOW_KINDS) {
    const rows = await db
      .selectFrom(flowTable(kind))
      .select(['id', 'trade_no', 'order_no', 'amount', 'trade_type', 'pay_time'])
      .where('school_id', '=', schoolId)
      .where('pay_time', '>=', `${day} 00:00:00`)
      .where('pay_time', '<=', `${day} 23:59:59`)
      .execute();
    for (const r of rows) out.push({ kind, id: r.id, trade_no: r.trade_no, order_no: r.order_no, amount: Number(r.trade_type) === 2 ? -Number(r.amount) : Number(r.amount), at: timeOf(r.pay_time) });
  }
  return out.sort((a, b) => a.at - b.at || a.id - b.id);
}

interface RecordValues {
  result: number;
  flow_kind: string | null;
  flow_id: number | null;
  trade_no: string | null;
  flow_amount: number;
  receipt_id: number | null;
  receipt_no: string | null;
  receipt_amount: number;
  diff_amount: number;
  state: number;
}

/**
 * Pairs a day's flows with its receipts: first by the channel reference a receipt names (trade
 * or order number; a pair whose amounts differ is a 金额不符 difference), then by the same amount
 * within two hours (nearest first, and the receipt's channel when it names one). What is left is
 * 仅渠道有 or 仅收据有. Pure: the caller writes the result.
 */
export function matchDay(flows: readonly DayFlow[], receipts: readonly ReceiptForReconciliation[]): RecordValues[] {
  const out: RecordValues[] = [];
  const freeReceipts = new Map(receipts.map((r) => [r.id, r]));
  const byRef = new Map<string, ReceiptForReconciliation[]>();
  for (const r of receipts) if (r.reference) byRef.set(r.reference, [...(byRef.get(r.reference) ?? []), r]);
  const pair = (f: DayFlow, r: ReceiptForReconciliation): RecordValues => ({
    result: f.amount === r.amount ? MATCHED : MISMATCH,
    flow_kind: f.kind,
    flow_id: f.id,
    trade_no: f.trade_no,
    flow_amount: f.amount,
    receipt_id: r.id,
    receipt_no: r.receipt_no,
    receipt_amount: r.amount,
    diff_amount: f.amount - r.amount,
    state: f.amount === r.amount ? 1 : 0,
  });
  const left: DayFlow[] = [];
  for (const f of flows) {
    const r = [...(byRef.get(f.trade_no) ?? []), ...(f.order_no ? (byRef.get(f.order_no) ?? []) : [])].find((x) => freeReceipts.has(x.id));
    if (r) {
      freeReceipts.delete(r.id);
      out.push(pair(f, r));
    } else left.push(f);
  }
  const byAmount = new Map<number, ReceiptForReconciliation[]>();
  for (const r of freeReceipts.values()) byAmount.set(r.amount, [...(byAmount.get(r.amount) ?? []), r]);
  for (const f of left) {
    let best: ReceiptForReconciliation | undefined;
    let bestGap = Infinity;
    for (const r of byAmount.get(f.amount) ?? []) {
      if (!freeReceipts.has(r.id) || (r.channel !== null && r.channel !== f.kind)) continue;
      const gap = Math.abs(timeOf(r.paid_at) - f.at);
      if (gap <= MATCH_WINDOW_MS && gap < bestGap) {
        best = r;
        bestGap = gap;
      }
    }
    if (best) {
      freeReceipts.delete(best.id);
      out.push(pair(f, best));
    } else {
      out.push({ result: FLOW_ONLY, flow_kind: f.kind, flow_id: f.id, trade_no: f.trade_no, flow_amount: f.amount, receipt_id: null, receipt_no: null, receipt_amount: 0, diff_amount: f.amount, state: 0 });
    }
  }
  for (const r of freeReceipts.values()) {
    out.push({ result: RECEIPT_ONLY, flow_kind: r.channel, flow_id: null, trade_no: null, flow_amount: 0, receipt_id: r.id, receipt_no: r.receipt_no, receipt_amount: r.amount, diff_amount: -r.amount, state: 0 });
  }
  return out;
}

/** The day's row, created when first reconciled. */
export async function dayRow(db: Kysely<Database>, schoolId: number, day: string, userId: number): Promise<{ id: number; state: number }> {
  const found = await db.selectFrom('fin_reconciliations').select(['id', 'state']).where('school_id', '=', schoolId).where('recon_date', '=', day).executeTakeFirst();
  if (found) return { id: found.id, state: Number(found.state) };
  const now = nowText();
  const row = await db
    .insertInto('fin_reconciliations')
    .values({
      school_id: schoolId,
      recon_date: day,
      state: 0,
      flow_count: 0,
      flow_amount: 0,
      receipt_count: 0,
      receipt_amount: 0,
      matched_count: 0,
      diff_count: 0,
      pending_count: 0,
      reconciled_at: null,
      closed_at: null,
      reopen_count: 0,
      remark: null,
      created_at: now,
      updated_at: now,
      created_by: userId,
      updated_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, state: 0 };
}

/** Sets the flows' reconciliation state from the day's records (per channel, chunked). */
async function markFlows(db: Kysely<Database>, records: readonly { flow_kind: string | null; flow_id: number | null; result: number; state: number }[]): Promise<void> {
  const groups = new Map<string, number[]>();
  for (const r of records) {
    if (r.flow_id === null || !r.flow_kind) continue;
    const flowState = r.result === MATCHED ? 1 : r.state === 1 ? 3 : 2;
    const key = `${r.flow_kind}|${flowState}`;
    groups.set(key, [...(groups.get(key) ?? []), r.flow_id]);
  }
  for (const [key, ids] of groups) {
    const [kind, state] = key.split('|');
    for (let i = 0; i < ids.length; i += 500) {
      await db.updateTable(flowTable(kind as FlowKind)).set({ recon_state: Number(state) }).where('id', 'in', ids.slice(i, i + 500)).execute();
    }
  }
}

/**
 * Reconciles one campus-day: keeps resolved differences and manual records as they are, pairs
 * every other flow and receipt of the day again, stores the records and the day's totals.
 */
export async function reconcileDay(db: Kysely<Database>, schoolId: number, day: string, userId: number): Promise<ReconciliationAnswer> {
  const recon = await dayRow(db, schoolId, day, userId);
  if (recon.state === 1) throw new ApiError(409, `${day} 已关账，不能重新对账，请先重新打开该对账日`);
  // what a person decided stays: resolved differences and manual records
  await db.deleteFrom('fin_reconciliation_records').where('recon_id', '=', recon.id).where('result', '<>', MANUAL).where((eb) => eb.or([eb('state', '=', 0), eb('result', '=', MATCHED)])).execute();
  const kept = await db.selectFrom('fin_reconciliation_records').select(['flow_kind', 'flow_id', 'receipt_id']).where('recon_id', '=', recon.id).execute();
  const keptFlows = new Set(kept.filter((k) => k.flow_id !== null).map((k) => `${k.flow_kind}|${k.flow_id}`));
  const keptReceipts = new Set(kept.filter((k) => k.receipt_id !== null).map((k) => k.receipt_id));
  const flows = (await flowsOfDay(db, schoolId, day)).filter((f) => !keptFlows.has(`${f.kind}|${f.id}`));
  const receipts = (await receiptSource().receiptsOfDay(db, schoolId, day)).filter((r) => !keptReceipts.has(r.id));
  const records = matchDay(flows, receipts);
  const now = nowText();
  for (let i = 0; i < records.length; i += 200) {
    await db
      .insertInto('fin_reconciliation_records')
      .values(records.slice(i, i + 200).map((r) => ({ ...r, school_id: schoolId, recon_id: recon.id, reason: null, resolved_at: null, created_at: now, updated_at: now, created_by: userId, updated_by: userId })))
      .execute();
  }
  await markFlows(db, records);
  await refreshDay(db, recon.id, now);
  return daySummary(db, recon.id);
}

/** Recomputes a day's totals from its records. */
export async function refreshDay(db: Kysely<Database>, reconId: number, reconciledAt?: string): Promise<void> {
  const rows = await db.selectFrom('fin_reconciliation_records').select(['result', 'state', 'flow_id', 'flow_amount', 'receipt_id', 'receipt_amount']).where('recon_id', '=', reconId).execute();
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
  await db
    .updateTable('fin_reconciliations')
    .set({
      flow_count: sum((r) => (r.flow_id === null ? 0 : 1)),
      flow_amount: sum((r) => Number(r.flow_amount)),
      receipt_count: sum((r) => (r.receipt_id === null ? 0 : 1)),
      receipt_amount: sum((r) => Number(r.receipt_amount)),
      matched_count: sum((r) => (Number(r.result) === MATCHED ? 1 : 0)),
      diff_count: sum((r) => (Number(r.result) === MATCHED ? 0 : 1)),
      pending_count: sum((r) => (Number(r.state) === 0 ? 1 : 0)),
      ...(reconciledAt ? { reconciled_at: reconciledAt, updated_at: reconciledAt } : {}),
    })
    .where('id', '=', reconId)
    .execute();
}

/** The day with its differences per channel. */
export async function daySummary(db: Kysely<Database>, reconId: number): Promise<ReconciliationAnswer> {
  const day = await db.selectFrom('fin_reconciliations').selectAll().where('id', '=', reconId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('fin_reconciliation_records').select(['flow_kind', 'result', 'state', 'flow_id', 'flow_amount', 'receipt_amount', 'diff_amount']).where('recon_id', '=', reconId).execute();
  const channels = new Map<string, ChannelSummary>();
  for (const r of rows) {
    const kind = r.flow_kind ?? '';
    let c = channels.get(kind);
    if (!c) {
      c = { kind, channel: kind ? channelName(kind) : '未知渠道', flow_count: 0, flow_amount: 0, matched_count: 0, matched_amount: 0, flow_only_count: 0, flow_only_amount: 0, receipt_only_count: 0, receipt_only_amount: 0, mismatch_count: 0, diff_amount: 0, pending_count: 0 };
      channels.set(kind, c);
    }
    const result = Number(r.result);
    if (r.flow_id !== null) {
      c.flow_count++;
      c.flow_amount += Number(r.flow_amount);
    }
    if (result === MATCHED) {
      c.matched_count++;
      c.matched_amount += Number(r.flow_amount);
    } else if (result === FLOW_ONLY) {
      c.flow_only_count++;
      c.flow_only_amount += Number(r.flow_amount);
    } else if (result === RECEIPT_ONLY) {
      c.receipt_only_count++;
      c.receipt_only_amount += Number(r.receipt_amount);
    } else if (result === MISMATCH) c.mismatch_count++;
    if (result !== MATCHED) c.diff_amount += Number(r.diff_amount);
    if (Number(r.state) === 0) c.pending_count++;
  }
  const order = (k: string) => {
    const i = FLOW_KINDS.findIndex((f) => f.kind === k);
    return i < 0 ? 99 : i;
  };
  return {
    recon_id: day.id,
    school_id: day.school_id,
    recon_date: day.recon_date,
    state: Number(day.state),
    flow_count: Number(day.flow_count),
    flow_amount: Number(day.flow_amount),
    receipt_count: Number(day.receipt_count),
    receipt_amount: Number(day.receipt_amount),
    matched_count: Number(day.matched_count),
    diff_count: Number(day.diff_count),
    pending_count: Number(day.pending_count),
    channels: [...channels.values()].sort((a, b) => order(a.kind) - order(b.kind)),
  };
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from './http';
import { nowText } from './time';

/**
 * Human-readable document numbers (orders, contracts, receipts, refunds; DESIGN §7), issued by the
 * server per kind, scope and period, unique and gapless under concurrency. One upsert raises the
 * counter row of `number_sequence` (migration 0350) and answers the new value: PostgreSQL holds
 * the row's lock until the caller's transaction ends, so a concurrent issuer waits and then sees
 * the raised value; SQLite's transactions begin immediate (server/db/sqlite-immediate.ts), so
 * only one writer runs at a time. The number must be issued in the transaction that writes the
 * document: a rollback takes the counter back with it, and the next document gets the same number.
 *
 *   const no = await nextNumber(trx, { kind: 'SK', scope: String(schoolId), period: periodOf('month') });
 *   // 'SK202611-000123'
 */

interface NumberSequenceTable {
  kind: string;
  scope: string;
  period: string;
  last_value: number;
}

declare module '../db/schema' {
  interface Database {
    number_sequence: NumberSequenceTable;
  }
}

export interface NumberKey {
  /** the document kind, also the number's prefix: letters and digits, e.g. 'SK' (收款), 'HT' */
  kind: string;
  /** whose series: a campus id, or 'all' for one series across campuses */
  scope: string;
  /** the series' period, 'YYYY' or 'YYYYMM' in Asia/Shanghai (see periodOf) */
  period: string;
}

const KIND_RE = /^[A-Z][A-Z0-9]{0,15}$/;
const SCOPE_RE = /^[A-Za-z0-9_-]{1,32}$/;
const PERIOD_RE = /^\d{4}(\d{2})?$/;
/** digits of the counter in the formatted number; a larger counter simply has more digits */
const WIDTH = 6;

/** The period key of `atMs` in Asia/Shanghai: 'YYYY' for 'year', 'YYYYMM' for 'month'. */
export function periodOf(per: 'year' | 'month', atMs = Date.now()): string {
  const text = nowText(atMs);
  return per === 'year' ? text.slice(0, 4) : `${text.slice(0, 4)}${text.slice(5, 7)}`;
}

/** 'SK' + '202611' + '-' + '000123'. */
export function formatNumber(key: NumberKey, value: number): string {
  return `${key.kind}${key.period}-${String(value).padStart(WIDTH, '0')}`;
}

/** Issues the next number of the series inside `trx` (the transaction that writes the document). */
export async function nextNumber(trx: Kysely<Database>, key: NumberKey): Promise<string> {
  if (!trx.isTransaction) throw new Error('nextNumber 必须在写入单据的事务中调用');
  // a bad key is a programming error of the calling area, but still answered in Chinese
  if (!KIND_RE.test(key.kind) || !SCOPE_RE.test(key.scope) || !PERIOD_RE.test(key.period)) {
    throw new ApiError(400, `单据编号参数不正确：${key.kind}/${key.scope}/${key.period}`);
  }
  const row = await trx
    .insertInto('number_sequence')
    .values({ kind: key.kind, scope: key.scope, period: key.period, last_value: 1 })
    .onConflict((oc) => oc.columns(['kind', 'scope', 'period']).doUpdateSet({ last_value: sql<number>`number_sequence.last_value + 1` }))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return formatNumber(key, Number(row.last_value));
}

import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { dialectOf, unsampledKey } from '../db/dialect';
import { ApiError } from './http';
import { nowText } from './time';

/**
 * Posting to an append-only ledger (DESIGN §7; its table: server/lib/ledger-table.ts). Every change
 * of money, hours or points is a new row carrying the balance after it; nothing is edited, a
 * mistake is reversed by the exact opposite row.
 *
 *   export const accountFlow = defineLedger({ table: 'fin_stu_account_flow', mayGoNegative: () => false });
 *   await accountFlow.post(trx, `student:${id}`, 5000, { bizType: 'deposit', refType: 'receipt', refId: no, by: userId });
 *
 * Concurrent posts to one account take turns: PostgreSQL takes a transaction-scoped advisory lock
 * on (table, account) before reading the last balance (at READ COMMITTED the read after the lock
 * sees what the previous holder committed); SQLite transactions begin immediate, so one writer
 * runs at a time. The lock is held until the caller's transaction ends, so post inside the
 * transaction that writes the business record.
 */

export interface PostMeta {
  /** deposit, payment, refund, consumption, gift, transfer_in, forfeit, correction… */
  bizType: string;
  refType?: string;
  refId?: string | number;
  reason?: string;
  /** user id of who posts it */
  by?: number;
  /** posting time; defaults to now (Asia/Shanghai text) */
  at?: string;
}

export interface LedgerRow {
  id: number;
  account_key: string;
  seq: number;
  amount: number;
  balance_after: number;
  biz_type: string;
  ref_type: string | null;
  ref_id: string | null;
  reverses_id: number | null;
  reason: string | null;
  created_by: number | null;
  created_at: string;
}

/** An account whose stored chain does not add up, at its first broken row. */
export interface BalanceBreak {
  account_key: string;
  id: number;
  seq: number;
  balance_after: number;
  /** the sum of the account's amounts up to and including this row */
  expected: number;
}

export interface LedgerDef {
  table: string;
  /** whether an account of this ledger may go below zero (default: never) */
  mayGoNegative?: (account: string) => boolean;
  /**
   * The campus an account's rows are posted at (a subquery on the account's owner), stamped into
   * the table's `school_id` column: a campus's day of rows is then read by index, not owner by owner.
   */
  campusOf?: (account: string) => RawBuilder<number | null>;
}

export interface Ledger {
  readonly table: string;
  balance(db: Kysely<Database>, account: string): Promise<number>;
  post(trx: Kysely<Database>, account: string, amount: number, meta: PostMeta): Promise<LedgerRow>;
  /**
   * Posts several rows on ONE account in order, as that many `post` calls would (same checks, the
   * chain continued row by row, refused as a whole when the balance would go below zero), with one
   * lock, one read and one insert per 200 rows: a batch such as the demo's past check-ins.
   */
  postMany(trx: Kysely<Database>, account: string, rows: readonly { amount: number; meta: PostMeta }[]): Promise<void>;
  reverse(trx: Kysely<Database>, rowId: number, reason: string, by?: number): Promise<LedgerRow>;
  checkBalances(db: Kysely<Database>): Promise<BalanceBreak[]>;
}

export const INSUFFICIENT_MSG = '余额不足';

function numberRow(r: LedgerRow): LedgerRow {
  // PostgreSQL's bigint arrives as a number (server/db/index.ts), SQLite's as a number already;
  // Number() keeps the type honest for drivers that answer strings
  return { ...r, amount: Number(r.amount), balance_after: Number(r.balance_after), seq: Number(r.seq), id: Number(r.id) };
}

export function defineLedger(def: LedgerDef): Ledger {
  const t = sql.table(def.table);
  const mayGoNegative = def.mayGoNegative ?? (() => false);
  const campusColumn = def.campusOf ? sql`, school_id` : sql``;
  const campusValue = (account: string) => (def.campusOf ? sql`, ${def.campusOf(account)}` : sql``);

  async function lockAccount(trx: Kysely<Database>, account: string): Promise<void> {
    if (!trx.isTransaction) throw new Error(`账本 ${def.table} 只能在事务中记账`);
    if (dialectOf(trx as unknown as Kysely<unknown>) === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtext(${`${def.table}:${account}`}))`.execute(trx);
    }
  }

  async function lastRow(db: Kysely<Database>, account: string): Promise<{ seq: number; balance_after: number } | undefined> {
    const r = await sql<{ seq: number; balance_after: number }>`select seq, balance_after from ${t} where account_key = ${unsampledKey(account)} order by seq desc limit 1`.execute(db);
    const row = r.rows[0];
    return row ? { seq: Number(row.seq), balance_after: Number(row.balance_after) } : undefined;
  }

  async function insert(trx: Kysely<Database>, account: string, amount: number, meta: PostMeta, reversesId: number | null): Promise<LedgerRow> {
    // The row continues the account's last row, read by the insert itself (a statement less per
    // posting). A debit the balance cannot cover inserts nothing and is refused with the balance.
    const refuseBelowZero = amount < 0 && !mayGoNegative(account);
    const r = await sql<LedgerRow>`insert into ${t} (account_key, seq, amount, balance_after, biz_type, ref_type, ref_id, reverses_id, reason, created_by, created_at${campusColumn})
      select ${account}, coalesce(l.seq, 0) + 1, ${amount}, coalesce(l.balance_after, 0) + ${amount}, ${meta.bizType}, ${meta.refType ?? null}, ${meta.refId === undefined ? null : String(meta.refId)},
        ${reversesId}, ${meta.reason ?? null}, ${meta.by ?? null}, ${meta.at ?? nowText()}${campusValue(account)}
      from (select 1 as one) o left join (select seq, balance_after from ${t} where account_key = ${unsampledKey(account)} order by seq desc limit 1) l on 1 = 1
      ${refuseBelowZero ? sql`where coalesce(l.balance_after, 0) + ${amount} >= 0` : sql``}
      returning *`.execute(trx);
    const row = r.rows[0];
    if (!row) throw new ApiError(400, `${INSUFFICIENT_MSG}：当前余额 ${(await lastRow(trx, account))?.balance_after ?? 0}，本次扣减 ${-amount}`);
    return numberRow(row);
  }

  return {
    table: def.table,

    async balance(db, account) {
      return (await lastRow(db, account))?.balance_after ?? 0;
    },

    async post(trx, account, amount, meta) {
      if (!Number.isSafeInteger(amount) || amount === 0) throw new ApiError(400, '记账金额必须是非零整数（分或百分之一课时）');
      if (!account || account.length > 64) throw new ApiError(400, '记账账户不正确');
      if (!meta.bizType || meta.bizType.length > 32) throw new ApiError(400, '记账业务类型不正确');
      if (meta.reason && meta.reason.length > 200) throw new ApiError(400, '原因不能超过200个字符');
      await lockAccount(trx, account);
      return insert(trx, account, amount, meta, null);
    },

    async postMany(trx, account, rows) {
      if (rows.length === 0) return;
      if (!account || account.length > 64) throw new ApiError(400, '记账账户不正确');
      for (const { amount, meta } of rows) {
        if (!Number.isSafeInteger(amount) || amount === 0) throw new ApiError(400, '记账金额必须是非零整数（分或百分之一课时）');
        if (!meta.bizType || meta.bizType.length > 32) throw new ApiError(400, '记账业务类型不正确');
        if (meta.reason && meta.reason.length > 200) throw new ApiError(400, '原因不能超过200个字符');
      }
      await lockAccount(trx, account);
      const last = await lastRow(trx, account);
      let seq = last?.seq ?? 0;
      let balance = last?.balance_after ?? 0;
      const values = rows.map(({ amount, meta }) => {
        const before = balance;
        balance += amount;
        if (balance < 0 && amount < 0 && !mayGoNegative(account)) throw new ApiError(400, `${INSUFFICIENT_MSG}：当前余额 ${before}，本次扣减 ${-amount}`);
        seq += 1;
        return sql`(${account}, ${seq}, ${amount}, ${balance}, ${meta.bizType}, ${meta.refType ?? null}, ${meta.refId === undefined ? null : String(meta.refId)}, ${null}, ${meta.reason ?? null}, ${meta.by ?? null}, ${meta.at ?? nowText()}${campusValue(account)})`;
      });
      for (let i = 0; i < values.length; i += 200) {
        await sql`insert into ${t} (account_key, seq, amount, balance_after, biz_type, ref_type, ref_id, reverses_id, reason, created_by, created_at${campusColumn})
          values ${sql.join(values.slice(i, i + 200))}`.execute(trx);
      }
    },

    async reverse(trx, rowId, reason, by) {
      const text = reason.trim();
      if (!text) throw new ApiError(400, '请填写冲正原因');
      if (text.length > 200) throw new ApiError(400, '冲正原因不能超过200个字符');
      // rows never change, so the original may be read before the account's lock is taken
      const found = await sql<LedgerRow>`select * from ${t} where id = ${rowId}`.execute(trx);
      const original = found.rows[0] ? numberRow(found.rows[0]) : undefined;
      if (!original) throw new ApiError(404, '账本记录不存在');
      if (original.reverses_id !== null) throw new ApiError(400, '冲正记录不能再冲正');
      await lockAccount(trx, original.account_key);
      const done = await sql<{ id: number }>`select id from ${t} where reverses_id = ${rowId}`.execute(trx);
      if (done.rows.length > 0) throw new ApiError(400, '该记录已冲正，不能重复冲正');
      return insert(trx, original.account_key, -original.amount, { bizType: 'reversal', refType: original.ref_type ?? undefined, refId: original.ref_id ?? undefined, reason: text, by }, rowId);
    },

    async checkBalances(db) {
      // the running sum per account in the database (window function: both SQLite and PostgreSQL),
      // so only broken rows come back; seq must count 1, 2, 3… without holes
      const r = await sql<BalanceBreak & { rn: number }>`select account_key, id, seq, balance_after, expected, rn from (
          select account_key, id, seq, balance_after,
            sum(amount) over (partition by account_key order by seq rows between unbounded preceding and current row) as expected,
            row_number() over (partition by account_key order by seq) as rn
          from ${t}) chain
        where balance_after <> expected or seq <> rn
        order by account_key, seq`.execute(db);
      const firstPerAccount = new Map<string, BalanceBreak>();
      for (const row of r.rows) {
        if (!firstPerAccount.has(row.account_key)) {
          firstPerAccount.set(row.account_key, { account_key: row.account_key, id: Number(row.id), seq: Number(row.seq), balance_after: Number(row.balance_after), expected: Number(row.expected) });
        }
      }
      return [...firstPerAccount.values()];
    },
  };
}

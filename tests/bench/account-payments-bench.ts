import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { bearerOf } from '../../src/contract/session';
import type { AccountResult } from '../../src/contract/finance-accounts';
import { nowText } from '../../server/lib/time';
import { startServer, stopServer } from './api-bench';

/**
 * Issue 16's "concurrent payments from one account (100 parallel) with the final balance exact":
 * a new student at the bench campus gets 50.00 yuan deposited, then 100 refunds out of the account
 * (fn_student_account/refund, 0.70 yuan each) are sent at once over HTTP to the real server with
 * two worker processes (server/main.ts, WORKERS=2: two processes write the same SQLite file), on
 * the bench database with its millions of flows. Exactly 71 may pass; the balance must end at
 * 0.30 yuan, equal to the sum of the account's ledger, never below zero on the way.
 */
export interface PaymentsFigures {
  parallel: number;
  succeeded: number;
  refused: number;
  /** refusals that were not 余额不足 (should be none) */
  otherErrors: number;
  finalBalance: number;
  expectedBalance: number;
  ledgerSum: number;
  lowestBalanceAfter: number;
  exact: boolean;
  wallMs: number;
}

const DEPOSIT = 5000;
const EACH = 70;

export async function concurrentPayments(dataDir: string, schoolId: number, parallel = 100): Promise<PaymentsFigures> {
  const file = path.join(dataDir, 'campus-desk.db');
  const raw = new Sqlite(file);
  const now = nowText();
  const studentId = Number(
    raw.prepare("insert into student (name, gender, parent_phone, state, school_id, del_flag, remark, created_at, updated_at) values ('压测并发付款', 1, '13900000000', 1, ?, 0, 'bench', ?, ?)").run(schoolId, now, now).lastInsertRowid,
  );
  raw.close();
  const { port, child } = await startServer(dataDir, 2);
  try {
    const base = `http://127.0.0.1:${port}/api/v1`;
    const post = async <T>(p: string, body: unknown, headers: Record<string, string> = {}): Promise<{ code: number; msg: string; data: T }> => {
      const res = await fetch(`${base}/${p}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await res.json()) as { code: number; msg: string; data: T };
    };
    const login = await post<{ token: string; login_id: string; domain: string }>('sso/login', { login_id: 'finance', password: 'demo123' });
    if (login.code !== 200) throw new Error(`登录失败: ${login.msg}`);
    const auth = { token: login.data.token, authorization: bearerOf(login.data.login_id, login.data.token, login.data.domain) };
    const deposit = await post<AccountResult>('fn_student_account/deposit_payment', { student_id: studentId, amount: DEPOSIT, pay_method: 'cash', remark: '并发压测' }, auth);
    if (deposit.code !== 200) throw new Error(`充值失败: ${deposit.msg}`);
    const t0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: parallel }, () => post<AccountResult>('fn_student_account/refund', { student_id: studentId, amount: EACH, pay_method: 'cash', reason: '并发压测' }, auth)),
    );
    const wallMs = performance.now() - t0;
    const succeeded = answers.filter((a) => a.code === 200).length;
    const refused = answers.length - succeeded;
    const otherErrors = answers.filter((a) => a.code !== 200 && !a.msg.startsWith('余额不足')).length;
    const check = new Sqlite(file, { readonly: true });
    const key = `student:${studentId}`;
    const ledger = check.prepare('select coalesce(sum(amount), 0) as total, min(balance_after) as lowest from fin_stu_account_flow where account_key = ?').get(key) as { total: number; lowest: number };
    const last = check.prepare('select balance_after from fin_stu_account_flow where account_key = ? order by seq desc limit 1').get(key) as { balance_after: number };
    check.close();
    const expectedBalance = DEPOSIT - Math.min(parallel, Math.floor(DEPOSIT / EACH)) * EACH;
    const finalBalance = Number(last.balance_after);
    return {
      parallel,
      succeeded,
      refused,
      otherErrors,
      finalBalance,
      expectedBalance,
      ledgerSum: Number(ledger.total),
      lowestBalanceAfter: Number(ledger.lowest),
      exact: finalBalance === expectedBalance && Number(ledger.total) === finalBalance && succeeded === Math.floor(DEPOSIT / EACH) && otherErrors === 0 && Number(ledger.lowest) >= 0,
      wallMs,
    };
  } finally {
    await stopServer(child);
  }
}

import { defineLedger } from '../../lib/ledger';

/**
 * The student account (储值账户) ledger: one account per student, key `student:<id>`, amounts in
 * fen, never below zero (also under concurrent payments: server/lib/ledger.ts locks the account).
 */
export const accountFlow = defineLedger({ table: 'fin_stu_account_flow' });

export function accountKey(studentId: number): string {
  return `student:${studentId}`;
}

import { sql } from 'kysely';
import { defineLedger } from '../../lib/ledger';

/**
 * The student account (储值账户) ledger: one account per student, key `student:<id>`, amounts in
 * fen, never below zero (also under concurrent payments: server/lib/ledger.ts locks the account).
 */
export const accountFlow = defineLedger({
  table: 'fin_stu_account_flow',
  // the student's campus when the row is posted: a campus-day of the account ledger reads by index
  campusOf: (account) => {
    const id = Number(account.slice('student:'.length));
    return sql<number | null>`(select school_id from student where id = ${Number.isSafeInteger(id) ? id : null})`;
  },
});

export function accountKey(studentId: number): string {
  return `student:${studentId}`;
}

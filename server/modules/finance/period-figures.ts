import type { Kysely } from 'kysely';
import type { AmountRow, InstallmentFigures, ReceiptTotals } from '../../../src/contract/finance-reports';
import type { Database } from '../../db/schema';
import { byMethod, installmentFigures, receiptGroups, totalsOf } from './reports';

export interface FinancePeriodFigures {
  totals: ReceiptTotals;
  by_method: AmountRow[];
  installments: InstallmentFigures;
}

/**
 * The finance dashboard's figures for any days from..to (business dates, inclusive) at some
 * campuses (undefined: all): the same computation as 财务看板 (receipts by kind and channel, open
 * installment plans), for other areas' dashboards (the 首页) through the public module.
 */
export async function financePeriodFigures(db: Kysely<Database>, from: string, to: string, schools: readonly number[] | undefined): Promise<FinancePeriodFigures> {
  const [groups, installments] = await Promise.all([receiptGroups(db, from, to, schools), installmentFigures(db, schools)]);
  return { totals: totalsOf(groups), by_method: byMethod(groups), installments };
}

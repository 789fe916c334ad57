import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CHECK_IN_REF } from '../../../server/modules/classes';
import { ledgerViolations } from '../../../server/modules/orders';
import { checkFinanceLedgers } from '../../../server/modules/finance';
import { createTestServer, type TestServer } from '../helpers';

/**
 * The demo database keeps the ledger as the live system does: every consuming demo check-in posted
 * its consumption (hours and the money with them) on the orders area's ledger, so the balances the
 * class screens show, the consumed hours and the consumed money all come from the same rows and
 * `npm run ledger:check` (ledgerViolations + checkFinanceLedgers) finds nothing.
 */

let s: TestServer;

beforeAll(async () => {
  s = await createTestServer();
}, 300_000);

afterAll(async () => {
  await s?.close();
});

describe('demo data on the hours ledger', () => {
  it('posts each consuming demo check-in once, with money, and the whole database passes ledger:check', async () => {
    const db = s.db;
    const checkIns = await db.selectFrom('edu_check_in').select(['id', 'hours']).where('state', '=', 1).where('hours', '>', 0).execute();
    expect(checkIns.length).toBeGreaterThan(100);
    const posted = await db
      .selectFrom('order_hours_flow')
      .select(['ref_id', sql<string>`sum(amount)`.as('hours')])
      .where('ref_type', '=', CHECK_IN_REF)
      .groupBy('ref_id')
      .execute();
    const byCheckIn = new Map(posted.map((p) => [String(p.ref_id), Number(p.hours)]));
    const wrong = checkIns.filter((k) => byCheckIn.get(String(k.id)) !== -Math.round(Number(k.hours) * 100));
    expect(wrong).toEqual([]);

    // consumed money follows the hours: every check-in that took hours took money of its line
    const money = await db
      .selectFrom('order_money_flow')
      .select(['ref_id', sql<string>`sum(amount)`.as('fen')])
      .where('ref_type', '=', CHECK_IN_REF)
      .groupBy('ref_id')
      .execute();
    expect(money.length).toBe(checkIns.length);
    expect(money.every((m) => Number(m.fen) < 0)).toBe(true);

    // the class screens' balances equal the ledger, and nothing else is out of line
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await checkFinanceLedgers(db)).toEqual({ accountBreaks: [], receiptProblems: [] });
  }, 300_000);
});

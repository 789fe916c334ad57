import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelReport } from '../../../src/contract/marketing-funnel';
import { nowText } from '../../../server/lib/time';
import { recycleLeads } from '../../../server/modules/marketing';
import { ordersWorld, packOrder, type OrdersWorld } from '../orders/fixture';
import { insertLead, leadRow, ok, api, userId } from './funnel-fixtures';

/**
 * The funnel's 签约 stage is recorded by the product: a lead converted to a student (to_stu_load_school)
 * is signed when the student's first order passes audit, once, credited to the order's seller.
 */
const DAY = 86_400_000;
const COHORT = { lead_date_start: '2019-03-04', lead_date_end: '2019-03-04' };

let w: OrdersWorld;
let seller: number;
let tmk: number;

beforeAll(async () => {
  w = await ordersWorld();
  seller = await userId(w.s, 'sales');
  tmk = await userId(w.s, 'telemarketer');
}, 300_000);

afterAll(async () => w?.s.close());

async function signOrder(studentId: number): Promise<{ id: number; order_no: string }> {
  const added = await ok(w.s.call<{ id: number; order_no: string }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { student_id: studentId }) }));
  await ok(w.s.call('POST', api('order_form/check_order'), { headers: w.principal, json: { id: added.id, pass: 1 } }));
  return added;
}

describe('the funnel stage 签约', () => {
  it('is stamped when the converted student signs the first order, with the seller and the days, and only once', async () => {
    const trialAt = nowText(Date.now() - 3 * DAY);
    // a telemarketer's lead that came to a trial three days ago, no seller yet
    const id = await insertLead(w.s.db, { school_id: w.chaoyang, name: '签约漏斗', created_at: '2019-03-04 09:00:00', pool: 2, stage: 5, tmk_id: tmk, called_at: '2019-03-04 10:00:00', trial_at: trialAt });
    const converted = await ok(w.s.call<{ student_id: number }>('POST', api('mkt_resource/to_stu_load_school'), { headers: w.principal, json: { id } }));

    // a rejected order signs nothing
    const rejected = await ok(w.s.call<{ id: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { student_id: converted.student_id, submit: true }) }));
    await ok(w.s.call('POST', api('order_form/check_order'), { headers: w.principal, json: { id: rejected.id, pass: 0, remark: '重填' } }));
    expect((await leadRow(w.s.db, id)).signed_at).toBeNull();

    const first = await signOrder(converted.student_id);
    const order = await w.s.db.selectFrom('order_form').select(['audit_at', 'seller_id']).where('id', '=', first.id).executeTakeFirstOrThrow();
    const lead = await leadRow(w.s.db, id);
    expect([lead.signed_at, lead.stage, lead.seller_id, lead.pool, lead.tmk_id]).toEqual([order.audit_at, 6, seller, 3, tmk]);
    expect(order.seller_id).toBe(seller);
    const moves = await w.s.db.selectFrom('mkt_resource_move').select(['action', 'reason', 'to_owner']).where('resource_id', '=', id).where('action', '=', '签约').execute();
    expect(moves).toEqual([{ action: '签约', reason: `订单${first.order_no}审核通过`, to_owner: seller }]);

    const report = await ok(w.s.call<FunnelReport>('GET', api('mkt_funnel/report'), { headers: w.principal, query: { ...COHORT, group_by: 'seller', school_id: w.chaoyang } }));
    const row = report.rows.find((r) => r.key === seller);
    expect(row).toMatchObject({ name: '刘洋', counts: { lead: 1, called: 1, invited: 1, visited: 1, trial: 1, signed: 1 }, rates: { signed: 100 } });
    expect(row?.median_days.signed).toBe(3);

    // a second order of the student: the first sign stays, no second move
    await signOrder(converted.student_id);
    expect((await leadRow(w.s.db, id)).signed_at).toBe(order.audit_at);
    expect((await w.s.db.selectFrom('mkt_resource_move').select('id').where('resource_id', '=', id).where('action', '=', '签约').execute()).length).toBe(1);

    // a signed lead is the seller's customer: the recycling job leaves it, however long unfollowed
    await w.s.db.transaction().execute((trx) => recycleLeads(trx, Date.now() + 400 * DAY));
    expect((await leadRow(w.s.db, id)).pool).toBe(3);
  }, 120_000);
});

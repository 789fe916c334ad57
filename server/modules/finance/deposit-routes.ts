import { listOrder } from '../../lib/list-order';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { depositPlansCall, installmentPayCall, type DepositPeriod, type DepositPlanRow } from '../../../src/contract/finance-deposits';
import { INSTALLMENT_STATES } from '../../../src/contract/resources/orders-extras';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { inScope, whereInScope } from '../../lib/scope';
import { settleInstallment } from '../orders';
import { payFromAccount } from './accounts';
import { issueReceipt } from './receipts';
import { formatYuan } from '../../../src/lib/format/money';

/** Plan states that still take payments: 还款中, 已逾期, 逾期处理中 (server/modules/orders/installments.ts PLAN). */
const OPEN_PLANS = [1, 2, 3];
const stateText = (s: number) => INSTALLMENT_STATES.find((o) => o.value === s)?.text ?? String(s);

/** 定金与分期: the orders' installment plans as finance sees them, and the installment payment with its receipt. */
export function registerDepositRoutes(app: Hono<AppEnv>): void {
  mountCall(app, depositPlansCall, async ({ db, principal, query }) => {
    let q = whereInScope(
      db
        .selectFrom('order_installment as i')
        .leftJoin('order_form as o', 'o.id', 'i.order_id')
        .leftJoin('student as s', 's.id', 'i.student_id')
        .leftJoin('organisations as g', 'g.id', 'i.school_id'),
      'i.school_id',
      principal,
    );
    if (query.state !== undefined) q = q.where('i.state', '=', query.state);
    if (query.keyword) {
      const like = `%${query.keyword}%`;
      q = q.where((eb) => eb.or([eb('s.name', 'like', like), eb('o.order_no', 'like', like)]));
    }
    const total = await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select(['i.id', 'i.school_id', 'g.name as school_name', 'i.order_id', 'o.order_no', 'i.student_id', 's.name as student_name', 'i.total_amount', 'i.paid_amount', 'i.periods', 'i.next_due_date', 'i.state'])
      .$call((qb) => {
        // open plans first, the nearest due date first, unless the caller sorts by a column
        const order = listOrder(query.sort, { id: 'i.id', next_due_date: 'i.next_due_date', total_amount: 'i.total_amount', paid_amount: 'i.paid_amount', state: 'i.state' }, []);
        if (order.length === 0) return qb.orderBy(sql`case when i.state in (1, 2, 3) then 0 else 1 end`).orderBy(sql`coalesce(i.next_due_date, '9999-12-31')`).orderBy('i.id', 'desc');
        let sorted = qb;
        for (const [ref, dir] of order) sorted = sorted.orderBy(sql.ref(ref), dir);
        return sorted.orderBy('i.id', 'desc');
      })
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute();
    const ids = rows.map((r) => Number(r.id));
    const periods = ids.length === 0 ? [] : await db.selectFrom('order_installment_period').select(['installment_id', 'period_no', 'due_date', 'amount', 'paid_amount', 'state']).where('installment_id', 'in', ids).orderBy('period_no').execute();
    const content: DepositPlanRow[] = rows.map((r) => {
      const list: DepositPeriod[] = periods
        .filter((p) => Number(p.installment_id) === Number(r.id))
        .map((p) => ({ period_no: Number(p.period_no), due_date: p.due_date, amount: Number(p.amount), paid_amount: Number(p.paid_amount ?? 0), state: Number(p.state) }));
      const totalAmount = Number(r.total_amount);
      const paid = Number(r.paid_amount ?? 0);
      const state = Number(r.state ?? 1);
      return {
        id: Number(r.id),
        school_id: Number(r.school_id),
        school_name: r.school_name ?? null,
        order_id: Number(r.order_id),
        order_no: r.order_no ?? null,
        student_id: Number(r.student_id),
        student_name: r.student_name ?? null,
        total_amount: totalAmount,
        paid_amount: paid,
        owed: OPEN_PLANS.includes(state) ? totalAmount - paid : 0,
        periods: Number(r.periods),
        next_due_date: r.next_due_date ?? null,
        state,
        state_text: stateText(state),
        overdue_periods: list.filter((p) => p.state === 3).length,
        period_list: list,
      };
    });
    return { content, totalSize: Number(total.n) };
  });

  mountCall(app, installmentPayCall, async ({ db, principal, body }) => {
    const plan = await db.selectFrom('order_installment').select(['id', 'school_id', 'order_id', 'student_id', 'total_amount', 'paid_amount', 'state']).where('id', '=', body.id).executeTakeFirst();
    if (!plan || !inScope(principal, plan.school_id)) throw new ApiError(404, '分期订单不存在或无权访问');
    const state = Number(plan.state ?? 1);
    if (!OPEN_PLANS.includes(state)) throw new ApiError(409, `分期订单${stateText(state)}，不能收款`);
    const owed = Number(plan.total_amount) - Number(plan.paid_amount ?? 0);
    if (body.amount > owed) throw new ApiError(400, `还款金额 ${formatYuan(body.amount)} 元超过未还金额 ${formatYuan(owed)} 元`);
    // money from the student's account leaves the account first (refused 余额不足, rolling all back);
    // like an order's account payment, the receipt names the plan, not the account row
    if (body.pay_method === 'account')
      await payFromAccount(db, { studentId: Number(plan.student_id), amountFen: body.amount, refType: 'order_installment', refId: String(plan.id), by: principal.userId, reason: '分期还款' });
    const receipt = await issueReceipt(db, {
      schoolId: Number(plan.school_id),
      studentId: Number(plan.student_id),
      amountFen: body.amount,
      kind: 1,
      payMethod: body.pay_method,
      refType: 'order_installment',
      refId: plan.id,
      by: principal.userId,
      payer: body.payer,
      remark: body.remark ?? '分期还款',
    });
    // the periods are settled and the money posted as a payment of the plan's order (order_payment, its paid amount, its lines consumable once fully paid)
    const settled = await settleInstallment(db, Number(plan.id), body.amount, principal.userId, { receiptNo: receipt.receipt_no, method: body.pay_method });
    return { id: Number(plan.id), ...settled, receipt };
  });
}

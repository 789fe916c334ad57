import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { paymentProvider } from '../../../modules/finance';
import '../../core-schema';

/** After the pay flows (70, merchants and flows) and the orders after sale (75, withholding agreements). */
export const order = 80;

/** Period states still owed: 待还 and 已逾期 (PERIOD_STATES). */
const OWED = [1, 3];

/**
 * Demo of 渠道流水's 渠道请求记录 (fin_provider_request), through the finance area's payment
 * provider as the screens use it: per campus a trade query for two of its 易宝 flows (or, with
 * none, for a card receipt the channel does not know), and a QR code for the next period owed of
 * each installment plan with a withholding agreement. The built-in provider sends nothing and
 * records each request; these two answer the same on every install.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('fin_provider_request').select('id').where('operation', '=', 'query').limit(1).executeTakeFirst()) return;
  const provider = paymentProvider();
  const admin = await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  const schools = await db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  for (const school of schools) {
    const ctx = { db, schoolId: school.id, by: admin.id };
    const merchant = await db.selectFrom('fin_yeepay').select('merchant_no').where('school_id', '=', school.id).orderBy('id').executeTakeFirst();
    const call = { kind: 'yb' as const, merchantNo: merchant?.merchant_no ?? null };
    const flows = await db.selectFrom('fin_yb_flowing').select(['trade_no', 'order_no']).where('school_id', '=', school.id).orderBy('id').limit(2).execute();
    if (flows.length > 0) {
      for (const f of flows) await provider.queryTrade(ctx, { ...call, tradeNo: f.trade_no, orderNo: f.order_no });
    } else {
      const receipt = await db.selectFrom('order_payment').select('receipt_no').where('school_id', '=', school.id).where('method', 'in', ['card', 'qr']).orderBy('id').executeTakeFirst();
      if (receipt?.receipt_no) await provider.queryTrade(ctx, { ...call, tradeNo: receipt.receipt_no, orderNo: null });
    }
    const plans = await db
      .selectFrom('order_installment as i')
      .innerJoin('order_form as o', 'o.id', 'i.order_id')
      .select(['i.id', 'i.student_id', 'o.order_no'])
      .where('i.school_id', '=', school.id)
      .where('i.withholding', '=', 1)
      .orderBy('i.id')
      .execute();
    for (const plan of plans) {
      const next = await db.selectFrom('order_installment_period').select(['period_no', 'amount', 'paid_amount']).where('installment_id', '=', plan.id).where('state', 'in', OWED).orderBy('period_no').executeTakeFirst();
      if (!next) continue;
      await provider.createQrCode({ ...ctx, studentId: plan.student_id }, { outTradeNo: `FQ${plan.order_no ?? plan.id}-${next.period_no}`, amount: Number(next.amount) - Number(next.paid_amount ?? 0), subject: `分期第${next.period_no}期还款` });
    }
  }
}

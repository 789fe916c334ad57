import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { todayText } from '../../../lib/time';
import { convertClassType, holdingsOf, ORDER_STATE, requestCampusTransfer } from '../../../modules/orders';

/** After the orders (35), their refunds and plans, and the workflow definitions (60): 转校区申请 exists. */
export const order = 65;

/**
 * Demo transfers (转校区记录, 转班型记录 show rows): at every campus, the newest order in progress
 * without refund or installment plan converts half its hours to another class type sold there by
 * the hour, one lesson hour more than the value buys so a difference is owed (应补差价 on the
 * order, listed by 补差订单); at each of the first two campuses the next one asks to move to the
 * other (pending approval).
 * Through the orders area's own functions, so the ledger passes `npm run ledger:check`.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const admin = await db.selectFrom('users').select(['id', 'name']).where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  const by = { userId: admin.id, name: admin.name };
  const schools = await db.selectFrom('organisations').select(['id', 'name']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  if (schools.length < 2) return;
  const today = todayText();
  for (const [i, school] of schools.entries()) {
    // the campus moves are between the first two campuses; every campus has a conversion
    const other = i < 2 ? schools[1 - i] : undefined;
    const orders = await db
      .selectFrom('order_form as o')
      .selectAll('o')
      .where('o.school_id', '=', school.id)
      .where('o.state', '=', ORDER_STATE.inProgress)
      .where('o.del_flag', '=', 0)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('order_refund as r').select('r.id').whereRef('r.order_id', '=', 'o.id'))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('order_installment as p').select('p.id').whereRef('p.order_id', '=', 'o.id'))))
      .orderBy('o.id', 'desc')
      .limit(6)
      .execute();
    const withHours = [];
    for (const o of orders) if ((await holdingsOf(db, o)).lines.some((l) => l.active === 1 && l.remaining_hours >= 200)) withHours.push(o);
    const [convert, move] = withHours;
    if (convert) {
      const line = (await holdingsOf(db, convert)).lines.find((l) => l.active === 1 && l.remaining_hours >= 200);
      const target = await db
        .selectFrom('prod_fee_standard')
        .select(['class_type_id', 'unit_price'])
        .where('school_id', '=', school.id)
        .where('billing_unit', '=', 1)
        .where('del_flag', '=', 0)
        .where('unit_price', '>', 0)
        .where('class_type_id', '<>', line?.class_type_id ?? 0)
        .where('start_date', '<=', today)
        .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
        .orderBy('id')
        .executeTakeFirst();
      if (line && target) {
        const hours = Math.floor(line.remaining_hours / 200) * 100;
        // one lesson hour more than the value buys: the difference is owed (应补差价, 补差订单 shows it)
        const value = Math.round(((line.paid_left + line.promo_left) * hours) / line.remaining_hours);
        const toHours = Math.floor((value * 100) / Number(target.unit_price)) + 100;
        await convertClassType(db, convert, { order_id: convert.id, from_class_type_id: line.class_type_id, to_class_type_id: target.class_type_id, hours, to_hours: toHours, remark: '家长申请调整课程，补交差价（演示）' }, by);
      }
    }
    if (move && other) await requestCampusTransfer(db, move, { to_school_id: other.id, reason: '家庭搬迁，就近上课（演示）' }, other.name, by);
  }
}

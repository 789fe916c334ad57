import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { todayText } from '../../../lib/time';
import { nextNumber } from '../../../lib/number-sequence';
import { addDays } from '../../../modules/classes';
import { activateLine, consumable, divideAmounts, issueReceipt, linesOf, openLine, postHours, priceLines, reconcileAllOpenings, ORDER_STATE } from '../../../modules/orders';

/** After classes (20), products and students (25): their balances and prices exist. */
export const order = 35;

/** Deterministic pseudo-random numbers, so the demo looks the same on every install. */
function rng(start: number): () => number {
  let s = start >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const METHODS = ['cash', 'card', 'transfer', 'qr'] as const;

/**
 * Demo of the orders area: a year of orders for the demo students of every campus (a new sign in
 * the first months, a renewal for some later), audited, paid with receipts, contracts confirmed;
 * a few still waiting for audit or refused. Their contract lines are on the ledger (the classes
 * demo's opening lines and check-ins are too); balances another demo wrote directly are carried onto
 * the ledger as opening lines, so `npm run ledger:check` passes.
 * Numbers are the year's series (DD, HT, SK per campus), in order of the order dates.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  // the demo seeds run inside one transaction (server/db/seed/index.ts), as the ledger needs
  await reconcileAllOpenings(db);
  const random = rng(15);
  const today = todayText();
  const year = today.slice(0, 4);
  const schools = await db.selectFrom('organisations').select(['id']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  const admin = await db.selectFrom('users').select(['id', 'name']).where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  for (const school of schools) {
    const sellers = await db
      .selectFrom('users as u')
      .innerJoin('user_schools as us', 'us.user_id', 'u.id')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select(['u.id', 'u.name'])
      .where('us.school_id', '=', school.id)
      .where('r.code', '=', 'sales')
      .where('u.del_flag', '=', 0)
      .execute();
    const seller = sellers[0] ?? admin;
    const students = await db.selectFrom('student').select(['id']).where('school_id', '=', school.id).where('del_flag', '=', 0).orderBy('id').limit(10).execute();
    // what sells at the campus: packs on sale today, one per class type
    const onSale = await db
      .selectFrom('prod_language_pack as p')
      .innerJoin('prod_language_pack_city as c', 'c.language_pack_id', 'p.id')
      .select(['p.id', 'p.class_type_ids'])
      .where('c.school_id', '=', school.id)
      .where('p.visible', '=', 1)
      .where('p.del_flag', '=', 0)
      .where('c.start_date', 'is', null)
      .orderBy('p.id')
      .execute();
    if (onSale.length === 0 || students.length === 0) continue;
    const plans: { studentId: number; day: string; state: number; installment?: boolean }[] = [];
    for (const [i, st] of students.entries()) {
      const first = addDays(today, -330 + Math.floor(random() * 120));
      plans.push({ studentId: st.id, day: first < `${year}-01-01` ? `${year}-01-0${1 + (i % 9)}` : first, state: ORDER_STATE.inProgress });
      if (i % 3 === 0) plans.push({ studentId: st.id, day: addDays(today, -120 + Math.floor(random() * 100)), state: ORDER_STATE.inProgress });
    }
    plans.push({ studentId: students[0].id, day: addDays(today, -2), state: ORDER_STATE.submitted });
    if (students[1]) plans.push({ studentId: students[1].id, day: addDays(today, -5), state: ORDER_STATE.notThrough });
    plans.sort((a, b) => a.day.localeCompare(b.day));
    // installment orders (orders-after-sale seeds their plans): a new sign (the second student's
    // order) and two renewals (the later order of the fourth and seventh students), confirmed but
    // unpaid here: their plans pay them, so their money is received once, as the plans' receipts
    for (const [i, st] of students.entries()) {
      const own = plans.filter((p) => p.studentId === st.id && p.state === ORDER_STATE.inProgress);
      if (i === 1 && own.length === 1) own[0].installment = true;
      if ((i === 3 || i === 6) && own.length === 2) own[1].installment = true;
    }
    const signed = new Set<number>();
    for (const plan of plans) {
      const pack = onSale[Math.floor(random() * onSale.length)];
      const classTypeId = Number(String(pack.class_type_ids).split(',')[0]);
      const [line] = await priceLines(db, school.id, today, [{ kind: 1, language_pack_id: pack.id, class_type_id: classTypeId, discount: Math.floor(random() * 5) * 10000 }]);
      const at = `${plan.day} 10:${String(10 + Math.floor(random() * 40))}:00`;
      const audited = plan.state === ORDER_STATE.inProgress;
      const byPlan = audited && plan.installment === true;
      const stamps = { created_at: at, updated_at: at, created_by: seller.id, updated_by: seller.id };
      const placed = await db
        .insertInto('order_form')
        .values({
          school_id: school.id,
          order_no: await nextNumber(db, { kind: 'DD', scope: String(school.id), period: plan.day.slice(0, 4) }),
          contract_no: audited ? await nextNumber(db, { kind: 'HT', scope: String(school.id), period: plan.day.slice(0, 4) }) : null,
          student_id: plan.studentId,
          seller_id: seller.id,
          seller_name: seller.name,
          teacher_id: null,
          teacher_name: null,
          state: byPlan ? ORDER_STATE.contractConfirmed : plan.state,
          if_first_sign: signed.has(plan.studentId) ? 2 : 1,
          order_date: plan.day,
          list_amount: line.list_price,
          discount_amount: line.discount,
          deal_amount: line.deal_price,
          paid_amount: audited && !byPlan ? line.deal_price : 0,
          version: 1,
          audit_by: plan.state === ORDER_STATE.submitted ? null : admin.id,
          audit_name: plan.state === ORDER_STATE.submitted ? null : admin.name,
          audit_at: plan.state === ORDER_STATE.submitted ? null : at,
          audit_remark: plan.state === ORDER_STATE.notThrough ? '优惠超出权限，请重新报价' : null,
          contract_at: audited ? at : null,
          protocol_version: audited ? 'P-demo' : null,
          protocol_text: audited ? '（演示数据）家长已阅读并确认培训服务协议。' : null,
          completed_at: null,
          remark: null,
          del_flag: 0,
          ...stamps,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (audited) signed.add(plan.studentId);
      const detail = await db.insertInto('order_form_detail').values({ ...line, school_id: school.id, order_id: placed.id, ...stamps }).returning('id').executeTakeFirstOrThrow();
      const [amount] = divideAmounts([{ user_id: seller.id, ratio: 100 }], placed.deal_amount);
      await db.insertInto('order_sch_achievement_divide').values({ school_id: school.id, order_id: placed.id, user_id: seller.id, user_name: seller.name, ratio: 100, amount, order_date: plan.day, ...stamps }).execute();
      const log = (action: string, reason: string | null) =>
        db.insertInto('order_form_log').values({ school_id: school.id, order_id: placed.id, action, version: 1, reason, snapshot: null, operator_name: seller.name, ...stamps }).execute();
      await log('submit', null);
      if (plan.state === ORDER_STATE.notThrough) await log('reject', placed.audit_remark);
      if (!audited) continue;
      await log('audit', null);
      const method = METHODS[Math.floor(random() * METHODS.length)];
      if (!byPlan) {
        const receiptNo = await issueReceipt(db, { schoolId: school.id, studentId: plan.studentId, amount: placed.deal_amount, method, refType: 'order', refId: placed.id, by: seller.id, bizDate: plan.day });
        await db
          .insertInto('order_payment')
          .values({ school_id: school.id, order_id: placed.id, receipt_no: receiptNo, amount: placed.deal_amount, method, paid_at: at, remark: null, ...stamps })
          .execute();
        await log('payment', `收据 ${receiptNo}`);
      }
      await log('confirm_contract', '协议版本 P-demo');
      const contract = await openLine(db, {
        schoolId: school.id,
        studentId: plan.studentId,
        classTypeId,
        source: 'order',
        orderId: placed.id,
        detailId: detail.id,
        contractNo: placed.contract_no,
        boughtHours: line.bought_hours,
        giftHours: line.gift_hours,
        paidMoney: line.deal_price,
        promoMoney: line.list_price - line.deal_price,
        startDate: plan.day,
        endDate: line.validity_days > 0 ? addDays(plan.day, line.validity_days) : null,
        by: seller.id,
      });
      // an installment order's line becomes consumable when its plan has paid it (activateIfPaid)
      if (!byPlan) await activateLine(db, contract.id, seller.id);
    }
    await teachToTheEnd(db, school.id, seller.id, today, COMPLETED_PER_CAMPUS);
    // and a renewal taught to its end, for 已完成续费订单 (its student's earlier hours go first)
    await teachToTheEnd(db, school.id, seller.id, today, 1, true);
  }
}

const COMPLETED_PER_CAMPUS = 2;

/**
 * A few orders of the campus taught to the end (已完成订单): the rest of their contract line is
 * consumed on the ledger as lessons are (postHours, what a check-in posts), and refreshProgress
 * makes the order 已完成 when its hours reach 0. Only a line that consumption reaches first (the
 * soonest expiry of its student and class type) is taken, so exactly that order's hours go.
 */
async function teachToTheEnd(db: Kysely<Database>, schoolId: number, by: number, today: string, count: number, renewals = false): Promise<void> {
  let query = db
    .selectFrom('order_contract_line as l')
    .innerJoin('order_form as o', 'o.id', 'l.order_id')
    .select(['l.id', 'l.order_id', 'l.student_id', 'l.class_type_id', 'l.remaining_hours'])
    .where('o.school_id', '=', schoolId)
    .where('o.state', '=', ORDER_STATE.inProgress)
    .where('l.remaining_hours', '>', 0);
  if (renewals) query = query.where('o.if_first_sign', '=', 2);
  const lines = await query.orderBy('o.order_date').orderBy('l.id').execute();
  let done = 0;
  for (const line of lines) {
    if (done === count) return;
    const first = (await linesOf(db, line.student_id, line.class_type_id)).find((l) => consumable(l, today));
    if (first?.id !== line.id && !renewals) continue;
    // a renewal's hours come after its student's earlier lines: those are taught to their end first
    let next = first;
    for (let guard = 0; next && guard < 10; guard++, next = (await linesOf(db, line.student_id, line.class_type_id)).find((l) => consumable(l, today))) {
      await postHours(db, { studentId: line.student_id, classTypeId: line.class_type_id, hours: next.remaining_hours, refType: 'demo_lessons', refId: next.order_id ?? next.id, by, day: today });
      if (next.id === line.id) break;
    }
    done++;
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { todayText } from '../../../lib/time';
import { loadAccess } from '../../../lib/principal';
import { calculateRefund, fileRefund, ORDER_STATE } from '../../../modules/orders';
import { createInstance, demoRecall, demoRun, instanceOf } from '../../../modules/workflow';
import { accountBalance } from '../../../modules/finance';
import { formatYuan } from '../../../../src/lib/format/money';
import { TASK_STATES } from '../../../../src/contract/workflow';
import '../../core-schema';

/** After the orders' own refunds (orders-after-sale, 75) and the accounts' money (finance, 65): the staff's 退费申请 and 账户余额退费. */
export const order = 76;

/** What happens to each demo user's refund applications: approved, refused, recalled, still waiting. */
const FATES = ['approve', 'refuse', 'recall', 'wait'] as const;
const REMARKS = ['家长工作调动，申请退剩余课时', '孩子课业冲突，无法继续上课', '对上课时间安排不满意', '学员出国，申请退费'];

/**
 * 退费申请 filed by the staff who hold the screen (课程顾问, 财务) on real orders of their campuses,
 * through the orders area (a 退费单 with the calculator's amount) and decided on the workflow as
 * the approvers would: so each one's 退费申请 list has rows in every state.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  await accountRefunds(db);
  const reasons = await db.selectFrom('order_refund_detail_reason').select(['id', 'name']).where('del_flag', '=', 0).orderBy('order_num').execute();
  if (reasons.length === 0) return;
  const admin = await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  const today = todayText();
  const used = new Set<number>();
  for (const login of ['sales', 'finance']) {
    const user = await db.selectFrom('users').select(['id', 'name']).where('login_id', '=', login).executeTakeFirst();
    if (!user) continue;
    // every campus the user reaches (财务 reaches them through its role's data permission, not
    // user_schools): the first one may have no order left that can be refunded
    const campuses = (await loadAccess(db, user.id)).schoolIds;
    if (campuses.length === 0) continue;
    const orders = await db.selectFrom('order_form').selectAll().where('school_id', 'in', campuses).where('state', '=', ORDER_STATE.inProgress).where('del_flag', '=', 0).orderBy('school_id').orderBy('id', 'desc').execute();
    let n = 0;
    for (const o of orders) {
      if (n >= FATES.length) break;
      if (used.has(o.student_id)) continue;
      if (await db.selectFrom('order_refund').select('id').where('order_id', '=', o.id).executeTakeFirst()) continue;
      if (await db.selectFrom('order_contract_line').select('id').where('order_id', '=', o.id).where('end_date', '<', today).executeTakeFirst()) continue;
      if ((await calculateRefund(db, o, 0)).amount <= 0) continue;
      used.add(o.student_id);
      const fate = FATES[n];
      const filed = await fileRefund(db, { userId: user.id, name: user.name }, o, reasons[n % reasons.length], { relief: 0, payout_kind: 1 + (n % 3), remark: REMARKS[n] });
      n += 1;
      const inst = await instanceOf(db, 'order_refund', filed.id);
      if (!inst || fate === 'wait') continue;
      if (fate === 'recall') {
        await demoRecall(db, user.id, inst.id, '退费金额需与家长再确认，先撤回');
        continue;
      }
      // each approver on the path decides in turn (the administrator for a step nobody holds)
      for (let step = 0; step < 10; step++) {
        const task = await db.selectFrom('wf_task').select('assignee_id').where('instance_id', '=', inst.id).where('state', '=', TASK_STATES.PENDING).orderBy('id').executeTakeFirst();
        if (!task) break;
        await demoRun(db, task.assignee_id ?? admin.id, inst.id, fate, fate === 'approve' ? '情况属实，同意退费' : '未满合同约定的退费条件，请与家长沟通');
        if (fate === 'refuse') break;
      }
    }
  }
}

/** One demo user's applications (or the administrator for a step nobody holds) decided as `fate` says. */
async function decide(db: Kysely<Database>, instanceId: number, applicantId: number, adminId: number, fate: (typeof FATES)[number]): Promise<void> {
  if (fate === 'wait') return;
  if (fate === 'recall') {
    await demoRecall(db, applicantId, instanceId, '金额需与家长再确认，先撤回');
    return;
  }
  for (let step = 0; step < 10; step++) {
    const task = await db.selectFrom('wf_task').select('assignee_id').where('instance_id', '=', instanceId).where('state', '=', TASK_STATES.PENDING).orderBy('id').executeTakeFirst();
    if (!task) return;
    await demoRun(db, task.assignee_id ?? adminId, instanceId, fate, fate === 'approve' ? '已核实，同意退还' : '账户余额用于续费，暂不退还');
    if (fate === 'refuse') return;
  }
}

/**
 * 账户余额退费: each demo user holding the screen accepts (受理) students of their campus with
 * money in their account and asks to pay part of it back; approved ones leave the account. A campus
 * has few accounts with money, so the users share students (each asks for a third at most).
 */
async function accountRefunds(db: Kysely<Database>): Promise<void> {
  const admin = await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  for (const login of ['principal', 'sales', 'finance']) {
    const user = await db.selectFrom('users').select('id').where('login_id', '=', login).executeTakeFirst();
    if (!user) continue;
    // every campus the user reaches (财务 through its role's data permission, not user_schools)
    const campuses = (await loadAccess(db, user.id)).schoolIds;
    if (campuses.length === 0) continue;
    const students = await db
      .selectFrom('fin_stu_account_flow as f')
      .innerJoin('student as s', 's.id', 'f.student_id')
      .select(['s.id', 's.name', 's.school_id'])
      .distinct()
      .where('s.school_id', 'in', campuses)
      .where('s.del_flag', '=', 0)
      .orderBy('s.school_id')
      .orderBy('s.id')
      .limit(80)
      .execute();
    let n = 0;
    for (const st of students) {
      if (n >= FATES.length) break;
      const balance = await accountBalance(db, st.id);
      if (balance < 10_000) continue;
      // about a third of the balance, in whole yuan
      const fen = Math.max(100, Math.floor(balance / 300) * 100);
      const { instanceId } = await createInstance(db, {
        refType: 'account_refund',
        refId: null,
        tag: 'account_refund',
        schoolId: st.school_id,
        applicantId: user.id,
        form: { student_id: st.id, student_name: st.name, amount: formatYuan(fen).replace(/,/g, ''), bank_account: `招商银行 6214 **** **** ${String(3000 + st.id).slice(-4)}`, reason: REMARKS[n].replace('退剩余课时', '退还账户余额').replace('申请退费', '申请退还余额') },
        title: `${st.name} 账户余额退费 ¥${formatYuan(fen)}`,
      });
      await decide(db, instanceId, user.id, admin.id, FATES[n]);
      n += 1;
    }
  }
}

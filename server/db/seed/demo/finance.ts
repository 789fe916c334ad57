import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import { addDays } from '../../../modules/classes';
import { depositToAccount, payFromAccount } from '../../../modules/finance';
import '../../core-schema';

/** After the orders (35), before the pay flows (70), whose reconciliation reads non-cash receipts only. */
export const order = 65;

const DEPOSITS = [200000, 50000, 128000, 300000];

/**
 * Demo of the student accounts (储值账户): a few students of every campus paid money into their
 * account over the last weeks, in cash (so the pay flows' reconciled days are not changed), each
 * with its 收费 receipt; some spent part of it (a payment row naming the account). Every campus
 * charges a service fee on card and WeChat payments, and the first campuses settle card payments
 * on a 中金 account. All through the finance public module, so the ledger and the receipts agree.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('base_organ_service_rate').select('id').limit(1).executeTakeFirst()) return;
  const admin = await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  const schools = await db.selectFrom('organisations').select(['id', 'code']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  const today = todayText();
  const now = nowText();
  const stamp = { created_at: now, updated_at: now, created_by: admin.id, updated_by: admin.id };
  for (const [si, school] of schools.entries()) {
    await db
      .insertInto('base_organ_service_rate')
      .values([
        { school_id: school.id, pay_method: 'pos', rate: 38, min_fee: 0, max_fee: 2000, state: 1, remark: 'POS 刷卡手续费（演示）', ...stamp },
        { school_id: school.id, pay_method: 'wechat', rate: 60, min_fee: 0, max_fee: null, state: 1, remark: '微信支付手续费（演示）', ...stamp },
      ])
      .execute();
    if (si < 3) {
      await db
        .insertInto('zj_account')
        .values({ school_id: school.id, account_name: `中金结算账户-${school.code ?? school.id}`, institution_id: `ZJ${String(100000 + school.id)}`, merchant_no: `ZJM${String(2000000 + school.id)}`, bank_name: '招商银行', bank_account: `62148${String(30000000000 + school.id)}`, state: 1, remark: null, ...stamp })
        .execute();
    }
    const students = await db.selectFrom('student').select(['id', 'name', 'school_id']).where('school_id', '=', school.id).where('del_flag', '=', 0).orderBy('id').limit(4).execute();
    for (const [i, st] of students.entries()) {
      const day = addDays(today, -(3 + i * 6));
      const amount = DEPOSITS[i % DEPOSITS.length];
      await depositToAccount(db, { student: st, amountFen: amount, payMethod: 'cash', by: admin.id, payer: `${st.name}家长`, remark: '储值账户充值（演示）', bizDate: day });
      if (i % 2 === 0) await payFromAccount(db, { studentId: st.id, amountFen: Math.floor(amount / 4), refType: 'textbook', refId: `JC-${st.id}`, reason: '教材费（演示）', by: admin.id });
    }
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { addDays, nowText, todayText } from '../../../lib/time';
import '../../../modules/crm';
import '../../../modules/base';
import '../../../modules/students';

/**
 * Demo data of 客户关系: the points mall puts five catalogue gifts (签约赠品) on sale, priced in
 * points the demo students' ledgers can reach, one of them sold out and one taken off sale; and in
 * every campus one 增加积分 posted twice by mistake and corrected by 冲正 (积分管理 shows both rows).
 */
export const order = 75;

const MALL: readonly [string, number, number, number][] = [
  // catalogue gift, points, stock, on sale
  ['保温水杯', 60, 40, 1],
  ['品牌书包', 120, 15, 1],
  ['自然拼读教材套装', 90, 0, 1],
  ['绘本礼盒', 200, 8, 1],
  ['点读笔', 500, 3, 0],
];

export async function seed(db: Kysely<Database>): Promise<void> {
  await seedMall(db);
  await seedCorrections(db);
}

async function seedMall(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('crm_mall_gift').select('id').limit(1).executeTakeFirst()) return;
  const now = nowText();
  for (const [i, [name, points, stock, state]] of MALL.entries()) {
    const gift = await db.selectFrom('base_gift').select(['id', 'name', 'state']).where('name', '=', name).where('del_flag', '=', 0).executeTakeFirst();
    if (!gift || Number(gift.state) !== 1) continue;
    await db
      .insertInto('crm_mall_gift')
      .values({ base_gift_id: gift.id, gift_name: gift.name, points, stock, state, order_num: i + 1, remark: null, del_flag: 0, created_at: now, updated_at: now, created_by: null, updated_by: null })
      .execute();
  }
}

/**
 * Per campus, the student with points and the smallest id gets a 全勤奖励 a second time by mistake
 * (the front desk) and its 冲正 (the principal): two ledger rows that cancel, so the cached total
 * stays the ledger's sum; the reversal names the row it reverses.
 */
async function seedCorrections(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('student_integral_log').select('id').where('biz_type', '=', 'reversal').limit(1).executeTakeFirst()) return;
  const who = async (login: string) => db.selectFrom('users').select(['id', 'name']).where('login_id', '=', login).executeTakeFirst();
  const desk = await who('front_desk');
  const boss = await who('principal');
  const day = addDays(todayText(), -2);
  const schools = await db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  for (const school of schools) {
    const student = await db.selectFrom('student').select(['id', 'integral']).where('school_id', '=', school.id).where('del_flag', '=', 0).where('integral', '>', 0).orderBy('id').executeTakeFirst();
    if (!student) continue;
    const balance = Number(student.integral);
    const mistaken = await db
      .insertInto('student_integral_log')
      .values({ school_id: school.id, student_id: student.id, points: 20, balance_after: balance + 20, reason: '全勤奖励', operator_name: desk?.name ?? '演示数据', biz_type: 'grant', reverses_id: null, created_at: `${day} 10:05:00`, updated_at: `${day} 10:05:00`, created_by: desk?.id ?? null, updated_by: desk?.id ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('student_integral_log')
      .values({ school_id: school.id, student_id: student.id, points: -20, balance_after: balance, reason: `冲正流水 ${mistaken.id}：全勤奖励重复发放`, operator_name: boss?.name ?? '演示数据', biz_type: 'reversal', reverses_id: mistaken.id, created_at: `${day} 16:40:00`, updated_at: `${day} 16:40:00`, created_by: boss?.id ?? null, updated_by: boss?.id ?? null })
      .execute();
  }
}

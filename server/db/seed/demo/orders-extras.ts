import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import '../../../modules/orders';
import '../../../modules/students';
import '../../../modules/products';
import '../../core-schema';

/**
 * Demo rows of the orders area's lists beside the order: refund reasons, coupons given with the
 * language packs, gifts of the enrolled students (pending, given, returned), excused lessons and
 * 淘宝 orders in every campus. Money in fen. Runs after the students and products demos.
 */
export const order = 30;

const REASONS: readonly [string, number][] = [
  ['搬家/转学，距离校区太远', 0],
  ['学员学习时间冲突', 0],
  ['对教学效果不满意', 1],
  ['对授课老师不满意', 1],
  ['家庭经济原因', 0],
  ['学员身体原因', 0],
  ['课程安排不合理', 1],
  ['其他原因', 0],
];
const GIFTS: readonly [string, number][] = [
  ['英语绘本礼盒', 19800],
  ['品牌书包', 12800],
  ['点读笔', 29900],
  ['单词卡片套装', 5800],
];
const EXCUSE_REASONS = ['学员生病住院，提供医院证明', '学校期末考试', '随家长出差', '校区停电调课'];
const TB_ITEMS: readonly [string, number][] = [
  ['少儿英语体验课 4 次', 19900],
  ['外教口语 30 天打卡', 39900],
  ['自然拼读寒假集训', 198000],
];

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function seed(db: Kysely<Database>): Promise<void> {
  const now = nowText();
  const today = todayText();
  const stamp = { created_at: now, updated_at: now, created_by: 1, updated_by: 1 };
  if (await db.selectFrom('order_refund_detail_reason').select('id').limit(1).executeTakeFirst()) return;
  await db
    .insertInto('order_refund_detail_reason')
    .values(REASONS.map(([name, controllable], i) => ({ name, is_controllable: controllable, order_num: i + 1, remark: null, del_flag: 0, ...stamp })))
    .execute();

  const schools = await db.selectFrom('organisations').select('id').where('kind', '=', 'school').orderBy('id').execute();
  const packs = await db.selectFrom('prod_language_pack').select(['id', 'name']).where('del_flag', '=', 0).orderBy('id').limit(3).execute();
  for (const [si, school] of schools.entries()) {
    for (const [pi, pack] of packs.entries()) {
      await db
        .insertInto('order_form_give_ticket_config')
        .values({ school_id: school.id, language_pack_id: pack.id, ticket_kind: (pi % 3) + 1, ticket_name: pi === 0 ? '续费代金券' : pi === 1 ? '好友体验课券' : '教材兑换券', face_value: [20000, 0, 9800][pi % 3], quantity: pi === 1 ? 2 : 1, valid_days: 180, enabled: 1, remark: null, del_flag: 0, ...stamp })
        .execute();
    }
    const students = await db.selectFrom('student').select(['id', 'name']).where('school_id', '=', school.id).where('del_flag', '=', 0).where('state', '=', 1).orderBy('id').limit(12).execute();
    for (const [i, st] of students.entries()) {
      const [giftName, price] = GIFTS[i % GIFTS.length];
      const state = i % 3 === 0 ? 1 : i % 3 === 1 ? 2 : 3;
      const given = state >= 2 ? `${addDays(today, -30 - i)} 10:${String(10 + i).padStart(2, '0')}:00` : null;
      await db
        .insertInto('order_student_gift')
        .values({
          school_id: school.id,
          student_id: st.id,
          order_id: null,
          gift_name: giftName,
          quantity: 1,
          list_price: price,
          state,
          given_at: given,
          given_by_name: given ? '李秀英' : null,
          returned_at: state === 3 ? `${addDays(today, -5 - i)} 15:00:00` : null,
          return_charge: state === 3 ? (i % 2 === 0 ? 0 : price) : null,
          return_note: state === 3 ? (i % 2 === 0 ? '赠品完好退回' : '赠品已使用，按原价扣款') : null,
          remark: null,
          del_flag: 0,
          ...stamp,
        })
        .execute();
      if (i < 4) {
        await db
          .insertInto('edu_order_excused')
          .values({ school_id: school.id, student_id: st.id, order_id: 1, class_type_id: null, excused_date: addDays(today, -7 * (i + 1)), lessons: 1 + (i % 2), reason: EXCUSE_REASONS[i], del_flag: 0, ...stamp })
          .execute();
      }
    }
    for (const [ti, [title, amount]] of TB_ITEMS.entries()) {
      const st = students[ti];
      const state = ti === 0 ? 2 : ti === 1 ? 1 : 3;
      await db
        .insertInto('order_tb_form')
        .values({
          school_id: school.id,
          tb_order_no: `${20260000000000 + si * 1000 + ti * 7 + 1}${String(1000 + si * 10 + ti)}`,
          buyer_nick: `tb_${['小鹿妈妈', '阳光爸爸', '快乐成长'][ti]}${si + 1}`,
          buyer_phone: `139${String(10000000 + si * 100 + ti).padStart(8, '0')}`,
          item_title: title,
          amount,
          paid_at: `${addDays(today, -3 - ti * 4 - si)} 20:${String(15 + ti).padStart(2, '0')}:00`,
          state,
          student_id: state === 2 && st ? st.id : null,
          remark: null,
          del_flag: 0,
          ...stamp,
        })
        .execute();
    }
  }
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../schema';
import { GIFT_SOURCE } from '../../../../src/contract/resources/orders-extras';
import { nowText, todayText } from '../../../lib/time';
import '../../../modules/orders';
import '../../../modules/students';
import '../../core-schema';

/**
 * Demo gifts beside those of an order (orders-extras.ts): in every campus, 推荐赠品 of existing
 * students whose recommended students came (with the referred student's order where there is one),
 * and 续费赠品 of old students (入学满一年) — the rows of 推荐赠品, 老学员推荐 and 老学员赠品.
 * Runs after the orders demo; an installation that has either kind already is left as it is.
 */
export const order = 36;

const RECOMMEND: readonly [string, number][] = [
  ['推荐有礼：乐高积木套装', 39900],
  ['推荐有礼：儿童保温杯', 8900],
  ['推荐有礼：英语原版绘本', 15800],
];
const RENEWAL: readonly [string, number][] = [
  ['续费礼：点读笔', 29900],
  ['续费礼：定制书包', 12800],
  ['续费礼：单词卡片套装', 5800],
];

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

export async function seed(db: Kysely<Database>): Promise<void> {
  const now = nowText();
  const today = todayText();
  const stamp = { created_at: now, updated_at: now, created_by: 1, updated_by: 1 };
  if (await db.selectFrom('order_student_gift').select('id').where('source', '<>', GIFT_SOURCE.signed).limit(1).executeTakeFirst()) return;
  // the students area's 老学员: in 在读 or 结课 and entered a year ago or more
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)} 00:00:00`;
  const schools = await db.selectFrom('organisations').select('id').where('kind', '=', 'school').orderBy('id').execute();
  for (const school of schools) {
    const referred = await db
      .selectFrom('student as s')
      .innerJoin('student as r', 'r.id', 's.pusher_id')
      .select(['s.id', 's.name', 's.pusher_id', sql<number | null>`(select max(f.id) from order_form f where f.student_id = s.id)`.as('order_id')])
      .where('s.school_id', '=', school.id)
      .where('s.del_flag', '=', 0)
      .where('r.del_flag', '=', 0)
      .orderBy('s.id')
      .limit(RECOMMEND.length)
      .execute();
    const old = await db
      .selectFrom('student')
      .select(['id'])
      .where('school_id', '=', school.id)
      .where('del_flag', '=', 0)
      .where('state', 'in', [1, 3])
      .where('created_at', '<=', yearAgo)
      .orderBy('id')
      .limit(RENEWAL.length)
      .execute();
    const rows = [
      ...referred.map((s, i) => ({ student_id: Number(s.pusher_id), order_id: s.order_id === null ? null : Number(s.order_id), source: GIFT_SOURCE.recommend, gift: RECOMMEND[i], state: i === 1 ? 2 : 1, remark: `推荐 ${s.name} 签约` })),
      ...old.map((s, i) => ({ student_id: s.id, order_id: null, source: GIFT_SOURCE.renewal, gift: RENEWAL[i], state: i === 0 ? 1 : 2, remark: '老学员续费赠送' })),
    ];
    for (const [i, r] of rows.entries()) {
      const given = r.state === 2 ? `${daysBefore(today, 3 + i)} 09:${String(10 + i).padStart(2, '0')}:00` : null;
      await db
        .insertInto('order_student_gift')
        .values({
          school_id: school.id,
          student_id: r.student_id,
          order_id: r.order_id,
          source: r.source,
          gift_name: r.gift[0],
          quantity: 1,
          list_price: r.gift[1],
          state: r.state,
          given_at: given,
          given_by_name: given ? '李秀英' : null,
          returned_at: null,
          return_charge: null,
          return_note: null,
          remark: r.remark,
          del_flag: 0,
          ...stamp,
        })
        .execute();
    }
  }
}

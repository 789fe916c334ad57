import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText } from '../../../lib/time';
import '../../../modules/crm';
import '../../../modules/base';

/**
 * Demo data of 客户关系: the points mall puts five catalogue gifts (签约赠品) on sale, priced in
 * points the demo students' ledgers can reach, one of them sold out and one taken off sale.
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

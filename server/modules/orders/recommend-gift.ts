import type { Hono } from 'hono';
import { addRecommendGiftCall } from '../../../src/contract/orders-transfer';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { formatYuan } from '../../../src/lib/format/money';
import { orderInScope, stateText, writeLog } from './order-rules';
import './schema';

/** Orders signed for good: a recommendation is rewarded once the order is audited and not undone. */
export const SIGNED: number[] = [ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress, ORDER_STATE.completed];

/**
 * order_form/add_recommend_gift: the student who recommended the buyer (the buyer's `pusher_id`)
 * receives a gift for the order, as a 待发放 row of 学员赠品 handed out there. The gift is the
 * order's campus's (it gained the student), whatever campus the recommender studies at; one per order.
 */
export function registerRecommendGift(app: Hono<AppEnv>): void {
  mountCall(app, addRecommendGiftCall, async ({ db, principal, body }) => {
    const order = await orderInScope(db, principal, body.id);
    if (!SIGNED.includes(order.state)) throw new ApiError(409, `订单${stateText(order.state)}，审核通过后才能添加推荐赠品`);
    const buyer = await db.selectFrom('student').select(['name', 'pusher_id']).where('id', '=', order.student_id).executeTakeFirst();
    const pusherId = Number(buyer?.pusher_id ?? 0);
    const recommender = pusherId > 0 ? await db.selectFrom('student').select(['id', 'name']).where('id', '=', pusherId).where('del_flag', '=', 0).executeTakeFirst() : undefined;
    if (!recommender) throw new ApiError(409, `学员 ${buyer?.name ?? ''} 没有推荐人，不能添加推荐赠品`);
    const given = await db.selectFrom('order_student_gift').select('id').where('order_id', '=', order.id).where('student_id', '=', recommender.id).where('del_flag', '=', 0).executeTakeFirst();
    if (given) throw new ApiError(409, '该订单已添加过推荐赠品');
    const now = nowText();
    const row = await db
      .insertInto('order_student_gift')
      .values({
        school_id: order.school_id,
        student_id: recommender.id,
        order_id: order.id,
        source: 2,
        gift_name: body.gift_name,
        quantity: body.quantity,
        list_price: body.list_price,
        state: 1,
        given_at: null,
        given_by_name: null,
        returned_at: null,
        return_charge: null,
        return_note: null,
        remark: body.remark ?? `推荐 ${buyer?.name ?? ''} 签约`,
        del_flag: 0,
        created_at: now,
        updated_at: now,
        created_by: principal.userId,
        updated_by: principal.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLog(db, order, principal, 'recommend_gift', `推荐人 ${recommender.name}：${body.gift_name} × ${body.quantity}（原价 ${formatYuan(body.list_price)} 元）`);
    return { id: row.id, student_id: recommender.id, student_name: recommender.name, order_id: order.id };
  });
}

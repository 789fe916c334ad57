import type { Hono } from 'hono';
import { contractDelayCall } from '../../../src/contract/orders-components';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { todayText } from '../../lib/time';
import { orderInScope, stateText } from './order-rules';
import { extendLinesValidity } from './validity';

/** Orders whose hours are still to be used: a delay means something only for them. */
const DELAYABLE: number[] = [ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress];

/**
 * 合同延期 (component: contract delay): the order's contract lines still valid today (or the ones
 * named) move their end date out by the days agreed, each move an event row and the order's log an
 * 有效期调整 entry, as a freeze moves them (extendLinesValidity). Used-up and unlimited lines stay.
 */
export function registerContractDelay(app: Hono<AppEnv>): void {
  mountCall(app, contractDelayCall, async ({ db, principal, body }) => {
    const order = await orderInScope(db, principal, body.id);
    if (!DELAYABLE.includes(order.state)) throw new ApiError(409, `订单${stateText(order.state)}，不能延期`);
    if (body.line_ids) {
      const own = await db.selectFrom('order_contract_line').select('id').where('order_id', '=', order.id).where('id', 'in', body.line_ids).execute();
      if (own.length !== new Set(body.line_ids).size) throw new ApiError(404, '合同明细不存在或不属于该订单');
    }
    const moved = await extendLinesValidity(db, {
      studentId: order.student_id,
      days: body.days,
      from: todayText(),
      reason: `合同延期 ${body.days} 天：${body.reason}`,
      ref: { type: 'order_contract_delay', id: order.id },
      by: principal,
      orderId: order.id,
      lineIds: body.line_ids,
    });
    if (moved.length === 0) throw new ApiError(409, '该订单没有可延期的合同课时（已用完、已过期或不限有效期）');
    return { id: order.id, lines: moved.map(({ line_id, days, end_date_before, end_date_after }) => ({ line_id, days, end_date_before, end_date_after })) };
  });
}

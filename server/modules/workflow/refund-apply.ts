import type { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { calculateRefund, fileRefund, holdingsOf, orderInScope, refundCandidates, refundReason, refundReasons } from '../orders';
import { SALE_REFUND_REF_TYPE, refundApplyCall, refundOrdersCall, refundPreviewCall } from '../../../src/contract/workflow-refund';
import './schema';

/**
 * 退费申请 (src/contract/workflow-refund.ts): the wizard's reads and its submission, all through the
 * orders area's public module. The submission files a 退费单 there (numbered, with the calculator's
 * amount), which starts the approval on this engine (tag `refund`, ref_type `order_refund`); the
 * orders area's outcome handler sets the 退费单's state when the approval ends.
 */
export function registerRefundApply(app: Hono<AppEnv>): void {
  mountCall(app, refundOrdersCall, ({ db, principal, query }) => refundCandidates(db, principal, { studentId: query.student_id, keyword: query.keyword }));

  mountCall(app, refundPreviewCall, async ({ db, principal, query }) => {
    const order = await orderInScope(db, principal, query.order_id);
    return { holdings: await holdingsOf(db, order), calculation: await calculateRefund(db, order, query.relief), reasons: await refundReasons(db) };
  });

  mountCall(app, refundApplyCall, async ({ db, principal, body }) => {
    const order = await orderInScope(db, principal, body.order_id);
    const reason = await refundReason(db, body.reason_id);
    const filed = await fileRefund(db, principal, order, reason, { relief: body.relief, payout_kind: body.payout_kind, remark: body.remark, attachments: body.attachments });
    const inst = await db.selectFrom('wf_instance').select('id').where('ref_type', '=', SALE_REFUND_REF_TYPE).where('ref_id', '=', filed.id).orderBy('id', 'desc').executeTakeFirst();
    return { ...filed, instance_id: inst?.id ?? null };
  });
}

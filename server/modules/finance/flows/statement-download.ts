import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/context';
import { mountCall } from '../../../lib/call-routes';
import { CAMPUS, requireInScope } from '../../../lib/scope';
import { downloadStatementCall } from '../../../../src/contract/finance-flows';
import { paymentProvider } from '../provider';
import '../schema';
import './schema';

/**
 * 下载对账单: the channel's statement of a campus-day through the payment provider (a real one
 * would import its trades; the built-in one answers what the campus holds and records the request,
 * shown on 渠道流水 › 渠道请求记录). The merchant is the campus's first merchant of that channel.
 */
export function registerStatementDownload(app: Hono<AppEnv>): void {
  mountCall(app, downloadStatementCall, async ({ db, principal, body }) => {
    await requireInScope(db, principal, CAMPUS, body.school_id, '校区');
    const merchantTable = body.kind === 'yb' ? 'fin_yeepay' : body.kind === 'ysepay' || body.kind === 'ysepay_qr' ? 'fin_ysepay' : null;
    const merchant = merchantTable ? await db.selectFrom(merchantTable).select('merchant_no').where('school_id', '=', body.school_id).orderBy('id').executeTakeFirst() : undefined;
    const got = await paymentProvider().downloadStatement({ db, schoolId: body.school_id, by: principal.userId }, { kind: body.kind, merchantNo: merchant?.merchant_no ?? null, day: body.day });
    return { kind: body.kind, day: body.day, count: got.count, amount: got.amount, request_id: got.requestId, simulated: got.simulated };
  });
}

import type { Hono } from 'hono';
import { pointsCheckCall, pointsReverseCall } from '../../../src/contract/crm';
import type { AppDeps, AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { inScope } from '../../lib/scope';
import { integralMismatchRows, reversePoints } from '../students';
import { registerCustomers } from './customers';
import { registerMallGifts } from './mall-gifts';

/**
 * 客户关系 (crm, spec screens.tsv `crm`), its public module: the points mall's gifts (their stock is
 * taken and put back by 礼品兑换 through `takeMallGift` / `returnMallGift`), the points check, the
 * customers (客户列表 / 积分管理) and 冲正积分. The points themselves are the students area's ledger
 * (postPoints, reversePoints); 增加/扣减积分 are its calls student/add_integral, reduce_integral.
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  registerMallGifts(app);
  registerCustomers(app);
  mountCall(app, pointsReverseCall, ({ db, principal, body }) => reversePoints(db, principal, body.id, body.reason));
  mountCall(app, pointsCheckCall, async ({ db, principal }) => {
    const rows = (await integralMismatchRows(db)).filter((r) => inScope(principal, r.school_id));
    return { mismatches: rows.map((r) => ({ student_id: r.id, student_name: r.name, integral: r.integral, ledger: r.ledger })) };
  });
}

export { takeMallGift, returnMallGift, type MallGiftTaken } from './mall-gifts';

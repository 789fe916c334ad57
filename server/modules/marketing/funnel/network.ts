import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/context';
import { mountCall } from '../../../lib/call-routes';
import { whereInScope } from '../../../lib/scope';
import { quaoTreeCall, type QuaoNode } from '../../../../src/contract/marketing-funnel';
import { NETWORK_PLATFORMS } from '../../../../src/contract/resources/marketing-funnel';

/**
 * 渠道树 (get_quao_tree): every platform, each with the promotion accounts recorded under it in the
 * caller's campuses. Node ids are `p<platform>` and `p<platform>:<account>`, so the screen filters
 * 网络明细 by platform, or by platform and account.
 */
export function registerNetwork(app: Hono<AppEnv>): void {
  mountCall(app, quaoTreeCall, async ({ db, principal }) => {
    let qb = db.selectFrom('mkt_network_detail').where('del_flag', '=', 0);
    qb = whereInScope(qb, 'school_id', principal);
    const rows = await qb.select(['platform', 'account']).distinct().orderBy('platform').orderBy('account').execute();
    return NETWORK_PLATFORMS.map((p): QuaoNode => {
      const accounts = rows.filter((r) => Number(r.platform) === Number(p.value)).map((r) => String(r.account));
      return { id: `p${p.value}`, text: p.text, nodes: accounts.map((a) => ({ id: `p${p.value}:${a}`, text: a })) };
    });
  });
}

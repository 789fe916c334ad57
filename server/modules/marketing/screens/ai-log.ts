import { sql } from 'kysely';
import type { ResourceHooks } from '../../../lib/resource-routes';
import { notFound } from '../../../lib/http';
import { AI_ACTIONS } from '../../../../src/contract/resources/marketing-screens';
import { seesAllLeads } from '../leads';

const ACTIONS = AI_ACTIONS.map((a) => String(a.value));

/** Only the jobs' moves: no person made them (created_by null) and they are one of AI_ACTIONS. */
function isJobMove(row: Record<string, unknown>): boolean {
  return (row.created_by === null || row.created_by === undefined) && ACTIONS.includes(String(row.action));
}

/**
 * AI日志: the timeline rows the jobs wrote. Without the right to all leads a person sees what the
 * jobs did to the leads they held: the recycling that took one from them and the warnings they got.
 */
export const aiLogHooks: ResourceHooks = {
  plannable: () => false,
  extendPage(qb, _query, ctx) {
    const t = (c: string) => sql.ref(`mkt_resource_move.${c}`);
    const out = qb.where(t('created_by'), 'is', null).where(t('action'), 'in', ACTIONS);
    return seesAllLeads(ctx.principal) ? out : out.where(t('from_owner'), '=', ctx.principal.userId);
  },
  mapRow(row, ctx) {
    if (!isJobMove(row) || (!seesAllLeads(ctx.principal) && Number(row.from_owner) !== ctx.principal.userId)) throw notFound();
    return row;
  },
};

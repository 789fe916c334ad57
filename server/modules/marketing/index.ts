import type { Hono } from 'hono';
import { MARKETING_RESOURCES, callCenterLogResource, moveResource, poolRuleResource, recordResource, resourceResource, stuAllotTmkResource } from '../../../src/contract/resources/marketing';
import {
  activitedCall,
  batchTransferSchoolCall,
  cancelSchoolCall,
  claimCall,
  invalidateCall,
  toSaleCall,
  toSellerCall,
  toTmkCall,
  toTmkerCall,
  transferSchoolCall,
  unassignCall,
} from '../../../src/contract/marketing';
import type { AppDeps, AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { mountResource, type ResourceHooks } from '../../lib/resource-routes';
import { writeAudit } from '../../lib/audit';
import { leadHooks, recordHooks } from './lead-hooks';
import { activate, claim, invalidate, toPublic, toSale, toSeller, toTmker, toTmkPool, transferSchool, unassign } from './moves';
import { registerReads } from './reads';
import { registerCallCenter } from './call-center';
import { registerConvert } from './convert';
import { registerImport } from './import';
import { resourceInScope } from './leads';
import { registerPlans } from './plans/register';
import { registerFunnel } from './funnel/register';
import { registerScreens } from './screens/register';
// a student's first signed order signs the lead it came from (orders' onOrderSigned)
import './signed';
import './schema';

/** Records hanging on a lead take the lead's campus; the lead must be the caller's to see. */
const onLead: ResourceHooks = {
  schoolOf: recordHooks.schoolOf,
  async beforeWrite(ctx, row, _mode, existing) {
    const lead = await resourceInScope(ctx.db, ctx.principal, Number(row.resource_id ?? existing?.resource_id));
    row.school_id = lead.school_id;
  },
};

const csvIds = (text: string): number[] => text.split(',').map(Number);

/**
 * The marketing area's leads (spec doc 001 "Marketing resource (leads)"): the lead, its pools and
 * moves, follow-up records, the call centre, the import and the recycling job (docs/marketing.md).
 * Other parts of the marketing area register from their own files (marketing-*.ts).
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  mountResource(app, resourceResource, leadHooks);
  mountResource(app, recordResource, recordHooks);
  mountResource(app, stuAllotTmkResource, onLead);
  mountResource(app, poolRuleResource);
  mountResource(app, moveResource);
  mountResource(app, callCenterLogResource);
  mountCall(app, toTmkCall, ({ db, principal, body }) => toTmkPool(db, principal, body.ids));
  mountCall(app, toTmkerCall, ({ db, principal, body }) => toTmker(db, principal, body.ids, body.tmk_id));
  mountCall(app, toSaleCall, ({ db, principal, body }) => toSale(db, principal, body.ids, body.seller_id));
  mountCall(app, toSellerCall, ({ db, principal, body }) => toSeller(db, principal, body.ids, body.seller_id));
  mountCall(app, invalidateCall, ({ db, principal, body }) => invalidate(db, principal, body.ids, body.reason));
  mountCall(app, activitedCall, ({ db, principal, body }) => activate(db, principal, body.ids));
  mountCall(app, transferSchoolCall, ({ db, principal, body }) => transferSchool(db, principal, [body.id], body.school_id, body.reason ?? null));
  mountCall(app, batchTransferSchoolCall, ({ db, principal, body }) => transferSchool(db, principal, body.ids, body.school_id, body.reason ?? null));
  mountCall(app, claimCall, ({ db, principal, body }) => claim(db, principal, body.ids));
  // The spec sends these two moves by GET: the machinery serves a GET as a read, so the move runs
  // in its own transaction here and writes its own audit entry.
  mountCall(app, unassignCall, ({ db, principal, query }) =>
    db.transaction().execute(async (trx) => {
      const out = await unassign(trx, principal, csvIds(query.ids));
      await writeAudit(trx, principal, { area: 'marketing', call: 'mkt_resource/unassign', title: unassignCall.title, table: 'mkt_resource', ids: out.ids, changes: [{ id: null, before: null, after: { ids: out.ids } }] });
      return out;
    }),
  );
  mountCall(app, cancelSchoolCall, ({ db, principal, query }) =>
    db.transaction().execute(async (trx) => {
      const out = await toPublic(trx, principal, csvIds(query.ids));
      await writeAudit(trx, principal, { area: 'marketing', call: 'mkt_resource/cancel_school', title: cancelSchoolCall.title, table: 'mkt_resource', ids: out.ids, changes: [{ id: null, before: null, after: { ids: out.ids } }] });
      return out;
    }),
  );
  registerReads(app);
  registerCallCenter(app);
  registerConvert(app);
  registerImport(app);
  registerPlans(app);
  // invitations, visits, trial lessons, activities, network detail and the funnel report
  registerFunnel(app);
  // 老学员添加学员, 绘本学员, AI日志
  registerScreens(app);
}

// ---------------------------------------------------------------------------------------------
// Public module: what other areas (the rest of marketing, orders, reports) may call.
// ---------------------------------------------------------------------------------------------

export { resourceInScope, resourcesInScope, getResource, stampFunnel, recordMove, seesAllLeads, ownershipSql, poolText, ALL_LEADS_PERM, type LeadRow } from './leads';
export { ruleOf } from './moves';
export { addLead, knownLeadPhones, type NewLead } from './add-leads';
export { callCenterProvider, openCallRecord, type CallCenterProvider } from './call-center';
export { importLeads, type LeadImportInput } from './import';
export { recycleLeads, scheduleLeadRecycling, RECYCLE_JOB } from './recycle';
export { MARKETING_RESOURCES };

/** The SMS provider interface: a real provider is put in place with useSmsProvider. */
export { useSmsProvider, smsProvider, recordingSmsProvider, type SmsProvider, type SmsMessage, type SmsResult } from './plans/sms-provider';
export { dueFollowUps, type DueFollowUp } from './due-follow-ups';
export { trialsBetween, type TrialItem } from './trials-between';
export { leadFiguresByCampus, emptyLeadFigures, type LeadFigures } from './day-figures';

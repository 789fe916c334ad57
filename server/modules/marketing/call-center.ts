import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { callStatusNotifyCall, tqAuthCall, tqCallCall, tqSendCall } from '../../../src/contract/marketing';
import { resourceInScope, stampFunnel } from './leads';
import './schema';

/**
 * The call centre and SMS provider (tq_gettoken/auth, tq_infosend/send, tq_phonecall/call). A real
 * provider implements this interface and is chosen by the environment (CALL_CENTER_PROVIDER);
 * callers never change. The built-in provider `record` dials and sends nothing: it answers as a
 * provider would, and every request, like a real provider's, is written to mkt_call_center_log,
 * shown on the 呼叫中心记录 screen.
 */
export interface CallCenterProvider {
  name: string;
  token(): Promise<{ token: string; expiresIn: number }>;
  sendSms(phone: string, content: string): Promise<{ id: string }>;
  dial(agentUserId: number, phone: string): Promise<{ callId: string }>;
}

export const recordingProvider: CallCenterProvider = {
  name: 'record',
  async token() {
    return { token: `rec-${randomUUID()}`, expiresIn: 7200 };
  },
  async sendSms() {
    return { id: `sms-${randomUUID()}` };
  },
  async dial() {
    return { callId: `call-${randomUUID()}` };
  },
};

const PROVIDERS: Readonly<Record<string, CallCenterProvider>> = { record: recordingProvider };

/** The provider the environment names (default: the built-in recording provider). */
export function callCenterProvider(): CallCenterProvider {
  const name = process.env.CALL_CENTER_PROVIDER ?? 'record';
  const provider = PROVIDERS[name];
  if (!provider) throw new ApiError(409, `呼叫中心服务商${name}未配置`);
  return provider;
}

async function log(db: Kysely<Database>, userId: number, schoolId: number, entry: { provider: string; kind: string; target: string | null; content: string | null; call_id: string | null; resource_id: number | null }): Promise<void> {
  const now = nowText();
  await db
    .insertInto('mkt_call_center_log')
    .values({ ...entry, school_id: schoolId, sent_at: now, created_at: now, updated_at: now, created_by: userId, updated_by: userId })
    .execute();
}

/**
 * Opens the follow-up record (跟进记录, 通话状态 呼叫中) of a call to a lead, completed by the
 * provider's call_status_notify: the call centre's click-to-call, and a call through a privacy
 * number (misc area, through the public module). Answers the record's id.
 */
export async function openCallRecord(db: Kysely<Database>, userId: number, lead: { id: number; school_id: number }, callId: string, content: string): Promise<number> {
  const now = nowText();
  const rec = await db
    .insertInto('mkt_record')
    .values({ school_id: lead.school_id, resource_id: lead.id, way: 1, result: 4, content, call_id: callId, call_status: 1, call_seconds: 0, follow_at: now, next_follow_at: null, created_at: now, updated_at: now, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return rec.id;
}

export function registerCallCenter(app: Hono<AppEnv>): void {
  mountCall(app, tqAuthCall, async ({ db, principal }) => {
    const provider = callCenterProvider();
    const t = await provider.token();
    await log(db, principal.userId, principal.schoolIds[0] ?? 0, { provider: provider.name, kind: 'token', target: null, content: null, call_id: null, resource_id: null });
    return { token: t.token, provider: provider.name, expires_in: t.expiresIn };
  });

  mountCall(app, tqSendCall, async ({ db, principal, body }) => {
    const lead = await resourceInScope(db, principal, body.resource_id);
    const provider = callCenterProvider();
    const sent = await provider.sendSms(lead.parent_phone, body.content);
    await log(db, principal.userId, lead.school_id, { provider: provider.name, kind: 'sms', target: lead.parent_phone, content: body.content, call_id: sent.id, resource_id: lead.id });
    return { id: sent.id, provider: provider.name };
  });

  // Dials the lead's phone for the caller; a call record is opened (status 呼叫中心 calling) and
  // completed by the provider's call_status_notify.
  mountCall(app, tqCallCall, async ({ db, principal, body }) => {
    const lead = await resourceInScope(db, principal, body.resource_id);
    const provider = callCenterProvider();
    const call = await provider.dial(principal.userId, lead.parent_phone);
    await log(db, principal.userId, lead.school_id, { provider: provider.name, kind: 'call', target: lead.parent_phone, content: `外呼 ${lead.name}`, call_id: call.callId, resource_id: lead.id });
    const recordId = await openCallRecord(db, principal.userId, lead, call.callId, '外呼中');
    return { call_id: call.callId, provider: provider.name, record_id: recordId };
  });

  mountCall(app, callStatusNotifyCall, async ({ db, principal, body }) => {
    const rec = await db.selectFrom('mkt_record').select(['id', 'resource_id', 'school_id']).where('call_id', '=', body.call_id).executeTakeFirst();
    if (!rec) throw new ApiError(404, '通话编号不存在');
    await resourceInScope(db, principal, rec.resource_id);
    const connected = body.status === 2;
    const now = nowText();
    await db
      .updateTable('mkt_record')
      .set({ call_status: body.status, call_seconds: body.seconds, result: connected ? 2 : 4, content: connected ? `通话${body.seconds}秒` : '未接通', updated_at: now, updated_by: principal.userId })
      .where('id', '=', rec.id)
      .execute();
    if (connected) {
      await db.updateTable('mkt_resource').set({ last_follow_at: now, updated_at: now }).where('id', '=', rec.resource_id).execute();
      await stampFunnel(db, rec.resource_id, 'called', now);
    }
    return { id: rec.id };
  });
}

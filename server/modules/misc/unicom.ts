import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { mountResource } from '../../lib/resource-routes';
import { ApiError } from '../../lib/http';
import { hasPerm } from '../../lib/auth';
import { nowText } from '../../lib/time';
import { maskText } from '../../../src/contract/mask';
import { unicomBindingResource } from '../../../src/contract/resources/misc-unicom';
import { middleNumbersOf, unicomCallCall, unicomDefaultCall, unicomProvideCall, unicomReleaseCall, unicomSetCall, unicomUpdateCall, type UnicomBindingAnswer, type UnicomSettings } from '../../../src/contract/misc-unicom';
import { openCallRecord, resourceInScope } from '../marketing';
import { studentInScope } from '../students';
import { privacyNumberProvider } from './unicom-provider';
import { logProviderRequest } from './provider-log';
import './schema';

type Db = Kysely<Database>;
/** who binds or calls: the staff member whose phone rings */
export interface Staff {
  userId: number;
  name: string;
}
export interface Customer {
  type: 'lead' | 'student';
  id: number;
  schoolId: number;
  name: string;
  phone: string;
}

const DEFAULTS = { enabled: false, account: '', middle_numbers: '', expire_minutes: 30, record_call: true } as const;
const masked = (phone: string): string => maskText('phone', phone) ?? '';

export async function settingsOf(db: Db, schoolId: number): Promise<UnicomSettings> {
  const row = await db.selectFrom('misc_unicom_account').selectAll().where('school_id', '=', schoolId).executeTakeFirst();
  if (!row) return { school_id: schoolId, ...DEFAULTS, saved: false };
  return { school_id: schoolId, enabled: row.enabled === 1, account: row.account, middle_numbers: row.middle_numbers, expire_minutes: row.expire_minutes, record_call: row.record_call === 1, saved: true };
}

export async function saveSettings(db: Db, by: number, s: { school_id: number; enabled: boolean; account: string; middle_numbers: string; expire_minutes: number; record_call: boolean }): Promise<UnicomSettings> {
  const values = { enabled: s.enabled ? 1 : 0, account: s.account, middle_numbers: middleNumbersOf(s.middle_numbers).join(','), expire_minutes: s.expire_minutes, record_call: s.record_call ? 1 : 0, updated_at: nowText(), updated_by: by };
  await db
    .insertInto('misc_unicom_account')
    .values({ school_id: s.school_id, ...values })
    .onConflict((oc) => oc.column('school_id').doUpdateSet(values))
    .execute();
  return settingsOf(db, s.school_id);
}

/** A carrier failure answers in the envelope (the carrier's trouble is not this server's fault). */
async function viaCarrier<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    console.error('privacy-number provider failed', e);
    throw new ApiError(409, '运营商隐私号服务暂时不可用，请稍后再试');
  }
}

function expiresAt(minutes: number, from = Date.now()): string {
  return nowText(from + minutes * 60_000);
}

type BindingRow = Awaited<ReturnType<typeof bindingRow>>;
async function bindingRow(db: Db, id: number) {
  return db.selectFrom('misc_unicom_binding').selectAll().where('id', '=', id).executeTakeFirst();
}

function answerOf(b: { id: number; middle_number: string | null; expires_at: string | null; customer_phone: string | null; state: number | null }): UnicomBindingAnswer {
  return { id: b.id, middle_number: b.middle_number ?? '', expires_at: b.expires_at ?? '', customer_phone: b.customer_phone ?? '', state: b.state ?? 0 };
}

/** The customer of a binding as the caller may see it (a lead or student outside their reach is missing). */
export async function customerInScope(db: Db, principal: Principal, type: 'lead' | 'student', id: number): Promise<Customer> {
  if (type === 'lead') {
    const lead = await resourceInScope(db, principal, id);
    return { type, id, schoolId: lead.school_id, name: lead.name, phone: lead.parent_phone ?? '' };
  }
  const s = await studentInScope(db, principal, id);
  const phone = (s.parent_phone as string | null) || (s.phone as string | null) || '';
  return { type, id, schoolId: s.school_id, name: s.name, phone };
}

/**
 * Binds a middle number of the customer's campus to (staff phone, customer phone). A live binding
 * of the same pair is answered again (a second click binds nothing new). A middle number serves
 * several pairs, but never two live ones sharing the staff phone or the customer (the carrier could
 * not tell where a call through it goes).
 */
export async function provide(db: Db, staff: Staff, customer: Customer, expireMinutes?: number): Promise<UnicomBindingAnswer> {
  const settings = await settingsOf(db, customer.schoolId);
  if (!settings.enabled) throw new ApiError(409, '该校区未开通隐私号，请先在 系统管理 › 隐私号设置 中开通');
  if (!/^1\d{10}$/.test(customer.phone)) throw new ApiError(400, `${customer.name}没有登记有效的手机号`);
  const me = await db.selectFrom('users').select(['phone']).where('id', '=', staff.userId).executeTakeFirst();
  const staffPhone = me?.phone ?? '';
  if (!/^1\d{10}$/.test(staffPhone)) throw new ApiError(400, '您还没有登记手机号，请先在个人设置中填写手机号');
  const now = nowText();
  const live = await db
    .selectFrom('misc_unicom_binding')
    .select(['id', 'middle_number', 'staff_phone', 'target_type', 'target_id', 'created_by', 'expires_at', 'customer_phone', 'state'])
    .where('school_id', '=', customer.schoolId)
    .where('state', '=', 1)
    .where('expires_at', '>', now)
    .execute();
  const same = live.find((b) => b.created_by === staff.userId && b.target_type === customer.type && b.target_id === customer.id);
  if (same) return answerOf(same);
  const busy = new Set(live.filter((b) => b.staff_phone === staffPhone || (b.target_type === customer.type && b.target_id === customer.id)).map((b) => b.middle_number));
  const middle = settings.middle_numbers.split(',').find((n) => n && !busy.has(n));
  if (!middle) throw new ApiError(409, '该校区的中间号已用完，请先解绑不用的绑定或增加中间号');
  const minutes = expireMinutes ?? settings.expire_minutes;
  const provider = privacyNumberProvider();
  const request = { account: settings.account, middleNumber: middle, staffPhone, customerPhone: customer.phone, expireMinutes: minutes, recordCall: settings.record_call };
  const out = await viaCarrier(provider.bind(request));
  await logProviderRequest(db, staff.userId, {
    provider: provider.name,
    kind: 'bind',
    target: middle,
    request: { appKey: settings.account, middleNumber: middle, telA: masked(staffPhone), telB: masked(customer.phone), expiration: minutes * 60, record: settings.record_call ? 1 : 0 },
    answer: out.raw,
  });
  const row = await db
    .insertInto('misc_unicom_binding')
    .values({
      school_id: customer.schoolId,
      target_type: customer.type,
      target_id: customer.id,
      target_name: customer.name,
      customer_phone: masked(customer.phone),
      middle_number: middle,
      staff_name: staff.name,
      staff_phone: staffPhone,
      expires_at: expiresAt(minutes),
      record_call: settings.record_call ? 1 : 0,
      state: 1,
      call_count: 0,
      last_call_at: null,
      bind_id: out.bindId,
      bound_at: now,
      created_at: now,
      updated_at: now,
      created_by: staff.userId,
      updated_by: staff.userId,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return answerOf((await bindingRow(db, row.id))!);
}

/** A binding of the caller's campuses; another campus's is missing. Changing it is its owner's, or a manager's (unicom_set). */
async function bindingFor(db: Db, principal: Principal, id: number, inScope: (s: number) => boolean, ownerOnly: boolean): Promise<NonNullable<BindingRow>> {
  const b = await bindingRow(db, id);
  if (!b || !inScope(b.school_id)) throw new ApiError(404, '隐私号绑定不存在或无权访问');
  const mine = b.created_by === principal.userId;
  if (!mine && (ownerOnly || !hasPerm(principal, 'unicom_set'))) throw new ApiError(403, ownerOnly ? '只能通过自己的隐私号绑定呼叫' : '只能修改自己的隐私号绑定');
  if (b.state !== 1) throw new ApiError(409, '该隐私号绑定已解绑');
  return b;
}

export async function extend(db: Db, by: number, b: NonNullable<BindingRow>, minutes: number): Promise<UnicomBindingAnswer> {
  const settings = await settingsOf(db, b.school_id);
  const provider = privacyNumberProvider();
  const out = await viaCarrier(provider.update({ account: settings.account, bindId: b.bind_id ?? '', expireMinutes: minutes }));
  await logProviderRequest(db, by, { provider: provider.name, kind: 'update', target: b.middle_number, request: { appKey: settings.account, bindId: b.bind_id, expiration: minutes * 60 }, answer: out.raw });
  const now = nowText();
  await db.updateTable('misc_unicom_binding').set({ expires_at: expiresAt(minutes), updated_at: now, updated_by: by }).where('id', '=', b.id).execute();
  return answerOf((await bindingRow(db, b.id))!);
}

export async function release(db: Db, by: number, b: NonNullable<BindingRow>): Promise<UnicomBindingAnswer> {
  const settings = await settingsOf(db, b.school_id);
  const provider = privacyNumberProvider();
  const out = await viaCarrier(provider.release({ account: settings.account, bindId: b.bind_id ?? '' }));
  await logProviderRequest(db, by, { provider: provider.name, kind: 'release', target: b.middle_number, request: { appKey: settings.account, bindId: b.bind_id }, answer: out.raw });
  const now = nowText();
  // only a live binding is released: of two parallel releases one changes it
  const done = await db.updateTable('misc_unicom_binding').set({ state: 2, updated_at: now, updated_by: by }).where('id', '=', b.id).where('state', '=', 1).returning(['id']).executeTakeFirst();
  if (!done) throw new ApiError(409, '该隐私号绑定已解绑');
  return answerOf((await bindingRow(db, b.id))!);
}

/** The carrier rings the staff phone, then the customer; a lead's call opens its follow-up record. */
export async function callThrough(db: Db, by: number, b: NonNullable<BindingRow>): Promise<{ call_id: string; middle_number: string; record_id: number | null; provider: string }> {
  if ((b.expires_at ?? '') <= nowText()) throw new ApiError(409, '该隐私号绑定已过期，请延期或重新绑定');
  const settings = await settingsOf(db, b.school_id);
  const provider = privacyNumberProvider();
  const out = await viaCarrier(provider.call({ account: settings.account, bindId: b.bind_id ?? '', middleNumber: b.middle_number ?? '' }));
  await logProviderRequest(db, by, { provider: provider.name, kind: 'call', target: b.middle_number, request: { appKey: settings.account, bindId: b.bind_id, middleNumber: b.middle_number }, answer: out.raw });
  const now = nowText();
  await db
    .updateTable('misc_unicom_binding')
    .set((eb) => ({ call_count: eb('call_count', '+', 1), last_call_at: now, updated_at: now, updated_by: by }))
    .where('id', '=', b.id)
    .execute();
  const recordId = b.target_type === 'lead' ? await openCallRecord(db, by, { id: b.target_id ?? 0, school_id: b.school_id }, out.callId, `隐私号外呼（${b.middle_number}）`) : null;
  return { call_id: out.callId, middle_number: b.middle_number ?? '', record_id: recordId, provider: provider.name };
}

export function registerUnicom(app: Hono<AppEnv>): void {
  mountResource(app, unicomBindingResource);
  mountCall(app, unicomDefaultCall, async ({ query, assertSchool, db }) => {
    assertSchool(query.school_id);
    return settingsOf(db, query.school_id);
  });
  mountCall(app, unicomSetCall, async ({ body, assertSchool, db, principal }) => {
    assertSchool(body.school_id);
    return saveSettings(db, principal.userId, body);
  });
  mountCall(app, unicomProvideCall, async ({ body, db, principal }) => {
    const customer = await customerInScope(db, principal, body.target_type, body.target_id);
    return provide(db, { userId: principal.userId, name: principal.name }, customer, body.expire_minutes);
  });
  mountCall(app, unicomUpdateCall, async ({ body, db, principal, inScope }) => extend(db, principal.userId, await bindingFor(db, principal, body.id, inScope, false), body.expire_minutes));
  mountCall(app, unicomReleaseCall, async ({ body, db, principal, inScope }) => release(db, principal.userId, await bindingFor(db, principal, body.id, inScope, false)));
  mountCall(app, unicomCallCall, async ({ body, db, principal, inScope }) => callThrough(db, principal.userId, await bindingFor(db, principal, body.id, inScope, true)));
}

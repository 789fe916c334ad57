import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AppEnv, Principal } from './context';
import { hashToken } from './sessions';
import { hasPerm, loadAccess } from './principal';
import { serverSecret } from './server-secret';
import { checkInCall, checkInUndoCall, todayRosterCall } from '../../src/contract/classes';
import {
  DEVICE_FORBIDDEN_MSG,
  DEVICE_NO_OPERATOR_MSG,
  DEVICE_OPERATOR_HEADER,
  DEVICE_REVOKED_MSG,
  DEVICE_SELF_PATHS,
  DEVICE_TOKEN_HEADER,
} from '../../src/contract/device';
import '../db/core-schema';

export interface FrontDeskDeviceTable {
  id: Generated<number>;
  name: string;
  school_id: number;
  secret_hash: string;
  registered_by: number;
  registered_at: string;
  expires_ms: number;
  last_seen_ms: number | null;
  state: number;
  revoked_at: string | null;
  revoked_by: number | null;
}

export interface UserPinTable {
  user_id: number;
  pin_hash: string;
  failed_count: number;
  locked: number;
  set_ms: number;
}

declare module '../db/schema' {
  interface Database {
    front_desk_device: FrontDeskDeviceTable;
    user_pin: UserPinTable;
  }
}

/** The operation code a person needs to be switched in on a device, and the screen it opens. */
export const FRONT_DESK_PERM = 'edu_check_in_add';
export const FRONT_DESK_SCREEN = 'educational_front_desk_check_in';
/** How long one PIN switch is good for: queued writes made offline under it are accepted this long. */
export const OPERATOR_TOKEN_DAYS = 14;

/** A switch token that is forged, another device's, expired, or names someone who may no longer operate. */
export const OPERATOR_REFUSED_MSG = '员工身份已失效，请重新输入 PIN 切换';

const SELF = new Set(DEVICE_SELF_PATHS.map((p) => `/${p}`));
/** The front desk's own calls: what a device may call once a person has switched in. */
const FRONT_DESK = new Set([todayRosterCall.path, checkInCall.path, checkInUndoCall.path].map((p) => `/${p}`));

function refuse(c: Context<AppEnv>, msg: string): Response {
  return c.json({ code: 403, msg, data: null });
}

// ---------------------------------------------------------------------------------------------
// Operator tokens: who is switched in, signed by the server so the device cannot name anyone else
// ---------------------------------------------------------------------------------------------

async function operatorKey(db: Kysely<Database>): Promise<Buffer> {
  return serverSecret(db, 'device_operator');
}

function sign(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** `deviceId.userId.expiresMs.signature`. */
export async function issueOperatorToken(db: Kysely<Database>, deviceId: number, userId: number, now = Date.now()): Promise<{ token: string; expiresMs: number }> {
  const expiresMs = now + OPERATOR_TOKEN_DAYS * 86_400_000;
  const text = `${deviceId}.${userId}.${expiresMs}`;
  return { token: `${text}.${sign(await operatorKey(db), text)}`, expiresMs };
}

/** The person a token names, when it is this device's, unexpired and signed by this server. */
export async function verifyOperatorToken(db: Kysely<Database>, token: string, deviceId: number, now = Date.now()): Promise<number | undefined> {
  const m = /^(\d{1,12})\.(\d{1,12})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return undefined;
  const expected = Buffer.from(sign(await operatorKey(db), `${m[1]}.${m[2]}.${m[3]}`));
  const given = Buffer.from(m[4]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(m[1]) !== deviceId || Number(m[3]) <= now) return undefined;
  return Number(m[2]);
}

// ---------------------------------------------------------------------------------------------
// Resolving a device's call
// ---------------------------------------------------------------------------------------------

export interface DeviceRecord {
  id: number;
  name: string;
  schoolId: number;
}

/** A person the device may switch to: active, holds the front-desk right, reaches the device's campus. */
export async function mayOperate(db: Kysely<Database>, userId: number, schoolId: number): Promise<{ name: string; loginId: string } | undefined> {
  const u = await db.selectFrom('users').select(['name', 'login_id', 'state', 'del_flag']).where('id', '=', userId).executeTakeFirst();
  if (!u || u.state !== 1 || u.del_flag !== 0) return undefined;
  const access = await loadAccess(db, userId);
  if (!hasPerm(access, FRONT_DESK_PERM)) return undefined;
  if (!access.allSchools && !access.schoolIds.includes(schoolId)) return undefined;
  return { name: u.name, loginId: u.login_id };
}

const CACHE_MS = 5_000;
const LAST_SEEN_WRITE_MS = 30_000;
interface Cached {
  principal: Principal;
  /** an operator token was sent but names no one who may operate now */
  operatorRefused: boolean;
  loadedAt: number;
}
// A device's principal is kept a few seconds, like a session's; revoking or renaming clears it.
const cache = new Map<string, Cached>();
const lastSeenWritten = new Map<number, number>();

export function forgetDevices(): void {
  cache.clear();
}

function devicePrincipal(device: DeviceRecord, secretHash: string, operator: { id: number; name: string; loginId: string } | undefined): Principal {
  return {
    userId: operator?.id ?? 0,
    loginId: operator?.loginId ?? `device:${device.id}`,
    domain: '',
    name: operator?.name ?? device.name,
    roleIds: [],
    roleCodes: [],
    // Whatever the person holds elsewhere, on the device they hold the front desk of its campus only.
    perms: new Set(operator ? [FRONT_DESK_PERM] : []),
    menuCodes: new Set(operator ? [FRONT_DESK_SCREEN] : []),
    superuser: false,
    allSchools: false,
    schoolIds: operator ? [device.schoolId] : [],
    tokenHash: `device:${secretHash}`,
    mustChangePassword: false,
    device,
  };
}

/**
 * A call made with a device credential (and no session headers): the device's principal, or the
 * answer that refuses it. A revoked device is refused everything with DEVICE_REVOKED_MSG (HTTP 200,
 * code 403), so its queued writes are rejected on arrival with that reason rather than kept
 * waiting as after a 401; an unknown or expired credential is a 401 (undefined).
 */
export async function resolveDevice(c: Context<AppEnv>, secret: string): Promise<Principal | Response | undefined> {
  const db = c.var.db;
  const path = c.req.path;
  const operatorToken = c.req.header(DEVICE_OPERATOR_HEADER) ?? '';
  const now = Date.now();
  const secretHash = hashToken(secret);
  const key = `${secretHash}|${operatorToken}`;
  let principal = cache.get(key);
  // A write never rides on the cache: revoking in one worker process must refuse a queued write
  // arriving at another one at once, not after its few seconds of cache (one indexed read).
  if (principal && c.req.method === 'POST') {
    const live = await db.selectFrom('front_desk_device').select('state').where('secret_hash', '=', secretHash).executeTakeFirst();
    if (live?.state !== 1) principal = undefined;
  }
  if (!principal || now - principal.loadedAt >= CACHE_MS) {
    const row = await db
      .selectFrom('front_desk_device as d')
      .leftJoin('organisations as o', 'o.id', 'd.school_id')
      .select(['d.id', 'd.name', 'd.school_id', 'd.state', 'd.expires_ms', 'd.last_seen_ms', 'o.del_flag as school_deleted'])
      .where('d.secret_hash', '=', secretHash)
      .executeTakeFirst();
    if (!row || row.expires_ms <= now) return undefined;
    if (row.state !== 1 || row.school_deleted !== 0) {
      cache.delete(key);
      return refuse(c, DEVICE_REVOKED_MSG);
    }
    const device: DeviceRecord = { id: row.id, name: row.name, schoolId: row.school_id };
    let operator: { id: number; name: string; loginId: string } | undefined;
    if (operatorToken) {
      const userId = await verifyOperatorToken(db, operatorToken, device.id, now);
      const person = userId === undefined ? undefined : await mayOperate(db, userId, device.schoolId);
      if (userId !== undefined && person) operator = { id: userId, ...person };
    }
    principal = { principal: devicePrincipal(device, secretHash, operator), operatorRefused: !!operatorToken && !operator, loadedAt: now };
    if (cache.size >= 10_000) cache.clear();
    cache.set(key, principal);
    const written = Math.max(row.last_seen_ms ?? 0, lastSeenWritten.get(device.id) ?? 0);
    if (now - written > LAST_SEEN_WRITE_MS) {
      lastSeenWritten.set(device.id, now);
      await db.updateTable('front_desk_device').set({ last_seen_ms: now }).where('id', '=', device.id).execute();
    }
  }
  const p = principal.principal;
  // Switching person works whatever the last person's token has become.
  if (SELF.has(path)) return p;
  if (!FRONT_DESK.has(path)) return refuse(c, DEVICE_FORBIDDEN_MSG);
  if (principal.operatorRefused) return refuse(c, OPERATOR_REFUSED_MSG);
  if (p.userId === 0) return refuse(c, DEVICE_NO_OPERATOR_MSG);
  return p;
}

/** The device credential of a call that carries no session headers. */
export function deviceCredentialOf(c: Context<AppEnv>): string | undefined {
  if (c.req.header('token') || c.req.header('authorization')) return undefined;
  const v = c.req.header(DEVICE_TOKEN_HEADER);
  return v && v.length <= 128 ? v : undefined;
}

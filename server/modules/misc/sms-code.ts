import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { serverSecret } from '../../lib/server-secret';
import { maskText } from '../../../src/contract/mask';
import { SMS_CODE_MINUTES } from '../../../src/contract/misc-sms';
import { smsProvider } from '../marketing';
import { logProviderRequest } from './provider-log';
import { pruneWindows, reserveWindow } from './sms-throttle';
import './schema';

/**
 * Verification codes by SMS: random 6 digits, kept only as an HMAC under a server secret (a copy of
 * the database does not give the codes away: 6 digits alone would be guessed from a plain hash),
 * valid SMS_CODE_MINUTES, used once, at most MAX_WRONG tries each. Sending is limited per account
 * and per source address; every count is one atomic statement (sms-throttle.ts, and the try count
 * below), so parallel requests cannot read the same count.
 */
export type CodePurpose = 'self' | 'forget';

export const MAX_WRONG = 5;
const CODE_MS = SMS_CODE_MINUTES * 60_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** one code a minute and five an hour per account; twenty an hour per source address */
export const SEND_LIMITS = { accountMinute: 1, accountHour: 5, addressHour: 20 } as const;
/** checks of forgotten-password codes per source address and hour (codes of many accounts) */
export const ADDRESS_CHECKS_PER_HOUR = 30;

export const SEND_TOO_OFTEN = '获取验证码过于频繁，请稍后再试';
export const CHECK_TOO_OFTEN = '验证码校验过于频繁，请稍后再试';

async function hashCode(db: Kysely<Database>, userId: number, purpose: CodePurpose, code: string): Promise<string> {
  const key = await serverSecret(db, 'sms_code');
  return createHmac('sha256', key).update(`${userId}:${purpose}:${code}`).digest('hex');
}

/**
 * Takes the sending slots of one request: the account's (by the key the caller names: the login id
 * as typed for a forgotten password, so an unknown account is limited exactly like a known one) and
 * the address's. Refuses with SEND_TOO_OFTEN when any is used up.
 */
export async function reserveSend(db: Kysely<Database>, accountKey: string, address: string, now: number): Promise<void> {
  const minute = await reserveWindow(db, `send:m:${accountKey}`, SEND_LIMITS.accountMinute, MINUTE, now);
  const hour = minute && (await reserveWindow(db, `send:h:${accountKey}`, SEND_LIMITS.accountHour, HOUR, now));
  const addr = hour && (await reserveWindow(db, `send:a:${address}`, SEND_LIMITS.addressHour, HOUR, now));
  if (!addr) throw new ApiError(429, SEND_TOO_OFTEN);
}

/** A forgotten-password check from one address: limited, whether or not the account exists. */
export async function reserveCheck(db: Kysely<Database>, address: string, now: number): Promise<void> {
  if (!(await reserveWindow(db, `check:a:${address}`, ADDRESS_CHECKS_PER_HOUR, HOUR, now))) throw new ApiError(429, CHECK_TOO_OFTEN);
}

/** Makes a new code for the user (an older unused one stops working), sends it and records the request. */
export async function sendCode(db: Kysely<Database>, user: { id: number; phone: string }, purpose: CodePurpose, now: number): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.updateTable('sms_code').set({ used: 1 }).where('user_id', '=', user.id).where('purpose', '=', purpose).where('used', '=', 0).execute();
  await db
    .insertInto('sms_code')
    .values({ user_id: user.id, purpose, code_hash: await hashCode(db, user.id, purpose, code), expires_ms: now + CODE_MS, wrong_tries: 0, used: 0, created_ms: now })
    .execute();
  await db.deleteFrom('sms_code').where('expires_ms', '<', now - 24 * HOUR).execute();
  await pruneWindows(db, now);
  const provider = smsProvider();
  const content = `【校区后台】您的验证码为${code}，${SMS_CODE_MINUTES}分钟内有效，请勿告诉他人。如非本人操作，请忽略本短信。`;
  const result = await provider.send({ phone: user.phone, signName: '校区后台', templateCode: null, content, params: { code } });
  const target = maskText('phone', user.phone);
  await logProviderRequest(db, user.id, {
    provider: provider.name,
    kind: 'sms_code',
    target,
    request: { phone: target, purpose: purpose === 'self' ? '本人验证' : '找回密码', content },
    answer: { state: result.state, message_id: result.messageId, ...(result.error ? { error: result.error } : {}) },
  });
}

/**
 * Checks a code of the user and uses it up. Each check first takes one try of the newest live code
 * (one atomic update, refused past MAX_WRONG), then compares; the right code is used with a second
 * update that only one of several parallel checks can win. Answers false on any failure.
 */
export async function consumeCode(db: Kysely<Database>, userId: number, purpose: CodePurpose, code: string, now: number): Promise<boolean> {
  const live = await db
    .selectFrom('sms_code')
    .select(['id'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used', '=', 0)
    .where('expires_ms', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!live) return false;
  const slot = await db
    .updateTable('sms_code')
    .set({ wrong_tries: sql<number>`wrong_tries + 1` })
    .where('id', '=', live.id)
    .where('used', '=', 0)
    .where('wrong_tries', '<', MAX_WRONG)
    .returning(['code_hash'])
    .executeTakeFirst();
  if (!slot) return false;
  const sent = Buffer.from(await hashCode(db, userId, purpose, code), 'hex');
  const stored = Buffer.from(slot.code_hash, 'hex');
  if (sent.length !== stored.length || !timingSafeEqual(sent, stored)) return false;
  const used = await db.updateTable('sms_code').set({ used: 1 }).where('id', '=', live.id).where('used', '=', 0).returning(['id']).executeTakeFirst();
  return used !== undefined;
}

/** Makes the same HMAC work as a real check, so an unknown account answers in the same time. */
export async function burnCheck(db: Kysely<Database>, code: string): Promise<void> {
  await hashCode(db, 0, 'forget', code);
}

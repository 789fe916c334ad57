import { PIN_MAX_FAILED, type SwitchedOperator } from '../contract/device';
import { loadRefList, saveRefList } from './refData';
import { offlineDb, type OfflineDb } from './db';
import type { DeviceOperator } from './device';

/**
 * Switching person on a front-desk device while it is offline.
 *
 * Security: the server's PIN hashes (argon2id) never leave the server. Instead, when a person
 * switches in ONLINE and the server accepts their PIN, this device derives its own verifier from
 * the PIN just typed (PBKDF2-SHA-256, a random salt of this device, 210,000 rounds) and keeps it
 * with the person's switch token. Offline, a PIN is checked against that verifier, so:
 * - only people who have switched in on this very tablet before can switch offline, and only
 *   until their switch token expires (14 days, server/lib/device-auth.ts);
 * - a 4-6 digit PIN is weak against someone who copies the tablet's storage and tries every PIN
 *   at leisure. What that gains them is bounded: the verifier is of no use anywhere else (its salt
 *   is this device's, it is not the server's hash), the PIN is not the person's password, and the
 *   switch token only lets this device's credential queue front-desk check-ins, which revoking the
 *   lost tablet (设备管理 › 吊销) refuses on arrival;
 * - wrong PINs typed offline are counted here too: after PIN_MAX_FAILED the verifier is deleted,
 *   and the person must switch in online (where the server's own count and lock apply).
 */

const ROUNDS = 210_000;

interface LocalPin {
  user_id: number;
  name: string;
  salt: string;
  verifier: string;
  rounds: number;
  token: string;
  expires_ms: number;
  failed: number;
}

type PinBook = Record<string, LocalPin>;

function bookKey(deviceId: number): string {
  return `device-pins:${deviceId}`;
}

function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = '';
  for (const b of u8) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function derive(pin: string, salt: Uint8Array<ArrayBuffer>, rounds: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', salt, iterations: rounds, hash: 'SHA-256' }, key, 256);
  return toBase64(bits);
}

/** Equal-length comparison that does not stop at the first difference. */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function loadBook(deviceId: number, db: OfflineDb): Promise<PinBook> {
  return (await loadRefList<PinBook>(bookKey(deviceId), db))?.value ?? {};
}

/** After the server accepted a PIN: keep a verifier of it and the switch token on this device. */
export async function rememberPin(deviceId: number, op: SwitchedOperator, pin: string, db: OfflineDb = offlineDb()): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const verifier = await derive(pin, salt, ROUNDS);
  const book = await loadBook(deviceId, db);
  book[String(op.user_id)] = { user_id: op.user_id, name: op.name, salt: toBase64(salt), verifier, rounds: ROUNDS, token: op.token, expires_ms: op.expires_ms, failed: 0 };
  await saveRefList(bookKey(deviceId), book, db);
}

/** Whether this person may switch in offline here (switched in online before, token still good). */
export async function canSwitchOffline(deviceId: number, userId: number, db: OfflineDb = offlineDb()): Promise<boolean> {
  const entry = (await loadBook(deviceId, db))[String(userId)];
  return !!entry && entry.expires_ms > Date.now();
}

export type OfflineSwitch = { ok: true; operator: DeviceOperator } | { ok: false; msg: string };

/** Checks a PIN against this device's verifier (offline). */
export async function switchOffline(deviceId: number, userId: number, pin: string, db: OfflineDb = offlineDb()): Promise<OfflineSwitch> {
  const book = await loadBook(deviceId, db);
  const entry = book[String(userId)];
  if (!entry || entry.expires_ms <= Date.now()) return { ok: false, msg: '离线时只能切换到最近在本设备联网切换过的员工，请联网后再试' };
  if (same(await derive(pin, fromBase64(entry.salt), entry.rounds), entry.verifier)) {
    book[String(userId)] = { ...entry, failed: 0 };
    await saveRefList(bookKey(deviceId), book, db);
    return { ok: true, operator: { user_id: entry.user_id, name: entry.name, token: entry.token, expires_ms: entry.expires_ms, offline: true } };
  }
  const failed = entry.failed + 1;
  if (failed >= PIN_MAX_FAILED) {
    delete book[String(userId)];
    await saveRefList(bookKey(deviceId), book, db);
    return { ok: false, msg: 'PIN 输错次数过多，本设备离线时不再接受该员工的 PIN，请联网后切换' };
  }
  book[String(userId)] = { ...entry, failed };
  await saveRefList(bookKey(deviceId), book, db);
  return { ok: false, msg: 'PIN 不正确' };
}

/** Forgets every verifier of the device (device mode ended here). */
export async function forgetPins(deviceId: number, db: OfflineDb = offlineDb()): Promise<void> {
  await db.refLists.delete(bookKey(deviceId));
}

import type { DeviceInfo, RegisteredDevice } from '../contract/device';
import { DEVICE_OPERATOR_HEADER, DEVICE_TOKEN_HEADER } from '../contract/deviceHeaders';
import { credentialCookieDays, getCookie, removeCookie, setCookie } from '../lib/cookies';
import type { OutboxOwner } from './owner';

/**
 * This browser as a front-desk device (issue 11). The device credential lives in a cookie kept
 * until the credential's own expiry, like the session's (lib/cookies.ts credentialCookieDays), so a
 * browser restart keeps the tablet registered, offline too. Who is switched in lives in
 * sessionStorage: a restart of the shared tablet asks for a PIN again.
 */

export const DEVICE_COOKIE = 'device_token';
const DEVICE_KEY = 'front_desk_device';
const OPERATOR_KEY = 'front_desk_operator';

export interface StoredDevice extends DeviceInfo {
  expires_ms: number;
}

/** The person switched in: the server's signed token names them on every call and queued write. */
export interface DeviceOperator {
  user_id: number;
  name: string;
  token: string;
  expires_ms: number;
  /** switched in against the PIN kept on this device, without the server (offline) */
  offline?: boolean;
}

export interface DeviceSnapshot {
  device: StoredDevice | null;
  operator: DeviceOperator | null;
}

const listeners = new Set<() => void>();
let cached: { key: string; snapshot: DeviceSnapshot } = { key: '', snapshot: { device: null, operator: null } };

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const l of listeners) l();
}

export function subscribeDevice(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The device and the person switched in; the same object while nothing changed (useSyncExternalStore). */
export function deviceSnapshot(): DeviceSnapshot {
  const cookie = getCookie(DEVICE_COOKIE);
  const rawDevice = localStorage.getItem(DEVICE_KEY);
  const rawOperator = sessionStorage.getItem(OPERATOR_KEY);
  const key = `${cookie ? 1 : 0}|${rawDevice}|${rawOperator}`;
  if (key === cached.key) return cached.snapshot;
  const device = cookie ? parse<StoredDevice>(rawDevice) : null;
  const op = device ? parse<DeviceOperator>(rawOperator) : null;
  cached = { key, snapshot: { device, operator: op && op.expires_ms > Date.now() ? op : null } };
  return cached.snapshot;
}

export function loadDevice(): StoredDevice | null {
  return deviceSnapshot().device;
}

export function currentOperator(): DeviceOperator | null {
  return deviceSnapshot().operator;
}

/** Keeps the credential the server answered once (device/register) and what the tablet shows of itself. */
export function enterDeviceMode(reg: RegisteredDevice): void {
  const { token, server_now_ms: serverNow, ...info } = reg;
  setCookie(DEVICE_COOKIE, token, credentialCookieDays(reg.expires_ms, serverNow));
  localStorage.setItem(DEVICE_KEY, JSON.stringify(info));
  sessionStorage.removeItem(OPERATOR_KEY);
  emit();
}

/** Forgets the device here (after a revocation, or when an administrator ends device mode). */
export function leaveDeviceMode(): void {
  removeCookie(DEVICE_COOKIE);
  localStorage.removeItem(DEVICE_KEY);
  sessionStorage.removeItem(OPERATOR_KEY);
  emit();
}

/** Updates the name and campus shown (device/me answers them fresh). */
export function refreshDeviceInfo(info: DeviceInfo): void {
  const cur = loadDevice();
  if (!cur) return;
  const next: StoredDevice = { ...cur, ...info };
  if (JSON.stringify(next) === JSON.stringify(cur)) return;
  localStorage.setItem(DEVICE_KEY, JSON.stringify(next));
  emit();
}

export function setOperator(op: DeviceOperator | null): void {
  if (op) sessionStorage.setItem(OPERATOR_KEY, JSON.stringify(op));
  else sessionStorage.removeItem(OPERATOR_KEY);
  emit();
}

/** The header naming the person switched in (kept with each queued write: it is recorded as theirs). */
export function operatorHeaders(): Record<string, string> {
  const op = currentOperator();
  return op ? { [DEVICE_OPERATOR_HEADER]: op.token } : {};
}

/** Headers of a device's calls: its credential, and the person switched in. */
export function deviceHeaders(): Record<string, string> {
  const token = getCookie(DEVICE_COOKIE);
  if (!token || !loadDevice()) return {};
  return { [DEVICE_TOKEN_HEADER]: token, ...operatorHeaders() };
}

/** The outbox owner of a device's writes: the device (any person switched in on it sends them). */
export function deviceOutboxOwner(): OutboxOwner | null {
  const d = loadDevice();
  return d ? { loginId: `device:${d.id}`, domain: '' } : null;
}

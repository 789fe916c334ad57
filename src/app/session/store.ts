import type { SessionUser } from '../../contract/session';
import { bearerOf } from '../../contract/auth-header';
import { credentialCookieDays, getCookie, removeCookie, setCookie } from '../../lib/cookies';

/** Storage names of spec doc 000 §3 and §6. */
export const SESSION_KEY = 'session_user';
export const TOKEN_COOKIE = 'token';
export const AUTH_COOKIE = 'Authorization';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; user: SessionUser | null } = { raw: null, user: null };

export function subscribeSession(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

function emit(): void {
  for (const l of listeners) l();
}

/** The stored session user; the same object while storage is unchanged (useSyncExternalStore). */
export function loadSession(): SessionUser | null {
  const raw = localStorage.getItem(SESSION_KEY);
  if (raw === cached.raw) return cached.user;
  let user: SessionUser | null = null;
  try {
    user = raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    user = null;
  }
  cached = { raw, user };
  return user;
}

// Days a credential cookie lives: see lib/cookies.ts (the front-desk device credential is kept the same way).
export { credentialCookieDays };

/** Stores the session user (local storage) and the token and Authorization cookies, kept until the session's absolute expiry. */
export function saveSession(user: SessionUser): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(user));
  const days = credentialCookieDays(user.session_expires_ms, user.server_now_ms);
  setCookie(TOKEN_COOKIE, user.token, days);
  setCookie(AUTH_COOKIE, bearerOf(user.login_id, user.token, user.domain ?? ''), days);
  emit();
}

export function updateSession(patch: Partial<SessionUser>): void {
  const cur = loadSession();
  if (!cur) return;
  localStorage.setItem(SESSION_KEY, JSON.stringify({ ...cur, ...patch }));
  emit();
}

export function getToken(): string | null {
  return getCookie(TOKEN_COOKIE);
}

/** Clears the stored session, the token and the Authorization cookies. */
export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  removeCookie(TOKEN_COOKIE);
  removeCookie(AUTH_COOKIE);
  emit();
}

/** Headers of every call (spec doc 000 §7): `token` and `Authorization`. */
export function sessionHeaders(): Record<string, string> {
  const token = getToken();
  if (!token) return {};
  const auth = getCookie(AUTH_COOKIE);
  const user = loadSession();
  const bearer = auth ?? (user ? bearerOf(user.login_id, token, user.domain ?? '') : null);
  return bearer ? { token, Authorization: bearer } : { token };
}

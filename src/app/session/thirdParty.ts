import type { ThirdConfig } from '../../api/session';

const STATE_KEY = 'campus-desk.oauth_state';
const MODE_KEY = 'campus-desk.auth_mode';

/** Where the provider sends the browser back: the app's /#/auth/redirect. */
export function redirectUri(loc: Location = window.location): string {
  return `${loc.origin}${loc.pathname}#/auth/redirect`;
}

export function authorizeUrl(cfg: ThirdConfig, redirect: string, state: string): string {
  const u = new URL(cfg.authorize_url);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('client_id', cfg.client_id);
  u.searchParams.set('redirect_uri', redirect);
  u.searchParams.set('scope', cfg.scope || 'openid profile');
  u.searchParams.set('state', state);
  return u.toString();
}

export function newState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const s = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(STATE_KEY, s);
  return s;
}

/** True when the state came back unchanged (the redirect was started by this browser tab). */
export function checkState(s: string | null): boolean {
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  return !!s && s === expected;
}

/** The code and state of the return: in the query before the hash or in the hash's own query. */
export function returnParams(loc: Location = window.location): { code: string | null; state: string | null; error: string | null } {
  const outer = new URLSearchParams(loc.search);
  const hashQuery = loc.hash.includes('?') ? new URLSearchParams(loc.hash.slice(loc.hash.indexOf('?') + 1)) : new URLSearchParams();
  const pick = (k: string) => outer.get(k) ?? hashQuery.get(k);
  return { code: pick('code'), state: pick('state'), error: pick('error_description') ?? pick('error') };
}

/** Remembers that the session came from the provider, so logout goes through third-party logout. */
export function setThirdMode(on: boolean): void {
  if (on) localStorage.setItem(MODE_KEY, 'third');
  else localStorage.removeItem(MODE_KEY);
}

export function isThirdMode(): boolean {
  return localStorage.getItem(MODE_KEY) === 'third';
}

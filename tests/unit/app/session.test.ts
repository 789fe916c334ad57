import { beforeEach, describe, expect, it } from 'vitest';
import { afterLoginPath, decideNavigation, signInPath } from '../../../src/app/session/guard';
import { clearSession, credentialCookieDays, getToken, loadSession, saveSession, sessionHeaders, SESSION_KEY } from '../../../src/app/session/store';
import type { SessionUser } from '../../../src/contract/session';

const user: SessionUser = {
  id: 1,
  token: 'tok123',
  name: '王建国',
  avatar: null,
  login_id: 'admin',
  domain: 'hq',
  roles: [{ id: 1, code: 'RC999' }],
  isAdmin: true,
  city: '北京',
  unread_msg_number: 0,
  top_msg: [],
};

beforeEach(() => clearSession());

describe('session store', () => {
  it('keeps session_user in local storage, the token and Authorization in cookies', () => {
    saveSession(user);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}').login_id).toBe('admin');
    expect(getToken()).toBe('tok123');
    expect(document.cookie).toContain('Authorization=');
    expect(sessionHeaders()).toEqual({ token: 'tok123', Authorization: `Bearer ${btoa('admin:tok123:hq')}` });
  });
  it('keeps the token until the session\'s absolute expiry (a browser restart keeps the device signed in), not after it', () => {
    expect(credentialCookieDays(undefined)).toBeUndefined();
    expect(credentialCookieDays(1_000 + 36 * 3600_000, 1_000)).toBe(1.5);
    expect(credentialCookieDays(1_000, 5_000)).toBe(0);
    // a cookie with a max-age is what survives a restart: document.cookie hides the attribute, so watch it being written
    const written: string[] = [];
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie') as PropertyDescriptor;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => desc.get?.call(document) as string,
      set: (v: string) => {
        written.push(v);
        desc.set?.call(document, v);
      },
    });
    try {
      saveSession({ ...user, session_expires_ms: Date.now() + 24 * 3600_000 });
      expect(getToken()).toBe('tok123');
      const token = written.find((c) => c.startsWith('token='));
      const auth = written.find((c) => c.startsWith('Authorization='));
      for (const c of [token, auth]) expect(Number(/max-age=(\d+)/.exec(c ?? '')?.[1])).toBeGreaterThan(24 * 3600 - 60);
      // a device whose clock runs a month ahead of the server's: the lifetime is measured on the
      // server's clock (before, the cookies were written already expired and the sign-in never finished)
      written.length = 0;
      const serverNow = Date.now() - 30 * 24 * 3600_000;
      saveSession({ ...user, token: 'skewed', session_expires_ms: serverNow + 24 * 3600_000, server_now_ms: serverNow });
      expect(getToken()).toBe('skewed');
      for (const name of ['token=', 'Authorization=']) expect(Number(/max-age=(\d+)/.exec(written.find((c) => c.startsWith(name)) ?? '')?.[1])).toBe(24 * 3600);
      // a session already past its expiry leaves no token behind
      saveSession({ ...user, token: 'old', session_expires_ms: Date.now() - 1000 });
      expect(getToken()).toBeNull();
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
  });
  it('clears everything on logout', () => {
    saveSession(user);
    clearSession();
    expect(loadSession()).toBeNull();
    expect(getToken()).toBeNull();
    expect(sessionHeaders()).toEqual({});
  });
});

describe('navigation rules', () => {
  it('sends a visitor without a token to /login, remembering where they were going', () => {
    expect(decideNavigation('/system/menu', false, false)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fsystem%2Fmenu' });
    expect(decideNavigation('/', false, false)).toEqual({ kind: 'redirect', to: '/login?redirect=home' });
  });
  it('lets public pages through without a token', () => {
    for (const p of ['/login', '/auth/redirect', '/auth/login', '/401', '/404', '/error/500']) expect(decideNavigation(p, false, false)).toEqual({ kind: 'pass' });
  });
  it('sends a signed-in user away from /login to /', () => {
    expect(decideNavigation('/login', true, true)).toEqual({ kind: 'redirect', to: '/' });
  });
  it('loads menus first when signed in without routes, then passes', () => {
    expect(decideNavigation('/home', true, false)).toEqual({ kind: 'load' });
    expect(decideNavigation('/home', true, true)).toEqual({ kind: 'pass' });
  });
  it('continues after sign-in to home or a safe in-app path', () => {
    expect(afterLoginPath('home')).toBe('/home');
    expect(afterLoginPath(null)).toBe('/home');
    expect(afterLoginPath('/system/menu')).toBe('/system/menu');
    expect(afterLoginPath('//evil.example')).toBe('/home');
    expect(afterLoginPath('https://evil.example')).toBe('/home');
    expect(afterLoginPath('/login')).toBe('/home');
  });
  it('keeps the screen’s query on the way to sign-in and back (issue 11)', () => {
    expect(decideNavigation('/base/class_detail', false, false, '?id=5')).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fbase%2Fclass_detail%3Fid%3D5' });
    expect(signInPath('/base/class_detail', '?id=5')).toBe('/login?redirect=%2Fbase%2Fclass_detail%3Fid%3D5');
    expect(signInPath('/home', '')).toBe('/login?redirect=home');
    expect(signInPath('/error/500', '')).toBe('/login');
    expect(afterLoginPath('/base/class_detail?id=5')).toBe('/base/class_detail?id=5');
  });
  it('only the user whose session ended goes back to their screen; anyone else starts at home', () => {
    expect(afterLoginPath('/base/class_detail?id=5', { signedIn: 'principal', endedUser: 'principal' })).toBe('/base/class_detail?id=5');
    expect(afterLoginPath('/base/class_detail?id=5', { signedIn: 'front_desk', endedUser: 'principal' })).toBe('/home');
    expect(afterLoginPath('/base/class_detail?id=5', { signedIn: 'front_desk', endedUser: null })).toBe('/base/class_detail?id=5');
  });
  it('the guard sends a user just signed in on /login where the sign-in page does, not to /', () => {
    const search = '?redirect=%2Fbase%2Fclass_detail%3Fid%3D5';
    expect(decideNavigation('/login', true, true, search, { signedIn: 'principal', endedUser: 'principal' })).toEqual({ kind: 'redirect', to: '/base/class_detail?id=5' });
    expect(decideNavigation('/login', true, true, search, { signedIn: 'front_desk', endedUser: 'principal' })).toEqual({ kind: 'redirect', to: '/home' });
    expect(decideNavigation('/login', true, true, '?redirect=home')).toEqual({ kind: 'redirect', to: '/home' });
  });
});

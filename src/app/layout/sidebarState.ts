import { getCookie, setCookie } from '../../lib/cookies';

/** Sidebar open state, in a cookie: 1 open, 0 closed (spec doc 000 §4). */
export const SIDEBAR_COOKIE = 'sidebarStatus';

export function readSidebarOpen(): boolean {
  return getCookie(SIDEBAR_COOKIE) !== '0';
}

export function writeSidebarOpen(open: boolean): void {
  setCookie(SIDEBAR_COOKIE, open ? '1' : '0', 365);
}

export const MOBILE_QUERY = '(max-width: 991.98px)';

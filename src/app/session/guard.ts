/** Routes reachable without a session (spec doc 000 §2, §6). */
export function isPublicPath(path: string): boolean {
  return (
    path === '/login' ||
    // 忘记密码: a code by SMS and a new password, without a session
    path === '/forgot-password' ||
    path.startsWith('/auth/') ||
    path === '/401' ||
    path === '/404' ||
    path.startsWith('/error/')
  );
}

export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: string }
  /** signed in, menus not loaded yet: load them, then navigation repeats */
  | { kind: 'load' };

/**
 * The sign-in page that continues, once signed in, at the screen the user was on: `path` with its
 * query (`/base/class_detail?id=5`), or the home screen for / and /home.
 */
export function signInPath(path: string, search = ''): string {
  if (isPublicPath(path)) return '/login';
  const redirect = path === '/' || path === '/home' ? 'home' : `${path}${search}`;
  return `/login?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * The session rules of spec doc 000 §4: no token → /login; a token on /login → where the sign-in
 * continues (its `redirect`, see afterLoginPath; else /); routes loaded once.
 */
export function decideNavigation(path: string, hasToken: boolean, routesLoaded: boolean, search = '', who?: { signedIn: string; endedUser: string | null }): GuardDecision {
  if (!hasToken) {
    if (isPublicPath(path)) return { kind: 'pass' };
    return { kind: 'redirect', to: signInPath(path, search) };
  }
  if (path === '/login') {
    // the sign-in just saved the session: this runs as well as the page's own navigation, so both
    // must lead to the same place
    const redirect = new URLSearchParams(search).get('redirect');
    return { kind: 'redirect', to: redirect ? afterLoginPath(redirect, who) : '/' };
  }
  if (isPublicPath(path)) return { kind: 'pass' };
  return routesLoaded ? { kind: 'pass' } : { kind: 'load' };
}

/**
 * Where sign-in continues: `redirect=home` (after logout) or the screen the user was sent away from
 * when their session ended; someone else signing in on the device (not `endedUser`) starts at home.
 */
export function afterLoginPath(redirect: string | null, who?: { signedIn: string; endedUser: string | null }): string {
  if (!redirect || redirect === 'home') return '/home';
  if (who?.endedUser && who.endedUser !== who.signedIn) return '/home';
  if (!redirect.startsWith('/') || redirect.startsWith('//') || isPublicPath(redirect.split('?')[0])) return '/home';
  return redirect;
}

/**
 * A front-desk device (issue 11) with no one signed in stays on /device; an administrator reaches
 * the sign-in page from there (/login?manage=1). A person signed in on it gets the usual app.
 */
export function deviceRedirect(path: string, search: string, hasToken: boolean, deviceMode: boolean): string | null {
  if (hasToken) return path === '/device' ? '/' : null;
  if (!deviceMode || path === '/device') return null;
  if (path === '/login' && new URLSearchParams(search).has('manage')) return null;
  if (path.startsWith('/auth/') || path.startsWith('/error/')) return null;
  return '/device';
}

/** Routes reachable without a session (spec doc 000 §2, §6). */
export function isPublicPath(path: string): boolean {
  return (
    path === '/login' ||
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

/** The session rules of spec doc 000 §4: no token → /login; a token on /login → /; routes loaded once. */
export function decideNavigation(path: string, hasToken: boolean, routesLoaded: boolean): GuardDecision {
  if (!hasToken) {
    if (isPublicPath(path)) return { kind: 'pass' };
    const redirect = path === '/' || path === '/home' ? 'home' : path;
    return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(redirect)}` };
  }
  if (path === '/login') return { kind: 'redirect', to: '/' };
  if (isPublicPath(path)) return { kind: 'pass' };
  return routesLoaded ? { kind: 'pass' } : { kind: 'load' };
}

/** Where sign-in continues: `redirect=home` (after logout) or a path the user was sent away from. */
export function afterLoginPath(redirect: string | null): string {
  if (!redirect || redirect === 'home') return '/home';
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

import { FIXED_TITLES } from './fixedRoutes';
import { HOME_PATH, HOME_TITLE, matchPage, type PageRoute } from './menuRoutes';

export interface Crumb {
  title: string;
  /** null for directories and the current page */
  path: string | null;
}

/** The title of the page at a pathname, from the menu or the fixed routes. */
export function titleOf(pathname: string, pages: readonly PageRoute[]): string | null {
  const m = matchPage(pathname, pages);
  if (m) return m.route.title;
  return FIXED_TITLES[pathname] ?? null;
}

/** 首页 › directories › page; just 首页 on the home page. */
export function breadcrumbOf(pathname: string, pages: readonly PageRoute[]): Crumb[] {
  const home: Crumb = { title: HOME_TITLE, path: HOME_PATH };
  if (pathname === HOME_PATH || pathname === '/') return [{ title: HOME_TITLE, path: null }];
  const m = matchPage(pathname, pages);
  if (m) {
    return [
      home,
      ...m.parents.filter((p) => p.path !== HOME_PATH).map((p) => ({ title: p.title, path: null })),
      { title: m.route.title, path: null },
    ];
  }
  const fixed = FIXED_TITLES[pathname];
  return fixed ? [home, { title: fixed, path: null }] : [home];
}

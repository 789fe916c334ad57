import type { MenuRouteTag, TreeNode } from '../../contract/menu';

export interface RouteMeta {
  /** a fixed tab: cannot be closed */
  affix?: boolean;
  [key: string]: unknown;
}

/** A route built from a server menu node (spec doc 000 §2). */
export interface AppRoute {
  /** absolute path, '' for a directory without its own page */
  path: string;
  title: string;
  code: string;
  icon: string | null;
  /** screen registry key; null for a directory */
  component: string | null;
  hidden: boolean;
  /** the sidebar entry to highlight when this (hidden) route is open */
  activeMenu: string | null;
  meta: RouteMeta;
  children: AppRoute[];
}

export const HOME_PATH = '/home';
export const HOME_TITLE = '首页';
export const HOME_COMPONENT = 'home/index';

function parseMeta(text: string | null | undefined): RouteMeta {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as RouteMeta) : {};
  } catch {
    return {};
  }
}

function joinPath(parent: string, url: string | null | undefined): string {
  const u = (url ?? '').trim();
  if (!u) return '';
  if (u.startsWith('/')) return u.replace(/\/+$/, '') || '/';
  const base = parent.replace(/\/+$/, '');
  return `${base}/${u}`.replace(/\/+/g, '/');
}

function isHomeNode(node: TreeNode<MenuRouteTag>, path: string): boolean {
  return path === HOME_PATH || node.tag?.code === 'home';
}

/** The single page below a home node (a grandchild, or a lone child page), if there is exactly one. */
function singleHomePage(node: TreeNode<MenuRouteTag>): TreeNode<MenuRouteTag> | null {
  const children = node.nodes ?? [];
  if (children.length === 0) return null;
  const grandchildren = children.flatMap((c) => c.nodes ?? []);
  if (grandchildren.length === 1 && children.length === 1) return grandchildren[0];
  if (grandchildren.length === 0 && children.length === 1) return children[0];
  return null;
}

function buildNode(node: TreeNode<MenuRouteTag>, parentPath: string): AppRoute {
  const tag = node.tag;
  const path = joinPath(parentPath, tag?.url);
  const base: AppRoute = {
    path,
    title: tag?.name || node.text,
    code: tag?.code ?? '',
    icon: tag?.icon ?? null,
    component: tag?.component?.trim() || null,
    hidden: tag?.hidden === 1,
    activeMenu: tag?.active_menu || null,
    meta: parseMeta(tag?.meta),
    children: [],
  };
  if (isHomeNode(node, path)) {
    const page = singleHomePage(node);
    if (page) {
      // The home-collapse rule: one page under home becomes the home route itself, titled 首页.
      return {
        ...base,
        path: HOME_PATH,
        title: HOME_TITLE,
        icon: base.icon ?? page.tag?.icon ?? null,
        component: page.tag?.component?.trim() || HOME_COMPONENT,
        meta: { ...parseMeta(page.tag?.meta), ...base.meta, affix: true },
      };
    }
  }
  base.children = (node.nodes ?? []).map((c) => buildNode(c, path));
  if (path === HOME_PATH) base.meta = { ...base.meta, affix: true };
  return base;
}

export function flattenAll(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => [r, ...flattenAll(r.children)]);
}

/** Routes from the server menu tree, with a default hidden /home when the menu has none. */
export function buildRoutes(tree: readonly TreeNode<MenuRouteTag>[]): AppRoute[] {
  const routes = tree.map((n) => buildNode(n, ''));
  if (!flattenAll(routes).some((r) => r.path === HOME_PATH && r.component)) {
    routes.unshift({
      path: HOME_PATH,
      title: HOME_TITLE,
      code: 'home',
      icon: 'home',
      component: HOME_COMPONENT,
      hidden: true,
      activeMenu: null,
      meta: { affix: true },
      children: [],
    });
  }
  return routes;
}

/** A routable page with the directories above it. */
export interface PageRoute {
  route: AppRoute;
  parents: AppRoute[];
}

export function pageRoutes(routes: readonly AppRoute[], parents: AppRoute[] = []): PageRoute[] {
  const out: PageRoute[] = [];
  for (const r of routes) {
    if (r.path && r.component) out.push({ route: r, parents });
    out.push(...pageRoutes(r.children, [...parents, r]));
  }
  return out;
}

function matches(pattern: string, pathname: string): boolean {
  if (pattern === pathname) return true;
  if (!pattern.includes(':') && !pattern.includes('*')) return false;
  const re = new RegExp(
    `^${pattern
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );
  return re.test(pathname);
}

/** The page route of a pathname: exact paths first, then patterns with `:param`. */
export function matchPage(pathname: string, pages: readonly PageRoute[]): PageRoute | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return pages.find((p) => p.route.path === clean) ?? pages.find((p) => matches(p.route.path, clean));
}

/** The sidebar tree: hidden routes out, directories left empty by that out too. */
export function visibleTree(routes: readonly AppRoute[]): AppRoute[] {
  const out: AppRoute[] = [];
  for (const r of routes) {
    if (r.hidden) continue;
    const children = visibleTree(r.children);
    if (!r.component && children.length === 0) continue;
    out.push({ ...r, children });
  }
  return out;
}

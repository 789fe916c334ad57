import { describe, expect, it } from 'vitest';
import type { MenuRouteTag, TreeNode } from '../../../src/contract/menu';
import { buildRoutes, matchPage, pageRoutes, visibleTree, flattenAll } from '../../../src/app/routes/menuRoutes';
import { breadcrumbOf, titleOf } from '../../../src/app/routes/breadcrumb';
import { documentTitle } from '../../../src/app/routes/fixedRoutes';
import { resolveScreen } from '../../../src/app/ScreenHost';

let nextId = 1;
function node(url: string, name: string, component: string | null, children: TreeNode<MenuRouteTag>[] = [], extra: Partial<MenuRouteTag> = {}): TreeNode<MenuRouteTag> {
  return {
    id: nextId++,
    text: name,
    nodes: children,
    tag: { url, code: url.replace(/\W/g, '_'), name, icon: null, component, hidden: 0, active_menu: null, meta: null, ...extra },
  };
}

describe('routes from the menu tree', () => {
  it('adds a default hidden /home when the menu has none', () => {
    const routes = buildRoutes([node('/system', '系统管理', null, [node('/system/menu', '菜单管理', 'system/menu')])]);
    const home = flattenAll(routes).find((r) => r.path === '/home');
    expect(home).toMatchObject({ title: '首页', component: 'home/index', hidden: true, meta: { affix: true } });
    expect(visibleTree(routes).some((r) => r.path === '/home')).toBe(false);
  });

  it('collapses a home node with a single grandchild into a home route titled 首页', () => {
    const tree = [node('/home', '工作台', null, [node('dash', '看板', null, [node('index', '数据看板', 'home/dashboard_ec')])])];
    const routes = buildRoutes(tree);
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({ path: '/home', title: '首页', component: 'home/dashboard_ec', children: [] });
  });

  it('keeps a home node with several pages nested', () => {
    const tree = [node('/home', '工作台', null, [node('a', '甲', 'home/a'), node('b', '乙', 'home/b')])];
    const routes = buildRoutes(tree);
    const home = routes.find((r) => r.title === '工作台');
    expect(home?.children.map((c) => c.path)).toEqual(['/home/a', '/home/b']);
    // no page at /home itself, so the default one is added
    expect(routes[0]).toMatchObject({ path: '/home', component: 'home/index', hidden: true });
  });

  it('nests children with relative and absolute urls and parses meta', () => {
    const tree = [
      node('/system', '系统管理', null, [
        node('menu', '菜单管理', 'system/menu', [], { meta: '{"noCache":true}' }),
        node('/system/user', '用户管理', 'system/user'),
        node('user/detail', '用户详情', 'system/user_detail', [], { hidden: 1, active_menu: '/system/user' }),
        node('bad', '坏的', 'system/bad', [], { meta: 'not json' }),
      ]),
    ];
    const routes = buildRoutes(tree);
    const sys = routes.find((r) => r.path === '/system');
    expect(sys?.children.map((c) => c.path)).toEqual(['/system/menu', '/system/user', '/system/user/detail', '/system/bad']);
    expect(sys?.children[0].meta).toEqual({ noCache: true });
    expect(sys?.children[3].meta).toEqual({});
    const visible = visibleTree(routes).find((r) => r.path === '/system');
    expect(visible?.children.map((c) => c.title)).toEqual(['菜单管理', '用户管理', '坏的']);
    const detail = matchPage('/system/user/detail', pageRoutes(routes));
    expect(detail?.route).toMatchObject({ hidden: true, activeMenu: '/system/user' });
  });

  it('drops directories whose children are all hidden from the sidebar', () => {
    const routes = buildRoutes([node('/x', '目录', null, [node('/x/a', '隐藏页', 'x/a', [], { hidden: 1 })])]);
    expect(visibleTree(routes).find((r) => r.path === '/x')).toBeUndefined();
  });

  it('matches patterns with parameters and nothing for unknown paths', () => {
    const pages = pageRoutes(buildRoutes([node('/student/:id', '学员详情', 'students/detail')]));
    expect(matchPage('/student/42', pages)?.route.title).toBe('学员详情');
    expect(matchPage('/nowhere', pages)).toBeUndefined();
  });

  it('renders a component key the app does not have as MODULE_NOT_FOUND naming it', () => {
    const registry = { 'home/index': () => Promise.resolve({ default: () => null }) };
    expect(resolveScreen('home/index', registry).kind).toBe('screen');
    expect(resolveScreen('/home/index', registry).kind).toBe('screen');
    expect(resolveScreen('finance/nothing', registry)).toEqual({ kind: 'missing', name: 'finance/nothing' });
    expect(resolveScreen(null, registry)).toEqual({ kind: 'missing', name: '' });
    expect(resolveScreen('resource/area', registry).kind).toBe('screen');
  });
});

describe('breadcrumb and titles', () => {
  const pages = pageRoutes(buildRoutes([node('/system', '系统管理', null, [node('/system/menu', '菜单管理', 'system/menu')])]));
  it('is 首页 › directory › page', () => {
    expect(breadcrumbOf('/system/menu', pages)).toEqual([
      { title: '首页', path: '/home' },
      { title: '系统管理', path: null },
      { title: '菜单管理', path: null },
    ]);
  });
  it('is just 首页 on home, and names fixed routes', () => {
    expect(breadcrumbOf('/home', pages)).toEqual([{ title: '首页', path: null }]);
    expect(breadcrumbOf('/settings', pages)).toEqual([
      { title: '首页', path: '/home' },
      { title: '个人设置', path: null },
    ]);
    expect(titleOf('/user_notice', pages)).toBe('用户消息');
  });
  it('builds the document title from the base title and the route title', () => {
    expect(documentTitle('菜单管理')).toBe('校区后台 - 菜单管理');
    expect(documentTitle(null)).toBe('校区后台');
  });
});

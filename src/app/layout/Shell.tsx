import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { Box, Drawer } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { SessionUser } from '../../contract/session';
import { SessionProvider, themeOf, COLLAPSED_SIDEBAR_WIDTH, type NavEntry, type SessionValue } from '../../components/session';
import { currentBranding, copyrightLine } from '../branding';
import { breadcrumbOf, titleOf } from '../routes/breadcrumb';
import { documentTitle } from '../routes/fixedRoutes';
import { buildRoutes, flattenAll, pageRoutes, visibleTree, matchPage, HOME_PATH, type AppRoute } from '../routes/menuRoutes';
import { updateSession } from '../session/store';
import type { ShellMenus } from '../session/menus';
import { useLogout } from '../session/useLogout';
import { BackToTop } from './BackToTop';
import { ChromeHint } from './ChromeHint';
import { ShellContext, type ShellValue } from './ShellContext';
import { Sidebar } from './Sidebar';
import { TabStrip } from './TabStrip';
import { TopBar } from './TopBar';
import { useScreenUse } from '../../components/screenUse';
import { loadTabs, nextPathAfterClose, saveTabs, tabsReducer, type Tab } from './tabs';
import { MOBILE_QUERY, readSidebarOpen, writeSidebarOpen } from './sidebarState';
import { readTheme, writeTheme } from './themePreference';
import { useOfflineSync } from '../offline/useOfflineSync';
import { ScreenCacheNotice } from '../offline/ScreenCacheNotice';
import { LoadBoundary, loadFailureMessage } from '../LoadBoundary';
import { notifyError } from '../../components/feedback';
import { Alert, Button } from '@mantine/core';
import { loadRestStyles, withRestStyles } from './restStyles';
import { whenIdle } from '../offline/whenIdle';

// Dialogs load when first opened (they bring the password schema and the offline outbox).
const FeedbackDialog = lazy(withRestStyles(() => import('../../features/account/FeedbackDialog').then((m) => ({ default: m.FeedbackDialog }))));
const ChangePasswordDialog = lazy(withRestStyles(() => import('../../features/account/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog }))));

/** A screen whose code could not load: the layout stays, the screen can be tried again. */
function ScreenLoadError({ error, retry }: { error: unknown; retry(): void }) {
  return (
    <Alert color="yellow" title="页面未能打开" data-testid="screen-load-error">
      {loadFailureMessage(error)}
      <Button size="xs" variant="light" ml="sm" onClick={retry}>
        重试
      </Button>
    </Alert>
  );
}

function navEntriesOf(tree: AppRoute[], section: string[] = []): NavEntry[] {
  return tree.flatMap((r) =>
    r.children.length > 0
      ? navEntriesOf(r.children, [...section, r.title])
      : r.path && r.component
        ? [{ path: r.path, title: r.title, icon: r.icon, section }]
        : [],
  );
}

function useSticky(on: boolean): boolean {
  const [seen, setSeen] = useState(on);
  if (on && !seen) setSeen(true);
  return seen || on;
}

function initialTabs(routes: AppRoute[]): Tab[] {
  const fixed: Tab[] = flattenAll(routes)
    .filter((r) => r.path && r.component && r.meta.affix)
    .map((r) => ({ path: r.path, fullPath: r.path, title: r.title, fixed: true }));
  const saved = loadTabs().filter((t) => !fixed.some((f) => f.path === t.path));
  return [...fixed, ...saved.map((t) => ({ ...t, fixed: false }))];
}

/** The tabs with the page shown open (unchanged when it already is, or has no title). */
function withPageTab(tabs: Tab[], pathname: string, search: string, title: string | null, affix: boolean): Tab[] {
  if (!title || pathname === '/') return tabs;
  return tabsReducer(tabs, { type: 'open', tab: { path: pathname, fullPath: pathname + search, title, fixed: affix } });
}

export function Shell({ user, menus }: { user: SessionUser; menus: ShellMenus }) {
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const branding = currentBranding();
  const logout = useLogout();
  useOfflineSync(qc);
  // The other screens' and dialogs' stylesheets, once the first screen is up (see restStyles).
  useEffect(() => whenIdle(() => void loadRestStyles(), 2000), []);

  const routes = useMemo(() => buildRoutes(menus.tree), [menus.tree]);
  const pages = useMemo(() => pageRoutes(routes), [routes]);
  const navTree = useMemo(() => visibleTree(routes), [routes]);
  const operations = useMemo(() => new Set(menus.codes), [menus.codes]);
  const navEntries = useMemo(() => navEntriesOf(navTree), [navTree]);

  const mobile = useMediaQuery(MOBILE_QUERY, false) ?? false;
  const [sidebarOpen, setSidebarOpen] = useState(readSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [themeKey, setThemeKey] = useState(readTheme);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(!!user.must_change_password);
  const pathname = location.pathname;
  const match = matchPage(pathname, pages);
  const title = titleOf(pathname, pages);
  // The page's tab is there from the first render: opening it in the effect below would render the
  // whole layout a second time while the first screen loads.
  const [tabs, dispatch] = useReducer(tabsReducer, routes, (r) => withPageTab(initialTabs(r), pathname, location.search, title, !!match?.route.meta.affix));
  const [refreshCount, setRefreshCount] = useState(0);
  // Mounted from the first opening on, so closing animates and state resets as usual.
  const feedbackUsed = useSticky(feedbackOpen);
  const passwordUsed = useSticky(passwordOpen);

  const activeMenu = match?.route.activeMenu || (match?.route.hidden ? (match.parents.at(-1)?.path ?? pathname) : pathname);

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  useEffect(() => {
    if (!title || pathname === '/') return;
    dispatch({
      type: 'open',
      tab: { path: pathname, fullPath: pathname + location.search, title, fixed: !!match?.route.meta.affix },
    });
  }, [pathname, location.search, title, match]);

  useEffect(() => saveTabs(tabs), [tabs]);
  useScreenUse(pathname, title);

  // Mobile: the drawer closes on every navigation (spec doc 000 §2).
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }

  const toggleSidebar = () => {
    if (mobile) {
      setDrawerOpen((o) => !o);
      return;
    }
    setSidebarOpen((o) => {
      writeSidebarOpen(!o);
      return !o;
    });
  };

  const refreshTab = useCallback(
    (path: string) => {
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      const tab = tabs.find((t) => t.path === path);
      if (path !== pathname) navigate(tab?.fullPath ?? path);
      setRefreshCount((n) => n + 1);
    },
    [qc, tabs, pathname, navigate],
  );
  const closeTab = useCallback(
    (path: string) => {
      const remaining = tabsReducer(tabs, { type: 'close', path });
      dispatch({ type: 'close', path });
      if (path === pathname && remaining.length !== tabs.length) navigate(nextPathAfterClose(remaining));
    },
    [tabs, pathname, navigate],
  );
  const closeOtherTabs = useCallback(
    (path: string) => {
      dispatch({ type: 'closeOthers', path });
      if (path !== pathname) navigate(tabs.find((t) => t.path === path)?.fullPath ?? path);
    },
    [tabs, pathname, navigate],
  );
  const closeAllTabs = useCallback(() => {
    const remaining = tabsReducer(tabs, { type: 'closeAll' });
    dispatch({ type: 'closeAll' });
    if (!remaining.some((t) => t.path === pathname)) navigate(remaining.find((t) => t.path === HOME_PATH)?.fullPath ?? nextPathAfterClose(remaining));
  }, [tabs, pathname, navigate]);

  const shell: ShellValue = { routes, pages, tabs, refreshTab, closeTab, closeOtherTabs, closeAllTabs };
  const session: SessionValue = useMemo(
    () => ({
      user,
      operations,
      navEntries,
      updateUser: updateSession,
      logout,
      theme: themeKey,
      setTheme: (k: string) => {
        writeTheme(k);
        setThemeKey(k);
      },
      openFeedback: () => setFeedbackOpen(true),
      openChangePassword: () => setPasswordOpen(true),
    }),
    [user, operations, navEntries, logout, themeKey],
  );

  const theme = themeOf(themeKey);
  const collapsed = !mobile && !sidebarOpen;
  const width = collapsed ? COLLAPSED_SIDEBAR_WIDTH : theme.width;
  const sidebar = <Sidebar tree={navTree} activePath={activeMenu} collapsed={collapsed} theme={theme} width={mobile ? theme.width : width} branding={branding} />;

  return (
    <DatesProvider settings={{ locale: 'zh-cn', firstDayOfWeek: 1 }}>
    <ModalsProvider labels={{ confirm: '确定', cancel: '取消' }}>
    <SessionProvider value={session}>
      <ShellContext.Provider value={shell}>
        <Box style={{ display: 'flex', minHeight: '100vh', background: 'var(--mantine-color-gray-0)' }} data-layout={mobile ? 'mobile' : 'desktop'}>
          {mobile ? (
            <Drawer
              opened={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              size={theme.width}
              withCloseButton={false}
              padding={0}
              styles={{ body: { padding: 0, height: '100%' } }}
              data-testid="sidebar-drawer"
            >
              {sidebar}
            </Drawer>
          ) : (
            <Box style={{ position: 'sticky', top: 0, height: '100vh', flexShrink: 0 }}>{sidebar}</Box>
          )}
          <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <Box style={{ position: 'sticky', top: 0, zIndex: 100 }}>
              <TopBar crumbs={breadcrumbOf(pathname, pages)} mobile={mobile} sidebarOpen={mobile ? drawerOpen : sidebarOpen} onToggle={toggleSidebar} />
              <TabStrip tabs={tabs} activePath={pathname} onRefresh={refreshTab} onClose={closeTab} onCloseOthers={closeOtherTabs} onCloseAll={closeAllTabs} />
            </Box>
            <ChromeHint />
            <Box component="main" style={{ flex: 1, padding: mobile ? 8 : 12, minWidth: 0 }}>
              <ScreenCacheNotice client={qc} />
              <LoadBoundary resetKey={`${pathname}#${refreshCount}`} Fallback={ScreenLoadError}>
                <Outlet key={`${pathname}#${refreshCount}`} />
              </LoadBoundary>
            </Box>
            <Box component="footer" ta="center" py={8} style={{ fontSize: 12, color: 'var(--mantine-color-gray-6)' }} data-testid="footer">
              {copyrightLine(branding)}
            </Box>
          </Box>
          <BackToTop />
          <LoadBoundary
            resetKey={`${feedbackOpen}|${passwordOpen}`}
            onError={(e) => {
              notifyError(loadFailureMessage(e));
              setFeedbackOpen(false);
            }}
          >
          <Suspense fallback={null}>
            {feedbackUsed ? <FeedbackDialog opened={feedbackOpen} onClose={() => setFeedbackOpen(false)} /> : null}
            {passwordUsed ? (
              <ChangePasswordDialog
                opened={passwordOpen}
                forced={!!user.must_change_password}
                onClose={() => setPasswordOpen(false)}
                onChanged={() => updateSession({ must_change_password: false })}
              />
            ) : null}
          </Suspense>
          </LoadBoundary>
        </Box>
      </ShellContext.Provider>
    </SessionProvider>
    </ModalsProvider>
    </DatesProvider>
  );
}

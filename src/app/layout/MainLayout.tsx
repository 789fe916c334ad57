// The shell's and the front desk's Mantine stylesheets; the screens bring the rest (restStyles).
import './layoutStyles';
import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Notifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { onQueryCacheRestored, queryClient } from '../queryClient';
import { createQueryPersistOptions } from '../../offline/queryPersistence';
import { installBrowserOnlineListener, refreshOnlineFromBrowser } from '../../offline/onlineState';
import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router-dom';
import { ApiFailure, errorMessage } from '../../api/client';
import { ApiCode } from '../../contract/envelope';
import { PASSWORD_CHANGE_REQUIRED_MSG } from '../../contract/session-user';
import { loadSession, subscribeSession, updateSession } from '../session/store';
import { useLogout } from '../session/useLogout';
import { ForcedPasswordChange } from './ForcedPasswordChange';
import { prefetchShellMenus, shellMenusQuery } from './shellMenusQuery';
import { signInPath } from '../session/guard';
import { forgetEndedUser } from '../session/endedUser';
import { Shell } from './Shell';

dayjs.locale('zh-cn');

// Lists visited online open offline with their last data (localStorage, kept 7 days).
const persistOptions = createQueryPersistOptions();
installBrowserOnlineListener();
prefetchShellMenus(queryClient);

/** The signed-in part: React Query (persisted) and notifications, then the menus, then the layout. */
export default function MainLayout() {
  // A sign-in after a sign-out offline must not start on the online state of back then (before the
  // screens' queries start: layout effects run before them).
  useLayoutEffect(refreshOnlineFromBrowser, []);
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={onQueryCacheRestored} onError={onQueryCacheRestored}>
      {/*
        Bottom centre and narrow: at the top a toast covered the title and close button of the dialog
        it answers (top centre; top right on a tablet or phone) or the user menu (top right); at the
        bottom centre it sits below a dialog's fields and beside its buttons, which sit right.
      */}
      <Notifications position="bottom-center" containerWidth={360} autoClose={3000} />
      <SignedIn />
    </PersistQueryClientProvider>
  );
}

/** The server's refusal of everything until the password is changed (see PASSWORD_CHANGE_REQUIRED_MSG). */
function isPasswordChangeRequired(e: unknown): boolean {
  return e instanceof ApiFailure && e.code === ApiCode.FORBIDDEN && e.message === PASSWORD_CHANGE_REQUIRED_MSG;
}

/** Loads menus and operation codes once, then shows the layout; first the forced password change. */
function SignedIn() {
  const user = useSyncExternalStore(subscribeSession, loadSession);
  const location = useLocation();
  const logout = useLogout();
  const userId = user?.id ?? 0;
  const mustChange = !!user?.must_change_password;
  const menus = useQuery({
    ...shellMenusQuery(userId),
    // Every call but the password change answers 403 until it is done.
    enabled: !!user && !mustChange,
  });
  // A session saved without the flag (the password was reset after this sign-in) learns it here.
  const refusedForPassword = menus.isError && isPasswordChangeRequired(menus.error);
  useEffect(() => {
    if (refusedForPassword) updateSession({ must_change_password: true });
  }, [refusedForPassword]);
  // signed in and past the sign-in page: whose session had ended no longer matters
  useEffect(() => {
    if (user) forgetEndedUser();
  }, [user]);
  if (!user) return <Navigate to={signInPath(location.pathname, location.search)} replace />;
  if (mustChange || refusedForPassword) return <ForcedPasswordChange />;
  if (menus.isPending) {
    return (
      <Center h="100vh">
        <Loader size="sm" />
      </Center>
    );
  }
  if (menus.isError) {
    return (
      <Center h="100vh">
        <Stack align="center">
          <Alert color="red" title="菜单加载失败">
            {errorMessage(menus.error, '菜单加载失败')}
          </Alert>
          <Group>
            <Button variant="light" onClick={() => void menus.refetch()}>
              重试
            </Button>
            {/* Without menus there is no user menu: signing out must stay possible. */}
            <Button variant="default" onClick={logout}>
              退出登录
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }
  return <Shell user={user} menus={menus.data} />;
}

// The whole Mantine stylesheet comes with the layout; the entry holds only the sign-in page's part.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { useSyncExternalStore } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Notifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { queryClient } from '../queryClient';
import { createQueryPersistOptions } from '../../offline/queryPersistence';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { loadSession, subscribeSession } from '../session/store';
import { loadShellMenus } from '../session/menus';
import { Shell } from './Shell';

dayjs.locale('zh-cn');

// Lists visited online open offline with their last data (localStorage, kept 7 days).
const persistOptions = createQueryPersistOptions();

/** The signed-in part: React Query (persisted) and notifications, then the menus, then the layout. */
export default function MainLayout() {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <Notifications position="top-center" autoClose={3000} />
      <SignedIn />
    </PersistQueryClientProvider>
  );
}

/** Loads menus and operation codes once, then shows the layout. */
function SignedIn() {
  const user = useSyncExternalStore(subscribeSession, loadSession);
  const userId = user?.id ?? 0;
  const menus = useQuery({
    queryKey: ['session', 'menus', userId],
    queryFn: () => loadShellMenus(userId),
    enabled: !!user,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // Loaded from the server at every start (offline: from Dexie), never from the persisted cache.
    meta: { persist: false },
    // loadShellMenus handles a missing network itself; React Query must not pause it.
    networkMode: 'always',
  });
  if (!user) return <Navigate to="/login" replace />;
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
          <Button variant="light" onClick={() => void menus.refetch()}>
            重试
          </Button>
        </Stack>
      </Center>
    );
  }
  return <Shell user={user} menus={menus.data} />;
}

// The device page is outside the layout, so it brings the same stylesheets (all of Mantine's:
// the shell's and the rest) and providers.
import '../layout/layoutStyles';
import '../layout/mantineRest';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Navigate, useNavigate } from 'react-router-dom';
import DeviceDeskPage from '../../features/classes/device/DeviceDeskPage';
import { deviceSnapshot, subscribeDevice } from '../../offline/device';
import { createQueryPersistOptions } from '../../offline/queryPersistence';
import { installBrowserOnlineListener, refreshOnlineFromBrowser } from '../../offline/onlineState';
import { onQueryCacheRestored, queryClient } from '../queryClient';
import { useOfflineSync } from '../offline/useOfflineSync';

dayjs.locale('zh-cn');
const persistOptions = createQueryPersistOptions();
installBrowserOnlineListener();

/**
 * /device: a front-desk tablet in device mode (issue 11). React Query is persisted as in the
 * layout (the roster and the staff list open offline), and the outbox is sent from here.
 */
export default function DeviceRoute() {
  useLayoutEffect(refreshOnlineFromBrowser, []);
  const { device } = useSyncExternalStore(subscribeDevice, deviceSnapshot);
  if (!device) return <Navigate to="/login" replace />;
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={onQueryCacheRestored} onError={onQueryCacheRestored}>
      <Notifications position="top-right" containerWidth={320} autoClose={3000} />
      <ModalsProvider labels={{ confirm: '确定', cancel: '取消' }}>
        <DeviceSync />
      </ModalsProvider>
    </PersistQueryClientProvider>
  );
}

function DeviceSync() {
  useOfflineSync(queryClient);
  const navigate = useNavigate();
  return <DeviceDeskPage onAdminSignIn={() => void navigate('/login?manage=1')} />;
}

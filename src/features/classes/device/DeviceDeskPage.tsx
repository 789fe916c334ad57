import { Alert, Anchor, Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconDeviceTablet, IconSwitchHorizontal, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { DEVICE_REVOKED_MSG } from '../../../contract/device';
import type { SchoolOption } from '../../../contract/paths';
import { ApiFailure } from '../../../api/client';
import { OfflineStatus } from '../../../components/offline';
import { deviceSnapshot, leaveDeviceMode, refreshDeviceInfo, setOperator, subscribeDevice, type StoredDevice } from '../../../offline/device';
import { forgetPins } from '../../../offline/devicePins';
import { FrontDeskBoard } from '../frontDesk/FrontDeskScreen';
import { fetchDeviceMe, frontDeskOwner } from './deviceApi';
import { ParentCheckIn } from './ParentCheckIn';
import { PinSwitch } from './PinSwitch';

/** How often the tablet asks whether it is still registered (a revoked tablet stops taking check-ins). */
const CHECK_MS = 60_000;

function isRevoked(e: unknown): boolean {
  return e instanceof ApiFailure && e.message === DEVICE_REVOKED_MSG;
}

/**
 * The front-desk device (issue 11): a registered tablet of one campus. Staff switch in with their
 * PIN (切换 in the top bar), then take check-ins on the roster or let parents check their children
 * in; everything works offline from the last roster, and queued check-ins carry the person.
 */
export default function DeviceDeskPage({ onAdminSignIn }: { onAdminSignIn(): void }) {
  const { device, operator } = useSyncExternalStore(subscribeDevice, deviceSnapshot);
  if (!device) return null;
  return <DeviceDesk device={device} operatorName={operator?.name ?? null} offlineSwitch={operator?.offline === true} onAdminSignIn={onAdminSignIn} />;
}

function DeviceDesk({ device, operatorName, offlineSwitch, onAdminSignIn }: { device: StoredDevice; operatorName: string | null; offlineSwitch: boolean; onAdminSignIn(): void }) {
  const me = useQuery({ queryKey: ['device-me', device.id], queryFn: fetchDeviceMe, retry: false, refetchInterval: CHECK_MS, gcTime: 0 });
  const revoked = isRevoked(me.error);
  useEffect(() => {
    if (me.data?.device) refreshDeviceInfo(me.data.device);
  }, [me.data]);
  const schools = useMemo<SchoolOption[]>(() => [{ id: device.school_id, name: device.school_name ?? '本校区', code: null, city_id: null, city_name: null }], [device.school_id, device.school_name]);

  const leave = () => {
    void forgetPins(device.id).catch(() => undefined);
    leaveDeviceMode();
    onAdminSignIn();
  };

  return (
    <Stack gap={0} mih="100vh" data-testid="device-desk">
      <Group h={56} px="md" justify="space-between" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: '#fff' }}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconDeviceTablet size={22} />
          <Text fw={600} truncate data-testid="device-name">
            {device.name}
          </Text>
          <Text c="dimmed" size="sm" truncate>
            {device.school_name}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <OfflineStatus />
          {operatorName && (
            <>
              <Badge size="lg" variant="light" leftSection={<IconUserCircle size={14} />} data-testid="device-operator">
                {operatorName}
                {offlineSwitch ? '（离线）' : ''}
              </Badge>
              <Button size="sm" variant="default" leftSection={<IconSwitchHorizontal size={16} />} onClick={() => setOperator(null)} data-testid="device-switch">
                切换
              </Button>
            </>
          )}
        </Group>
      </Group>
      {revoked ? (
        <Stack p="xl" align="center">
          <Alert color="red" title="本设备已被吊销" maw={560} data-testid="device-revoked">
            管理员已吊销本设备，不能再签到。尚未同步的记录不会保存，详见右上角的待同步列表。
          </Alert>
          <Button variant="light" color="red" onClick={leave}>
            退出设备模式
          </Button>
        </Stack>
      ) : !operatorName ? (
        <>
          <PinSwitch device={device} />
          <Group justify="center" pb="lg">
            <Anchor size="sm" c="dimmed" onClick={onAdminSignIn} component="button">
              管理员登录
            </Anchor>
          </Group>
        </>
      ) : (
        <Tabs defaultValue="desk" keepMounted={false}>
          <Tabs.List px="md">
            <Tabs.Tab value="desk">前台签到</Tabs.Tab>
            <Tabs.Tab value="parent">家长签到</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="desk">
            <FrontDeskBoard ownerId={frontDeskOwner(device.id)} schools={schools} schoolsLoading={false} />
          </Tabs.Panel>
          <Tabs.Panel value="parent">
            <ParentCheckIn device={device} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

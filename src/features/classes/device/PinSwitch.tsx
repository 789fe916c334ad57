import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PIN_RE, type DeviceStaff } from '../../../contract/device';
import { ApiFailure, errorMessage } from '../../../api/client';
import { RequestError } from '../../../api/request';
import { useIsOnline } from '../../../offline';
import { setOperator, type StoredDevice } from '../../../offline/device';
import { rememberPin, switchOffline } from '../../../offline/devicePins';
import { fetchDeviceStaff, switchOnline } from './deviceApi';
import { DigitPad } from './DigitPad';

/** Whether a failed switch was the network's (then the PIN is checked on the device) rather than the server's answer. */
function unreachable(e: unknown): boolean {
  return e instanceof RequestError && (e.kind === 'network' || e.kind === 'timeout' || (e.kind === 'http' && (e.status ?? 0) >= 500));
}

/** Who is at the desk: pick your name, type your PIN. Online the server checks it; offline this device does. */
export function PinSwitch({ device }: { device: StoredDevice }) {
  const online = useIsOnline();
  const staff = useQuery({ queryKey: ['device-staff', device.id], queryFn: () => fetchDeviceStaff(device.id), retry: false, networkMode: 'always' });
  const [who, setWho] = useState<DeviceStaff | null>(null);
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!who) return;
    setBusy(true);
    setError(null);
    try {
      if (online) {
        try {
          const op = await switchOnline(who.id, pin);
          await rememberPin(device.id, op, pin).catch(() => undefined);
          setOperator({ user_id: op.user_id, name: op.name, token: op.token, expires_ms: op.expires_ms });
          return;
        } catch (e) {
          if (!unreachable(e)) throw e;
        }
      }
      const r = await switchOffline(device.id, who.id, pin);
      if (r.ok) setOperator(r.operator);
      else setError(r.msg);
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : errorMessage(e, '切换失败，请重试'));
    } finally {
      setBusy(false);
      setPin('');
    }
  };

  return (
    <Stack align="center" p="lg" gap="md" data-testid="pin-switch">
      <Title order={3}>{who ? `${who.name}，请输入 PIN` : '请选择您的姓名'}</Title>
      {error && (
        <Alert color="red" w="100%" maw={480} data-testid="pin-error">
          {error}
        </Alert>
      )}
      {!who && staff.isPending && <Loader />}
      {!who && staff.error && <Alert color="red">{errorMessage(staff.error, '员工名单加载失败')}</Alert>}
      {!who && staff.data && staff.data.length === 0 && (
        <Text c="dimmed" ta="center">
          本校区还没有员工设置 PIN。请在「个人设置」中设置前台 PIN，或由管理员在「设备管理」中设置。
        </Text>
      )}
      {!who && staff.data && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" w="100%" maw={720}>
          {staff.data.map((s) => (
            <Button key={s.id} size="xl" variant="light" onClick={() => setWho(s)} data-testid="staff-choice">
              {s.name}
            </Button>
          ))}
        </SimpleGrid>
      )}
      {who && (
        <>
          <DigitPad value={pin} onChange={setPin} onSubmit={() => void submit()} busy={busy} label="PIN" maxLength={6} valid={(v) => PIN_RE.test(v)} submitText="切换" masked />
          <Group>
            <Button
              variant="subtle"
              onClick={() => {
                setWho(null);
                setPin('');
                setError(null);
              }}
            >
              选择其他员工
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClockUp, IconFingerprint, IconMapPin, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import type { PunchBody } from '../../../contract/workflow';
import { useSession } from '../../../components/session';
import { notifyError, notifySuccess } from '../../../components/feedback';
import { currentDevice } from '../../../lib/device';
import { useIsOnline, useOutbox } from '../../../offline';
import { errorMessage } from '../../../api/client';
import { CLOCK_IN_KIND, fetchMyPunches, locate, punchBody, queuePunch, type GeoResult } from './punch';

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return now;
}

interface PunchLine {
  key: string;
  time: string;
  device: string;
  where: string | null;
  state: 'synced' | 'pending' | 'rejected';
  message: string | null;
}

const LOCATION_PREF = 'clock-in-location';

/**
 * 考勤打卡 (/wf/clockIn): the time, an optional position and the device; a punch is queued in the
 * outbox (so it counts offline) and listed at once with the server's punches of today.
 */
export default function ClockInScreen() {
  const { user } = useSession();
  const now = useNow();
  const online = useIsOnline();
  const device = useMemo(() => currentDevice(), []);
  const [useLocation, setUseLocation] = useState(() => localStorage.getItem(LOCATION_PREF) !== '0');
  const [geo, setGeo] = useState<GeoResult | null>(null);
  const [busy, setBusy] = useState(false);
  const day = dayjs(now).format('YYYY-MM-DD');

  const punches = useQuery({ queryKey: ['wf-clock-in', user.id, day], queryFn: () => fetchMyPunches(user.id, day), retry: false });
  const outbox = useOutbox();

  const lines = useMemo((): PunchLine[] => {
    const queued = outbox
      .filter((it) => it.kind === CLOCK_IN_KIND && it.state !== 'done')
      .map((it): PunchLine => {
        const b = it.body as PunchBody;
        return {
          key: `q${it.id}`,
          time: b.time,
          device: b.device,
          where: b.lat !== undefined && b.lng !== undefined ? `${b.lat}, ${b.lng}` : null,
          state: it.state === 'rejected' ? 'rejected' : 'pending',
          message: it.lastError,
        };
      })
      .filter((l) => l.time.startsWith(day));
    const sent = (punches.data?.content ?? []).map(
      (p): PunchLine => ({
        key: `s${p.id}`,
        time: p.punch_time,
        device: p.device,
        where: p.lat !== null && p.lng !== null ? `${p.lat}, ${p.lng}` : null,
        state: 'synced',
        message: null,
      }),
    );
    return [...queued, ...sent].toSorted((a, b) => b.time.localeCompare(a.time));
  }, [outbox, punches.data, day]);

  const punch = async () => {
    setBusy(true);
    try {
      let position = null;
      if (useLocation) {
        const g = await locate();
        setGeo(g);
        if (g.ok) position = g.position;
      }
      await queuePunch(punchBody(new Date(), device, position));
      notifySuccess(online ? '打卡已提交' : '网络不可用，打卡已保存，联网后自动提交');
    } catch (e) {
      notifyError(`打卡保存失败：${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center p="md">
      <Stack gap="md" w="100%" maw={480} data-testid="clock-in">
        <Group justify="space-between">
          <Title order={4}>考勤打卡</Title>
          {!online && (
            <Badge color="gray" leftSection={<IconWifiOff size={12} />} data-testid="clock-in-offline">
              离线
            </Badge>
          )}
        </Group>
        <Card withBorder radius="md" padding="lg">
          <Stack align="center" gap={4}>
            <Text size="sm" c="dimmed">
              {dayjs(now).format('YYYY年M月D日 dddd')}
            </Text>
            <Text fz={44} fw={700} ff="monospace" data-testid="clock-now">
              {dayjs(now).format('HH:mm:ss')}
            </Text>
            <Text size="sm" c="dimmed">
              {user.name} · {device}
            </Text>
          </Stack>
          <Button mt="lg" size="xl" h={64} fullWidth radius="xl" leftSection={<IconFingerprint size={26} />} onClick={() => void punch()} loading={busy} data-testid="punch-button">
            打卡
          </Button>
          <Group mt="md" justify="space-between" wrap="nowrap">
            <Switch
              size="md"
              label="记录位置"
              checked={useLocation}
              onChange={(e) => {
                const v = e.currentTarget.checked;
                setUseLocation(v);
                localStorage.setItem(LOCATION_PREF, v ? '1' : '0');
              }}
            />
            {geo && (
              <Text size="xs" c={geo.ok ? 'dimmed' : 'orange.7'} ta="right">
                <IconMapPin size={12} style={{ verticalAlign: -2 }} />{' '}
                {geo.ok ? `${geo.position.lat}, ${geo.position.lng}（±${geo.position.accuracy}米）` : `${geo.reason}，已按无位置打卡`}
              </Text>
            )}
          </Group>
        </Card>

        <Title order={6}>今日打卡</Title>
        {punches.isPending && online && (
          <Center>
            <Loader size="sm" />
          </Center>
        )}
        {punches.error && online && <Alert color="red">{errorMessage(punches.error, '加载打卡记录失败')}</Alert>}
        {lines.length === 0 && !punches.isPending && (
          <Text size="sm" c="dimmed" ta="center">
            今天还没有打卡
          </Text>
        )}
        <Stack gap={6} data-testid="punch-list">
          {lines.map((l) => (
            <Card key={l.key} withBorder padding="xs" radius="md" data-testid="punch-line" data-state={l.state}>
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} ff="monospace">
                    {l.time.slice(11, 19)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {l.device}
                    {l.where ? ` · ${l.where}` : ' · 无位置'}
                  </Text>
                </div>
                {/* the badges keep their text whole beside a long device name (they were cut to 待…) */}
                {l.state === 'synced' && (
                  <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
                    已提交
                  </Badge>
                )}
                {l.state === 'pending' && (
                  <Badge color="orange" variant="light" leftSection={<IconClockUp size={12} />} style={{ flexShrink: 0 }}>
                    待同步
                  </Badge>
                )}
                {l.state === 'rejected' && (
                  <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />} title={l.message ?? ''} style={{ flexShrink: 0 }}>
                    被拒绝
                  </Badge>
                )}
              </Group>
              {l.state === 'rejected' && l.message && (
                <Text size="xs" c="red.7" mt={4}>
                  {l.message}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      </Stack>
    </Center>
  );
}

import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { MARK_TEXT } from '../../../contract/classes';
import { errorMessage } from '../../../api/client';
import type { StoredDevice } from '../../../offline/device';
import { fetchRoster } from '../api';
import { queueCheckIn, rosterKey, today } from '../checkIn/rosterStore';
import { useRoster } from '../checkIn/useRoster';
import { CardScanner } from './CardScanner';
import { frontDeskOwner } from './deviceApi';
import { DigitPad } from './DigitPad';
import { matchesByCard, matchesByPhone, soleUnmarked, type ChildMatch } from './parentMatches';

/**
 * 家长签到: a parent checks a child in by the last four digits of their phone (choosing among
 * their children when several match) or by the QR code of the child's card. It works from the
 * roster saved on the device, so offline too; each check-in goes through the outbox.
 */
export function ParentCheckIn({ device }: { device: StoredDevice }) {
  const key = rosterKey(frontDeskOwner(device.id), today(), `school:${device.school_id}`);
  const roster = useRoster(key, () => fetchRoster(device.school_id));
  const sessions = useMemo(() => roster.saved?.sessions ?? [], [roster.saved]);
  const [digits, setDigits] = useState('');
  const [matches, setMatches] = useState<ChildMatch[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);

  const checkIn = useCallback(
    async (m: ChildMatch) => {
      setError(null);
      try {
        await queueCheckIn(key, { session: m.session, studentId: m.student.student_id, studentName: m.student.name, mark: 'present' });
        setDone(`${m.student.name} 签到成功（${m.session.start_time} ${m.session.class_name}）`);
        setMatches(null);
        setDigits('');
      } catch (e) {
        setError(`签到失败：${errorMessage(e, '请稍后重试')}`);
      }
    },
    [key],
  );

  const find = () => {
    setDone(null);
    const found = matchesByPhone(sessions, digits);
    setMatches(found);
    setError(found.length === 0 ? '今天没有找到该手机尾号的学员，请核对或请前台帮助' : null);
  };

  const onCard = useCallback(
    (code: string) => {
      setScanning(false);
      setDone(null);
      const found = matchesByCard(sessions, code);
      if (found.length === 0) {
        setMatches(null);
        setError('无法识别该学员卡，或该学员今天没有课程');
        return;
      }
      const sole = soleUnmarked(found);
      if (sole) void checkIn(sole);
      else setMatches(found);
    },
    [sessions, checkIn],
  );

  return (
    <Stack align="center" p="md" gap="md" data-testid="parent-check-in">
      <Title order={3}>家长签到</Title>
      <Text c="dimmed">输入家长手机后四位，或扫描学员卡</Text>
      {!roster.saved && roster.ready && !roster.loading && <Alert color="gray">本设备还没有今日名单，请联网后打开一次</Alert>}
      {done && (
        <Alert color="green" w="100%" maw={520} data-testid="parent-done">
          {done}
        </Alert>
      )}
      {error && (
        <Alert color="red" w="100%" maw={520} data-testid="parent-error">
          {error}
        </Alert>
      )}
      {matches && matches.length > 0 && (
        <Stack w="100%" maw={640} gap="xs">
          <Text fw={600}>{matches.length > 1 ? '请选择要签到的孩子' : '请确认'}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {matches.map((m) => (
              <Button
                key={`${m.session.schedule_id}:${m.student.student_id}`}
                size="xl"
                variant={m.student.mark ? 'default' : 'light'}
                disabled={m.student.mark !== null}
                onClick={() => void checkIn(m)}
                data-testid="child-choice"
                h="auto"
                py="sm"
              >
                <Stack gap={2} align="center">
                  <Text fw={700} size="lg">
                    {m.student.name}
                  </Text>
                  <Text size="sm">
                    {m.session.start_time} {m.session.class_name}
                  </Text>
                  {m.student.mark && <Badge color="green">已{MARK_TEXT[m.student.mark]}</Badge>}
                </Stack>
              </Button>
            ))}
          </SimpleGrid>
          <Button variant="subtle" onClick={() => setMatches(null)}>
            取消
          </Button>
        </Stack>
      )}
      {!matches && (
        <Group align="flex-start" justify="center" gap="xl">
          <DigitPad value={digits} onChange={setDigits} onSubmit={find} busy={false} label="家长手机后四位" maxLength={4} valid={(v) => /^\d{4}$/.test(v)} submitText="查找" masked={false} />
          <Button size="xl" variant="outline" leftSection={<IconQrcode />} onClick={() => setScanning(true)} data-testid="scan-card">
            扫描学员卡
          </Button>
        </Group>
      )}
      <CardScanner opened={scanning} onClose={() => setScanning(false)} onCode={onCard} />
    </Stack>
  );
}

import { Badge, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { myPinCall, myPinStateCall, PIN_RE } from '../../contract/device';
import { notifySuccess } from '../../components/feedback';

const KEY = ['my-front-desk-pin'];

/** 前台 PIN: the 4-6 digits that switch the user in on a campus's front-desk tablet (device mode). */
export function FrontDeskPinCard() {
  const qc = useQueryClient();
  const state = useQuery({ queryKey: KEY, queryFn: () => callApi(myPinStateCall, {}) });
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const save = useMutation({
    mutationFn: () => callApi(myPinCall, { body: { pin } }),
    onSuccess: () => {
      notifySuccess('前台 PIN 已设置');
      setPin('');
      setAgain('');
      void qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const mismatch = again.length > 0 && again !== pin;
  return (
    <Card withBorder padding="md" data-testid="front-desk-pin">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={5}>前台 PIN</Title>
            <Text size="xs" c="dimmed">
              在校区前台平板（设备模式）上输入 PIN 即可切换为您，无需登录。连续输错 5 次将被锁定，重新设置即解锁。
            </Text>
          </div>
          {state.data && (state.data.locked ? <Badge color="red">已锁定</Badge> : state.data.has_pin ? <Badge color="green">已设置</Badge> : <Badge color="gray">未设置</Badge>)}
        </Group>
        <Group align="end" wrap="wrap">
          <PasswordInput label="新 PIN（4-6 位数字）" value={pin} onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))} inputMode="numeric" w={200} />
          <PasswordInput
            label="再次输入"
            value={again}
            onChange={(e) => setAgain(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            w={200}
            error={mismatch ? '两次输入不一致' : undefined}
          />
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!PIN_RE.test(pin) || again !== pin}>
            保存 PIN
          </Button>
        </Group>
        {save.error && (
          <Text c="red" size="sm">
            {errorMessage(save.error, '设置失败')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

import { useState } from 'react';
import { ActionIcon, Anchor, Box, Divider, Group, Indicator, Modal, Popover, ScrollArea, Stack, Text, Tooltip, Typography } from '@mantine/core';
import { IconBell, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { badgeText, fetchTopMessages, markMessages, readMessages, type UserMessage } from '../../api/messages';
import { errorMessage } from '../../api/client';
import { notifyError } from '../../components/feedback';

export const TOP_MESSAGES_KEY = ['messages', 'top'] as const;
/** The list refreshes 60 s after each load (spec doc 000 §4). */
export const MESSAGE_REFRESH_MS = 60_000;

export function NotificationBell() {
  const qc = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [reading, setReading] = useState<UserMessage | null>(null);
  const top = useQuery({ queryKey: TOP_MESSAGES_KEY, queryFn: fetchTopMessages, refetchInterval: MESSAGE_REFRESH_MS, staleTime: 0 });
  const refresh = () => qc.invalidateQueries({ queryKey: ['messages'] });
  const read = useMutation({ mutationFn: (id: number) => readMessages([id]), onSettled: refresh });
  const mark = useMutation({
    mutationFn: (m: UserMessage) => markMessages([m.message_id], m.is_flag !== 1),
    onSettled: refresh,
    onError: (e) => notifyError(errorMessage(e)),
  });
  const unread = top.data?.unread ?? 0;
  const list = top.data?.list ?? [];

  function open(m: UserMessage) {
    setReading(m);
    setOpened(false);
    // A read call only for an unread message (spec doc 000 §4).
    if (m.read_status === 0) read.mutate(m.message_id);
  }

  return (
    <>
      <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" shadow="md" withArrow>
        <Popover.Target>
          <Indicator label={badgeText(unread)} size={16} disabled={unread === 0} offset={4} color="red" data-testid="bell-badge">
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label="消息通知" onClick={() => setOpened((o) => !o)}>
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <Group justify="space-between" px="sm" py={8}>
            <Text fw={600} size="sm">
              消息通知
            </Text>
            <Text size="xs" c="dimmed">
              未读 {unread}
            </Text>
          </Group>
          <Divider />
          <ScrollArea.Autosize mah={360}>
            {list.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="lg">
                暂无消息
              </Text>
            ) : (
              <Stack gap={0}>
                {list.map((m) => (
                  <Group key={m.message_id} wrap="nowrap" gap={6} px="sm" py={6} data-testid="bell-message" style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}>
                    <Box
                      component="button"
                      type="button"
                      onClick={() => open(m)}
                      style={{ flex: 1, minWidth: 0, textAlign: 'left', background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
                    >
                      <Text size="sm" fw={m.read_status === 0 ? 600 : 400} truncate>
                        {m.read_status === 0 ? '● ' : ''}
                        {m.message_title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {m.message_time}
                      </Text>
                    </Box>
                    <Tooltip label={m.is_flag === 1 ? '取消标记' : '标记'}>
                      <ActionIcon variant="subtle" color="yellow" size="sm" onClick={() => mark.mutate(m)} aria-label={m.is_flag === 1 ? '取消标记' : '标记'}>
                        {m.is_flag === 1 ? <IconStarFilled size={14} /> : <IconStar size={14} />}
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
          <Divider />
          <Box ta="center" py={6}>
            <Anchor component={Link} to="/user_notice" size="sm" onClick={() => setOpened(false)}>
              查看全部消息
            </Anchor>
          </Box>
        </Popover.Dropdown>
      </Popover>
      <Modal opened={!!reading} onClose={() => setReading(null)} title={reading?.message_title} size="lg">
        {reading ? (
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {[reading.publisher, reading.message_time].filter(Boolean).join(' · ')}
            </Text>
            <Typography>
              {/* The server sanitises message HTML before storing it (notice content). */}
              <div dangerouslySetInnerHTML={{ __html: reading.message_content }} />
            </Typography>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

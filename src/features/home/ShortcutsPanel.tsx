import { ActionIcon, Card, Group, SimpleGrid, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPin, IconPinFilled, IconStar } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { shortcutListCall, shortcutPinCall } from '../../contract/home';
import { useSession } from '../../components/session';
import { SHORTCUTS_KEY } from '../../components/screenUse';

/** 常用功能: the screens the user opens most (learned on the server from their tab openings), pinned ones first. */
export default function ShortcutsPanel() {
  const { navEntries } = useSession();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: SHORTCUTS_KEY, queryFn: () => callApi(shortcutListCall, {}) });
  const pin = useMutation({
    mutationFn: (v: { path: string; pinned: boolean }) => callApi(shortcutPinCall, { body: v }),
    onSuccess: (data) => qc.setQueryData(SHORTCUTS_KEY, data),
  });
  // the server keeps only screens still held; the session's menus may be newer still
  const held = new Set(navEntries.map((e) => e.path));
  const shortcuts = (list.data ?? []).filter((s) => held.has(s.path));
  return (
    <Card withBorder padding="md" data-testid="home-shortcuts">
      <Group gap="xs" mb="xs">
        <ThemeIcon variant="light" size="md" color="yellow">
          <IconStar size={16} />
        </ThemeIcon>
        <Text fw={600}>常用功能</Text>
      </Group>
      {list.isError ? (
        <Text size="sm" c="red">
          {errorMessage(list.error, '常用功能加载失败')}
        </Text>
      ) : shortcuts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {list.isPending ? '加载中…' : '打开过的页面会显示在这里，方便下次直接进入'}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing={6}>
          {shortcuts.map((s) => (
            <Group key={s.path} gap={2} wrap="nowrap" p={4} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
              <UnstyledButton component={Link} to={s.path} style={{ flex: 1, minWidth: 0 }} px={4}>
                <Text size="sm" truncate>
                  {s.title}
                </Text>
              </UnstyledButton>
              <Tooltip label={s.pinned ? '取消固定' : '固定'}>
                <ActionIcon size="sm" variant="subtle" color={s.pinned ? 'yellow' : 'gray'} aria-label={s.pinned ? '取消固定' : '固定'} onClick={() => pin.mutate({ path: s.path, pinned: !s.pinned })}>
                  {s.pinned ? <IconPinFilled size={14} /> : <IconPin size={14} />}
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </SimpleGrid>
      )}
      {pin.isError ? (
        <Text size="xs" c="red">
          {errorMessage(pin.error, '操作失败')}
        </Text>
      ) : null}
    </Card>
  );
}

import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBell, IconBuildingCommunity, IconChecklist, IconChevronRight, IconLayoutGrid } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { fetchUserSchools } from '../../api/session';
import { fetchTopMessages } from '../../api/messages';
import { errorMessage } from '../../api/client';
import { useSession } from '../../components/session';
import { TODO_PATH, useTaskCounts } from '../../components/taskCounts';
import DashboardsSlot from './DashboardsSlot';
import HomeReminders from './HomeReminders';

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** Home: what the signed-in user can do: their schools, unread messages and their menus. */
export default function HomePage() {
  const { user, navEntries } = useSession();
  const schools = useQuery({ queryKey: ['account', 'schools'], queryFn: fetchUserSchools });
  // Same key as the bell, so both share one request and one refresh.
  const messages = useQuery({ queryKey: ['messages', 'top'], queryFn: fetchTopMessages });
  const now = dayjs();
  const unread = messages.data?.unread ?? 0;
  const tasks = useTaskCounts();
  const hasTodo = navEntries.some((e) => e.path === TODO_PATH);
  const schoolList = schools.data?.schools ?? [];
  const bySection = new Map<string, typeof navEntries[number][]>();
  for (const e of navEntries.filter((n) => n.path !== '/home')) {
    const key = e.section[0] ?? '常用';
    bySection.set(key, [...(bySection.get(key) ?? []), e]);
  }

  return (
    <Stack gap="sm">
      <Card withBorder padding="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={4}>
              {greeting(now.hour())}，{user.name}
            </Title>
            <Text size="sm" c="dimmed">
              今天是 {now.format('YYYY年M月D日 dddd')}
              {user.roles.length > 0 ? ` · ${user.roles.map((r) => r.name ?? r.code).join('、')}` : ''}
            </Text>
          </div>
        </Group>
      </Card>
      <DashboardsSlot />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Card withBorder padding="md">
          <Group gap="xs" mb="xs">
            <ThemeIcon variant="light" size="md">
              <IconBuildingCommunity size={16} />
            </ThemeIcon>
            <Text fw={600}>我的校区</Text>
            {schools.data?.all ? <Badge variant="light">全部校区</Badge> : null}
          </Group>
          {schools.isError ? (
            <Text size="sm" c="red">
              {errorMessage(schools.error, '校区加载失败')}
            </Text>
          ) : schoolList.length === 0 ? (
            <Text size="sm" c="dimmed">
              {schools.isPending ? '加载中…' : '暂无可管理的校区'}
            </Text>
          ) : (
            <Group gap={6} data-testid="home-schools">
              {schoolList.slice(0, 24).map((s) => (
                <Badge key={s.id} variant="outline" color="gray" radius="sm">
                  {s.name}
                </Badge>
              ))}
              {schoolList.length > 24 ? <Text size="xs" c="dimmed">等 {schoolList.length} 个校区</Text> : null}
            </Group>
          )}
        </Card>
        <Card withBorder padding="md">
          <Group gap="xs" mb="xs" justify="space-between">
            <Group gap="xs">
              <ThemeIcon variant="light" size="md" color="red">
                <IconBell size={16} />
              </ThemeIcon>
              <Text fw={600}>消息</Text>
              {unread > 0 ? <Badge color="red">{unread} 条未读</Badge> : null}
            </Group>
            <Anchor component={Link} to="/user_notice" size="sm">
              全部消息
            </Anchor>
          </Group>
          {(messages.data?.list ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              {messages.isPending ? '加载中…' : '暂无消息'}
            </Text>
          ) : (
            <Stack gap={4}>
              {(messages.data?.list ?? []).slice(0, 5).map((m) => (
                <Group key={m.message_id} justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate fw={m.read_status === 0 ? 600 : 400}>
                    {m.message_title}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {m.message_time?.slice(0, 10)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
      <HomeReminders />
      {hasTodo ? (
        <Card withBorder padding="md" data-testid="home-tasks">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              <ThemeIcon variant="light" size="md" color="orange">
                <IconChecklist size={16} />
              </ThemeIcon>
              <Text fw={600}>任务中心</Text>
            </Group>
            <Group gap="lg">
              {(
                [
                  ['我的待办', tasks.data?.todo, TODO_PATH],
                  ['我发起的（审批中）', tasks.data?.apply, '/task/my_applies'],
                  ['已办事项', tasks.data?.done, '/task/done'],
                ] as const
              ).map(([label, n, to]) => (
                <Anchor key={to} component={Link} to={to} size="sm" c={label === '我的待办' && (n ?? 0) > 0 ? 'red' : undefined}>
                  {label} <b>{n ?? '…'}</b>
                </Anchor>
              ))}
            </Group>
          </Group>
        </Card>
      ) : null}
      <Card withBorder padding="md">
        <Group gap="xs" mb="sm">
          <ThemeIcon variant="light" size="md" color="teal">
            <IconLayoutGrid size={16} />
          </ThemeIcon>
          <Text fw={600}>快捷入口</Text>
        </Group>
        {bySection.size === 0 ? (
          <Text size="sm" c="dimmed">
            您的账号暂无可用菜单，请联系管理员分配角色权限。
          </Text>
        ) : (
          <Stack gap="sm" data-testid="home-links">
            {[...bySection.entries()].map(([section, entries]) => (
              <div key={section}>
                <Text size="xs" c="dimmed" mb={4}>
                  {section}
                </Text>
                <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={6}>
                  {entries.map((e) => (
                    <UnstyledButton key={e.path} component={Link} to={e.path} p={8} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
                      <Group justify="space-between" wrap="nowrap" gap={4}>
                        <Text size="sm" truncate>
                          {e.title}
                        </Text>
                        <IconChevronRight size={14} color="var(--mantine-color-gray-5)" />
                      </Group>
                    </UnstyledButton>
                  ))}
                </SimpleGrid>
              </div>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

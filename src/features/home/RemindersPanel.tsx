import { Anchor, Badge, Card, Group, Loader, Pagination, Stack, Table, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import {
  backlogBadgeCall,
  backlogBirthdayCall,
  backlogCollectCall,
  backlogRenewCall,
  backlogTodoCall,
  REMINDER_TAB_TEXT,
  type BirthdayRow,
  type CollectRow,
  type ReminderTab,
  type RenewRow,
  type TodoRow,
} from '../../contract/home';
import { formatYuan } from '../../lib/format/money';

const PAGE = 8;

/** A cell that opens the row's screen when the caller holds it, plain text otherwise. */
function Go({ to, children }: { to: string | null; children: ReactNode }) {
  return to ? (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  ) : (
    <Text size="sm" span>
      {children}
    </Text>
  );
}

function BirthdayTable({ rows }: { rows: BirthdayRow[] }) {
  return (
    <Table.Tbody>
      {rows.map((r) => (
        <Table.Tr key={r.student_id}>
          <Table.Td>
            <Go to={r.link}>{r.name}</Go>
          </Table.Td>
          <Table.Td>{r.days_left === 0 ? <Badge color="pink">今天</Badge> : `${r.birthday_date.slice(5)}（${r.days_left}天后）`}</Table.Td>
          <Table.Td>{r.age} 岁</Table.Td>
          <Table.Td visibleFrom="sm">{r.school_name}</Table.Td>
          <Table.Td visibleFrom="sm">{r.phone ?? ''}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

function CollectTable({ rows }: { rows: CollectRow[] }) {
  return (
    <Table.Tbody>
      {rows.map((r) => (
        <Table.Tr key={`${r.kind}-${r.id}`}>
          <Table.Td>
            <Go to={r.link}>{r.student_name}</Go>
          </Table.Td>
          <Table.Td>¥{formatYuan(r.amount)}</Table.Td>
          <Table.Td>
            {r.kind === 'installment' ? (r.overdue ? <Badge color="red">已逾期 {r.due_date}</Badge> : `${r.due_date} 到期`) : <Badge color="orange" variant="light">订单欠款</Badge>}
          </Table.Td>
          <Table.Td visibleFrom="sm">{r.school_name}</Table.Td>
          <Table.Td visibleFrom="sm">{r.note}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

function RenewTable({ rows }: { rows: RenewRow[] }) {
  return (
    <Table.Tbody>
      {rows.map((r) => (
        <Table.Tr key={`${r.student_id}-${r.class_type_name}`}>
          <Table.Td>
            <Go to={r.link}>{r.student_name}</Go>
          </Table.Td>
          <Table.Td>{r.class_type_name}</Table.Td>
          <Table.Td>{r.reason}</Table.Td>
          <Table.Td visibleFrom="sm">{r.school_name}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

function TodoTable({ rows }: { rows: TodoRow[] }) {
  return (
    <Table.Tbody>
      {rows.map((r) => (
        <Table.Tr key={`${r.kind}-${r.id}`}>
          <Table.Td>
            <Badge variant="light" color={r.kind === 'task' ? 'blue' : 'grape'}>
              {r.kind === 'task' ? '审批' : '回访'}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Go to={r.link}>{r.title}</Go>
          </Table.Td>
          <Table.Td>{r.overdue ? <Text c="red" size="sm">已逾期 {r.at?.slice(0, 16)}</Text> : r.at?.slice(0, 16)}</Table.Td>
          <Table.Td visibleFrom="sm">{r.sub}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

type AnyRow = BirthdayRow | CollectRow | RenewRow | TodoRow;
const LOADERS: Record<ReminderTab, (page: number) => Promise<{ content: AnyRow[]; totalSize: number }>> = {
  birthday: (page: number) => callApi(backlogBirthdayCall, { query: { page, rows: PAGE } }),
  collect: (page: number) => callApi(backlogCollectCall, { query: { page, rows: PAGE } }),
  renew: (page: number) => callApi(backlogRenewCall, { query: { page, rows: PAGE } }),
  todo: (page: number) => callApi(backlogTodoCall, { query: { page, rows: PAGE } }),
};

function TabList({ tab }: { tab: ReminderTab }) {
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: ['home', 'remind', tab, page], queryFn: () => LOADERS[tab](page) });
  if (q.isPending) return <Loader size="sm" />;
  if (q.isError) return <Text size="sm" c="red">{errorMessage(q.error, '提醒加载失败')}</Text>;
  const { content, totalSize } = q.data;
  if (totalSize === 0) return <Text size="sm" c="dimmed">暂无{REMINDER_TAB_TEXT[tab]}提醒</Text>;
  return (
    <Stack gap={6}>
      <Table.ScrollContainer minWidth={320}>
        <Table fz="sm" verticalSpacing={4} striped data-testid={`remind-${tab}`}>
          {tab === 'birthday' ? <BirthdayTable rows={content as BirthdayRow[]} /> : null}
          {tab === 'collect' ? <CollectTable rows={content as CollectRow[]} /> : null}
          {tab === 'renew' ? <RenewTable rows={content as RenewRow[]} /> : null}
          {tab === 'todo' ? <TodoTable rows={content as TodoRow[]} /> : null}
        </Table>
      </Table.ScrollContainer>
      {totalSize > PAGE ? <Pagination size="xs" total={Math.ceil(totalSize / PAGE)} value={page} onChange={setPage} /> : null}
    </Stack>
  );
}

/** 待办提醒: the tabs the caller may see, each with its count and its list. */
export default function RemindersPanel() {
  const badge = useQuery({ queryKey: ['home', 'remind', 'badge'], queryFn: () => callApi(backlogBadgeCall, {}), refetchInterval: 5 * 60_000 });
  const [active, setActive] = useState<string | null>(null);
  const tabs = badge.data?.tabs ?? [];
  if (badge.isSuccess && tabs.length === 0) return null;
  const current = active ?? tabs[0] ?? null;
  return (
    <Card withBorder padding="md" data-testid="home-reminders">
      <Group gap="xs" mb="xs">
        <ThemeIcon variant="light" size="md" color="pink">
          <IconAlarm size={16} />
        </ThemeIcon>
        <Text fw={600}>待办提醒</Text>
        {badge.data ? <Badge color="red">{badge.data.total}</Badge> : null}
      </Group>
      {badge.isError ? (
        <Text size="sm" c="red">
          {errorMessage(badge.error, '提醒加载失败')}
        </Text>
      ) : !badge.data ? (
        <Loader size="sm" />
      ) : (
        <Tabs value={current} onChange={setActive} keepMounted={false}>
          <Tabs.List mb="xs">
            {tabs.map((t) => (
              <Tabs.Tab key={t} value={t} rightSection={badge.data.counts[t] > 0 ? <Badge size="xs" circle={badge.data.counts[t] < 10} color="red">{badge.data.counts[t] > 99 ? '99+' : badge.data.counts[t]}</Badge> : null}>
                {REMINDER_TAB_TEXT[t]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((t) => (
            <Tabs.Panel key={t} value={t}>
              <TabList tab={t} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Card>
  );
}

import { Anchor, Badge, Card, Group, Indicator, SegmentedControl, Stack, Text, ThemeIcon } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { CALENDAR_KIND_TEXT, homeCalendarCall, type CalendarItem, type CalendarKind } from '../../contract/home';

const KIND_COLOR: Record<CalendarKind, string> = { lesson: 'blue', trial: 'teal', visit: 'grape', birthday: 'pink' };

function ItemLine({ item }: { item: CalendarItem }) {
  const title = item.link ? (
    <Anchor component={Link} to={item.link} size="sm">
      {item.title}
    </Anchor>
  ) : (
    <Text size="sm" span>
      {item.title}
    </Text>
  );
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Badge size="xs" variant="light" color={KIND_COLOR[item.kind]} style={{ flexShrink: 0 }}>
        {CALENDAR_KIND_TEXT[item.kind]}
      </Badge>
      <div style={{ minWidth: 0 }}>
        {title}
        <Text size="xs" c="dimmed">
          {item.sub}
        </Text>
      </div>
    </Group>
  );
}

function DayList({ date, items }: { date: string; items: CalendarItem[] }) {
  return (
    <Stack gap={4} data-testid="calendar-day">
      <Text size="sm" fw={600}>
        {dayjs(date).format('M月D日 dddd')}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          当天没有安排
        </Text>
      ) : (
        items.map((i, k) => <ItemLine key={`${i.kind}-${k}`} item={i} />)
      )}
    </Stack>
  );
}

/** 日历: a month of the caller's lessons, trial lessons, follow-ups and birthdays; a list on a phone. */
export default function CalendarPanel() {
  const phone = useMediaQuery('(max-width: 640px)');
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const [picked, setPicked] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [view, setView] = useState<'month' | 'list'>('month');
  const q = useQuery({ queryKey: ['home', 'calendar', month], queryFn: () => callApi(homeCalendarCall, { query: { month } }) });
  const byDay = useMemo(() => {
    const m = new Map<string, CalendarItem[]>();
    for (const i of q.data?.items ?? []) m.set(i.date, [...(m.get(i.date) ?? []), i]);
    return m;
  }, [q.data]);
  const asList = phone || view === 'list';
  const moveMonth = (d: string) => {
    setMonth(dayjs(d).format('YYYY-MM'));
    setPicked(dayjs(d).startOf('month').format('YYYY-MM-DD'));
  };

  return (
    <Card withBorder padding="md" data-testid="home-calendar">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Group gap="xs">
          <ThemeIcon variant="light" size="md" color="blue">
            <IconCalendarEvent size={16} />
          </ThemeIcon>
          <Text fw={600}>日历</Text>
        </Group>
        {phone ? null : (
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(v) => setView(v === 'list' ? 'list' : 'month')}
            data={[
              { value: 'month', label: '月视图' },
              { value: 'list', label: '列表' },
            ]}
          />
        )}
      </Group>
      {q.isError ? (
        <Text size="sm" c="red">
          {errorMessage(q.error, '日历加载失败')}
        </Text>
      ) : asList ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Anchor size="sm" component="button" onClick={() => moveMonth(dayjs(`${month}-01`).subtract(1, 'month').format('YYYY-MM-DD'))}>
              上个月
            </Anchor>
            <Text size="sm" fw={600}>
              {dayjs(`${month}-01`).format('YYYY年M月')}
            </Text>
            <Anchor size="sm" component="button" onClick={() => moveMonth(dayjs(`${month}-01`).add(1, 'month').format('YYYY-MM-DD'))}>
              下个月
            </Anchor>
          </Group>
          {byDay.size === 0 ? (
            <Text size="sm" c="dimmed">
              {q.isPending ? '加载中…' : '本月没有安排'}
            </Text>
          ) : (
            [...byDay.entries()].map(([date, items]) => <DayList key={date} date={date} items={items} />)
          )}
        </Stack>
      ) : (
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Calendar
            size="sm"
            date={`${month}-01`}
            onDateChange={moveMonth}
            getDayProps={(date) => ({ selected: date === picked, onClick: () => setPicked(date) })}
            renderDay={(date) => {
              const n = byDay.get(date)?.length ?? 0;
              return (
                <Indicator size={14} label={n > 9 ? '9+' : n} disabled={n === 0} offset={-2} color="blue">
                  <div>{dayjs(date).date()}</div>
                </Indicator>
              );
            }}
          />
          <div style={{ flex: 1, minWidth: 0 }}>
            <DayList date={picked} items={byDay.get(picked) ?? []} />
          </div>
        </Group>
      )}
    </Card>
  );
}

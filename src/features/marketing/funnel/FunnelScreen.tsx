import { Card, Loader, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import type { QueryValue } from '../../../api/request';
import {
  FUNNEL_GROUP_TEXT,
  FUNNEL_GROUPS,
  FUNNEL_STAGE_TEXT,
  FUNNEL_STAGES,
  funnelReportCall,
  type FunnelGroup,
  type FunnelReport,
  type FunnelRow,
} from '../../../contract/marketing-funnel';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { dateRangeOf } from '../../../lib/format/dateRange';

// the chart is its own chunk: the table answers first
const FunnelChart = lazy(() => import('./FunnelChart'));

const FIELDS: SearchField[] = [
  { name: 'lead_date', label: '资源创建日期', input: 'daterange', defaultValue: 'currentMonth' },
  { name: 'group_by', label: '分组', input: 'select', defaultValue: 'channel', options: { kind: 'static', items: FUNNEL_GROUPS.map((g) => ({ value: g, text: FUNNEL_GROUP_TEXT[g] })) } },
  { name: 'school_id', label: '校区', input: 'select', options: { kind: 'schools' } },
];

const LATER = FUNNEL_STAGES.slice(1) as Exclude<(typeof FUNNEL_STAGES)[number], 'lead'>[];

function pct(v: number | null): string {
  return v === null ? '-' : `${v}%`;
}
function days(v: number | null): string {
  return v === null ? '-' : `${v}天`;
}

function FunnelTableRow({ row, strong }: { row: FunnelRow; strong?: boolean }) {
  return (
    <Table.Tr fw={strong ? 600 : undefined}>
      <Table.Td>{row.name}</Table.Td>
      <Table.Td>{row.counts.lead}</Table.Td>
      {LATER.map((s) => (
        <Table.Td key={s}>
          {row.counts[s]}
          <Text span size="xs" c="dimmed">
            {' '}
            {pct(row.rates[s])} · {days(row.median_days[s])}
          </Text>
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/**
 * 营销漏斗: the leads created in the range, per channel, campus, telemarketer or consultant, and how
 * far they went (资源 → 已外呼 → 已邀约 → 已到访 → 已试听 → 已签约): the count of each stage, its
 * conversion from the previous one and the median days between the two.
 */
export default function FunnelScreen() {
  const [query, setQuery] = useState<Record<string, QueryValue> | null>(null);
  const [report, setReport] = useState<FunnelReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (q: Record<string, QueryValue>) => {
    const [start, end] = dateRangeOf('currentMonth');
    setLoading(true);
    try {
      const data = await callApi(funnelReportCall, {
        query: {
          lead_date_start: String(q.lead_date_start ?? start),
          lead_date_end: String(q.lead_date_end ?? end),
          group_by: (q.group_by as FunnelGroup | undefined) ?? 'channel',
          school_id: q.school_id ? Number(q.school_id) : undefined,
        },
      });
      setReport(data);
      setError(null);
    } catch (e) {
      setError(errorMessage(e, '读取营销漏斗失败'));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (query) void load(query);
  }, [query, load]);
  useEffect(() => {
    const [start, end] = dateRangeOf('currentMonth');
    setQuery({ lead_date_start: start, lead_date_end: end, group_by: 'channel' });
  }, []);

  return (
    <Stack>
      <SearchForm fields={FIELDS} onSearch={setQuery} />
      {error && <Text c="red">{error}</Text>}
      {loading && !report && <Loader size="sm" />}
      {report && (
        <>
          <Card withBorder>
            <Suspense fallback={<Loader size="sm" />}>
              <FunnelChart row={report.total} />
            </Suspense>
          </Card>
          <Table striped withTableBorder data-testid="funnel-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{FUNNEL_GROUP_TEXT[report.group_by]}</Table.Th>
                {FUNNEL_STAGES.map((s) => (
                  <Table.Th key={s}>{FUNNEL_STAGE_TEXT[s]}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.map((r) => (
                <FunnelTableRow key={String(r.key)} row={r} />
              ))}
              <FunnelTableRow row={report.total} strong />
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            每格：到达该阶段的资源数，相对上一阶段的转化率 · 两阶段之间的天数中位数
          </Text>
        </>
      )}
    </Stack>
  );
}

import { Group, Select, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { callApi } from '../../api/call';
import { fetchUserSchools } from '../../api/session';
import {
  DASHBOARD_PERIODS,
  dataStatisticsCall,
  ecDashboardCall,
  financeDashboardHomeCall,
  mkDashboardCall,
  taDashboardCall,
  type DashboardPeriod,
  type DashboardQuery,
  type EcFigures,
  type HomeDashboardKind,
  type PeriodRange,
} from '../../contract/home-dashboards';
import { DashboardCard, FigureGrid } from './DashboardParts';
import { changeText, hoursText, rateText, yuanText } from './dashboardFormat';

// the chart library loads only when a chart is drawn
const LeadsChart = lazy(() => import('./LeadsChart'));

type Query = DashboardQuery | null;

function rangeText(r: PeriodRange | undefined) {
  return r ? (
    <Text size="xs" c="dimmed">
      {r.from === r.to ? r.from : `${r.from} 至 ${r.to}`}
    </Text>
  ) : null;
}

function EcDashboardCard({ query }: { query: DashboardQuery }) {
  const q = useQuery({ queryKey: ['home-dashboard', 'ec', query], queryFn: () => callApi(ecDashboardCall, { query }) });
  const d = q.data;
  const rows: [string, (f: EcFigures) => string | number][] = [
    ['分配资源', (f) => f.leads_assigned],
    ['跟进次数', (f) => f.follow_ups],
    ['到访', (f) => f.visits],
    ['试听预约', (f) => f.trials_booked],
    ['试听到课', (f) => f.trials_attended],
    ['签约订单', (f) => f.orders_signed],
    ['签约金额', (f) => yuanText(f.signed_amount)],
    ['收款金额', (f) => yuanText(f.collected_amount)],
    ['到访率', (f) => rateText(f.visit_rate)],
    ['签约转化率', (f) => rateText(f.deal_rate)],
  ];
  return (
    <DashboardCard title="课程顾问看板" testId="home-dashboard-ec" query={q} right={rangeText(d?.range)}>
      {d ? (
        <Stack gap="xs">
          <FigureGrid
            testId="home-ec-mine"
            figures={rows.map(([label, of]) => ({ label, value: of(d.mine), hint: `团队 ${of(d.team)}` }))}
          />
          <Text size="sm" fw={600}>
            顾问排名
          </Text>
          {d.ranking.length === 0 ? (
            <Text size="sm" c="dimmed">
              本期暂无签约
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table striped fz="xs" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>名次</Table.Th>
                    <Table.Th>课程顾问</Table.Th>
                    <Table.Th ta="right">签约订单</Table.Th>
                    <Table.Th ta="right">签约金额</Table.Th>
                    <Table.Th ta="right">到访</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.ranking.map((r, i) => (
                    <Table.Tr key={r.seller_id}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td>{r.seller_name}</Table.Td>
                      <Table.Td ta="right">{r.orders_signed}</Table.Td>
                      <Table.Td ta="right">{yuanText(r.signed_amount)}</Table.Td>
                      <Table.Td ta="right">{r.visits}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      ) : null}
    </DashboardCard>
  );
}

function MkDashboardCard({ query }: { query: DashboardQuery }) {
  const q = useQuery({ queryKey: ['home-dashboard', 'mk', query], queryFn: () => callApi(mkDashboardCall, { query }) });
  const d = q.data;
  return (
    <DashboardCard title="市场看板" testId="home-dashboard-mk" query={q} right={rangeText(d?.range)}>
      {d ? (
        <Stack gap="xs">
          <FigureGrid
            figures={[
              { label: '新增资源', value: d.new_leads },
              { label: '有效资源', value: d.valid_leads },
              { label: '无效资源', value: d.invalid_leads },
              { label: '已分配', value: d.assigned },
              { label: '邀约', value: d.invited },
              { label: '到访', value: d.arrived },
              { label: '成交', value: d.deals },
            ]}
          />
          <Group gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              渠道来源：
            </Text>
            {d.by_source.length === 0 ? (
              <Text size="xs" c="dimmed">
                暂无新增资源
              </Text>
            ) : (
              d.by_source.map((s) => (
                <Text key={s.key} size="xs">
                  {s.text} {s.count}
                </Text>
              ))
            )}
          </Group>
          {d.by_day.length > 1 ? (
            <Suspense fallback={null}>
              <LeadsChart days={d.by_day} />
            </Suspense>
          ) : null}
        </Stack>
      ) : null}
    </DashboardCard>
  );
}

function TaDashboardCard({ query }: { query: DashboardQuery }) {
  const q = useQuery({ queryKey: ['home-dashboard', 'ta', query], queryFn: () => callApi(taDashboardCall, { query }) });
  const d = q.data;
  return (
    <DashboardCard title="教务看板" testId="home-dashboard-ta" query={q} right={rangeText(d?.range)}>
      {d ? (
        <FigureGrid
          figures={[
            { label: '今日课次', value: d.lessons_today },
            { label: '本期课次', value: d.lessons },
            { label: '出勤率', value: rateText(d.attendance_rate), hint: `出勤 ${d.attended} / 考勤 ${d.check_ins}` },
            { label: '消耗课时', value: hoursText(d.hours_consumed) },
            { label: '课消金额', value: yuanText(d.consumed_value) },
            { label: '待续费学员', value: d.low_hours_students, hint: '剩余课时不超过10' },
            { label: '请假', value: d.leaves },
            { label: '补课', value: d.makeups },
          ]}
        />
      ) : null}
    </DashboardCard>
  );
}

function FinanceDashboardCard({ query }: { query: DashboardQuery }) {
  const q = useQuery({ queryKey: ['home-dashboard', 'finance', query], queryFn: () => callApi(financeDashboardHomeCall, { query }) });
  const d = q.data;
  return (
    <DashboardCard title="财务看板" testId="home-dashboard-finance" query={q} right={rangeText(d?.range)}>
      {d ? (
        <Stack gap="xs">
          <FigureGrid
            figures={[
              { label: '收费', value: yuanText(d.collected), color: 'teal.8' },
              { label: '退费', value: yuanText(d.refunded), color: 'red.8' },
              { label: '净额', value: yuanText(d.net) },
              { label: '分期待收', value: yuanText(d.installments.owed), hint: `${d.installments.open_count} 笔分期` },
              { label: '分期逾期', value: yuanText(d.installments.overdue_amount), hint: `${d.installments.overdue_periods} 期逾期`, color: d.installments.overdue_periods > 0 ? 'red.8' : undefined },
            ]}
          />
          <Group gap="md" wrap="wrap">
            <Text size="xs" c="dimmed">
              收款方式：
            </Text>
            {d.by_method.length === 0 ? (
              <Text size="xs" c="dimmed">
                本期暂无收据
              </Text>
            ) : (
              d.by_method.map((m) => (
                <Text key={m.key} size="xs">
                  {m.text} {yuanText(m.amount)}（{m.count} 笔）
                </Text>
              ))
            )}
          </Group>
        </Stack>
      ) : null}
    </DashboardCard>
  );
}

function StatisticsCard({ query }: { query: DashboardQuery }) {
  const q = useQuery({ queryKey: ['home-dashboard', 'statistics', query], queryFn: () => callApi(dataStatisticsCall, { query }) });
  const d = q.data;
  const valueText = (unit: 'count' | 'fen' | 'hours', v: number) => (unit === 'fen' ? yuanText(v) : unit === 'hours' ? hoursText(v) : v);
  return (
    <DashboardCard title="数据统计" testId="home-data-statistics" query={q} right={rangeText(d?.range)}>
      {d ? (
        <FigureGrid
          figures={d.figures.map((f) => {
            const change = changeText(f.value, f.previous);
            return { label: f.label, value: valueText(f.unit, f.value), hint: <Text span size="xs" c={change.color}>{change.text}</Text> };
          })}
        />
      ) : null}
    </DashboardCard>
  );
}

const CARDS: Record<HomeDashboardKind, (p: { query: DashboardQuery }) => React.JSX.Element> = {
  statistics: StatisticsCard,
  ec: EcDashboardCard,
  mk: MkDashboardCard,
  ta: TaDashboardCard,
  finance: FinanceDashboardCard,
};
const ORDER: readonly HomeDashboardKind[] = ['statistics', 'ec', 'mk', 'ta', 'finance'];

/** The period and campus filter, then one card per dashboard the user holds. */
export default function Dashboards({ kinds }: { kinds: readonly HomeDashboardKind[] }) {
  const [period, setPeriod] = useState<DashboardPeriod>('month');
  const [custom, setCustom] = useState<[string | null, string | null]>([null, null]);
  const [school, setSchool] = useState<string | null>(null);
  const schools = useQuery({ queryKey: ['account', 'schools'], queryFn: fetchUserSchools });
  const schoolList = schools.data?.schools ?? [];
  const base = school ? { school_id: Number(school) } : {};
  const query: Query = period !== 'custom' ? { period, ...base } : custom[0] && custom[1] ? { period, from: custom[0], to: custom[1], ...base } : null;
  return (
    <Stack gap="sm" data-testid="home-dashboards">
      <Group gap="xs" wrap="wrap" align="flex-end">
        <SegmentedControl size="xs" data={DASHBOARD_PERIODS.map((p) => ({ value: p.value, label: p.text }))} value={period} onChange={(v) => setPeriod(v as DashboardPeriod)} />
        {period === 'custom' ? (
          <DatePickerInput type="range" size="xs" w={230} placeholder="请选择日期范围" valueFormat="YYYY-MM-DD" value={custom} onChange={(v) => setCustom([v[0] ?? null, v[1] ?? null])} />
        ) : null}
        {schoolList.length > 1 ? (
          <Select
            size="xs"
            w={180}
            placeholder="我的全部校区"
            clearable
            searchable
            data={schoolList.map((s) => ({ value: String(s.id), label: s.name }))}
            value={school}
            onChange={setSchool}
            aria-label="校区"
          />
        ) : null}
      </Group>
      {query === null ? (
        <Text size="sm" c="dimmed">
          请选择开始日期和结束日期
        </Text>
      ) : (
        ORDER.filter((k) => kinds.includes(k)).map((k) => {
          const Card = CARDS[k];
          return <Card key={k} query={query} />;
        })
      )}
    </Stack>
  );
}

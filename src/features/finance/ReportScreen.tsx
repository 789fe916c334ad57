import { Alert, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { monthlyReportCall } from '../../contract/finance-reports';
import { formatYuan } from '../../lib/format/money';
import { AmountTable, DayChart, InstallmentCard, MethodDonut, OrgSelect, Section, TotalsCards, TotalsTable } from './reportParts';

/** This month in Asia/Shanghai, whatever the device's zone. */
function shanghaiMonth(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
}

/** 财务报表: a month's receipts by day, campus, channel and type, the account ledger and the installments, from the ledgers. */
export default function ReportScreen() {
  const [month, setMonth] = useState(shanghaiMonth);
  const [org, setOrg] = useState<number | null>(null);
  const [view, setView] = useState<'day' | 'school'>('day');
  const q = useQuery({
    queryKey: ['fin-report', month, org],
    queryFn: () => callApi(monthlyReportCall, { query: { month, ...(org === null ? {} : { org_id: org }) } }),
    retry: false,
  });
  const r = q.data;
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MonthPickerInput
          label="月份"
          size="xs"
          w={140}
          value={`${month}-01`}
          maxDate={dayjs().endOf('month').format('YYYY-MM-DD')}
          valueFormat="YYYY年MM月"
          onChange={(v) => v && setMonth(String(v).slice(0, 7))}
        />
        <OrgSelect value={org} onChange={setOrg} />
        {r ? (
          <Text size="xs" c="dimmed" pb={6}>
            {r.from} 至 {r.to} · {r.school_count} 个校区 · 按业务日期（北京时间）统计
          </Text>
        ) : null}
      </Group>
      {q.isError ? <Alert color="red">{errorMessage(q.error)}</Alert> : null}
      {q.isLoading ? <Loader size="sm" /> : null}
      {r ? (
        <>
          <TotalsCards title={`${r.month} 收据汇总${r.closed ? '（已月结）' : ''}`} t={r.totals} />
          {r.corrections.length > 0 ? (
            <Section title="更正以前月份" right={<Text size="xs" c="dimmed">已月结月份的合计不变，更正记入本月</Text>}>
              <AmountTable label="更正以前月份" first="更正月份" rows={r.corrections.map((c) => ({ key: c.corrects_month, text: `更正 ${c.corrects_month}`, amount: c.amount, count: c.count }))} />
            </Section>
          ) : null}
          <Section title="每日收退费">
            <DayChart days={r.by_day} />
          </Section>
          <Section
            title={view === 'day' ? '按日汇总' : '按校区汇总'}
            right={
              <SegmentedControl
                size="xs"
                value={view}
                onChange={(v) => setView(v === 'school' ? 'school' : 'day')}
                data={[
                  { value: 'day', label: '按日' },
                  { value: 'school', label: '按校区' },
                ]}
              />
            }
          >
            {view === 'day' ? (
              <TotalsTable label="按日汇总" first="日期" rows={r.by_day.filter((d) => d.count > 0).map((d) => ({ ...d, key: d.day }))} total={r.totals} />
            ) : (
              <TotalsTable label="按校区汇总" first="校区" rows={r.by_school.map((s) => ({ ...s, key: s.school_name }))} total={r.totals} />
            )}
          </Section>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            <Section title="按收款方式">
              <MethodDonut rows={r.by_method} />
              <AmountTable label="按收款方式" first="收款方式" rows={r.by_method} />
            </Section>
            <Section title="按收据类型">
              <AmountTable label="按收据类型" first="收据类型" rows={r.by_kind} />
            </Section>
            <Section title="储值账户流水" right={<Text size="xs" c="dimmed">净变动 ¥{formatYuan(r.account.net)}</Text>}>
              <AmountTable label="储值账户流水" first="业务类型" rows={r.account.by_type} />
            </Section>
          </SimpleGrid>
          <InstallmentCard f={r.installments} />
        </>
      ) : null}
    </Stack>
  );
}

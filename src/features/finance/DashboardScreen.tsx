import { Alert, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { dashboardCall } from '../../contract/finance-reports';
import { formatYuan } from '../../lib/format/money';
import { AmountTable, DayChart, InstallmentCard, MethodDonut, OrgSelect, SchoolBars, Section, TotalsCards } from './reportParts';

/** 财务看板: today's and this month's receipts with charts, from the ledgers (fin_report/dashboard). */
export default function DashboardScreen() {
  const [org, setOrg] = useState<number | null>(null);
  const q = useQuery({
    queryKey: ['fin-dashboard', org],
    queryFn: () => callApi(dashboardCall, { query: org === null ? {} : { org_id: org } }),
    retry: false,
    refetchInterval: 60_000,
  });
  const d = q.data;
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <OrgSelect value={org} onChange={setOrg} />
        {d ? (
          <Text size="xs" c="dimmed" pb={6}>
            今天 {d.today}（北京时间）· 每分钟刷新
          </Text>
        ) : null}
      </Group>
      {q.isError ? <Alert color="red">{errorMessage(q.error)}</Alert> : null}
      {q.isLoading ? <Loader size="sm" /> : null}
      {d ? (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
            <TotalsCards title="今日" t={d.today_totals} />
            <TotalsCards title={`本月（${d.month}）`} t={d.month_totals} />
          </SimpleGrid>
          <Section title="本月每日收退费" right={<Text size="xs" c="dimmed">上月净额 ¥{formatYuan(d.last_month_totals.net)}</Text>}>
            <DayChart days={d.by_day} h={200} />
          </Section>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            <Section title="本月收款方式">
              <MethodDonut rows={d.by_method} />
            </Section>
            <Section title="本月各校区净额">
              <SchoolBars rows={d.by_school} />
            </Section>
            <Stack gap="sm">
              <InstallmentCard f={d.installments} />
              <Section title="今日储值账户">
                <AmountTable label="今日储值账户" first="业务类型" rows={d.account_today.by_type} />
              </Section>
            </Stack>
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}

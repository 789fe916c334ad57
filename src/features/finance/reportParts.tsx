import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Card, Group, Paper, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { callApi } from '../../api/call';
import { reportOrgsCall, type AmountRow, type DayTotals, type InstallmentFigures, type ReceiptTotals, type SchoolTotals } from '../../contract/finance-reports';
import { fenToYuan, formatYuan } from '../../lib/format/money';
import { numberCell } from './numberCell';

/**
 * Pieces of 财务报表 and 财务看板 (and only of them: this file pulls in the chart library, so it
 * must be reached through their lazy screens alone, never from the main bundle). Amounts arrive in
 * fen; charts draw yuan and label them with formatYuan.
 */

const yuanLabel = (v: number) => formatYuan(Math.round(v * 100));
const yuan = (fen: number) => fenToYuan(fen) ?? 0;

/** 校区或分公司: the caller's cities and campuses (empty = all of the caller's campuses). */
export function OrgSelect({ value, onChange }: { value: number | null; onChange: (v: number | null) => void }) {
  const orgs = useQuery({ queryKey: ['fin-report-orgs'], queryFn: () => callApi(reportOrgsCall, {}) });
  const data = (orgs.data ?? []).map((o) => ({ value: String(o.id), label: o.kind === 'city' ? `${o.name}（全部校区）` : o.name }));
  return (
    <Select
      label="校区"
      placeholder="我的全部校区"
      clearable
      searchable
      size="xs"
      w={220}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
    />
  );
}

function Stat({ label, fen, hint, color }: { label: string; fen: number; hint?: ReactNode; color?: string }) {
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        ¥{formatYuan(fen)}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** 收费, 退费, 结转/转班, 净额 of one period. */
export function TotalsCards({ title, t, compare }: { title: string; t: ReceiptTotals; compare?: ReceiptTotals }) {
  const change = compare && compare.net !== 0 ? `较上月同期 ${t.net >= compare.net ? '+' : ''}${(((t.net - compare.net) / Math.abs(compare.net)) * 100).toFixed(1)}%` : undefined;
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb={6}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          收据 {t.count} 张
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Stat label="收费" fen={t.income} color="teal.8" />
        <Stat label="退费" fen={t.refund} color="red.8" />
        <Stat label="结转/转班" fen={t.carry} />
        <Stat label="净额" fen={t.net} hint={change ?? (t.from_account !== 0 ? `其中储值账户支付 ¥${formatYuan(t.from_account)}` : undefined)} />
      </SimpleGrid>
    </Card>
  );
}

/** Daily 收费 and 退费 as bars. */
export function DayChart({ days, h = 220 }: { days: readonly DayTotals[]; h?: number }) {
  const data = days.map((d) => ({ day: d.day.slice(5), 收费: yuan(d.income), 退费: yuan(-d.refund), 净额: yuan(d.net) }));
  return (
    <BarChart
      h={h}
      data={data}
      dataKey="day"
      valueFormatter={yuanLabel}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 28 }}
      tickLine="y"
      gridAxis="y"
      series={[
        { name: '收费', color: 'teal.6' },
        { name: '退费', color: 'red.5' },
      ]}
    />
  );
}

const DONUT_COLORS = ['blue.6', 'teal.6', 'cyan.6', 'grape.6', 'orange.6', 'indigo.6', 'lime.7', 'pink.6', 'gray.6', 'yellow.7'];

/** Money in by channel (positive parts only: a donut cannot draw refunds). */
export function MethodDonut({ rows }: { rows: readonly AmountRow[] }) {
  const data = rows.filter((r) => r.amount > 0).map((r, i) => ({ name: r.text, value: yuan(r.amount), color: DONUT_COLORS[i % DONUT_COLORS.length] }));
  if (data.length === 0) return <Text size="sm" c="dimmed">暂无收款</Text>;
  return <DonutChart data={data} size={150} thickness={22} valueFormatter={yuanLabel} withTooltip tooltipDataSource="segment" mx="auto" />;
}

/** Net by campus as horizontal bars. */
export function SchoolBars({ rows }: { rows: readonly SchoolTotals[] }) {
  if (rows.length === 0) return <Text size="sm" c="dimmed">暂无收据</Text>;
  const data = rows.map((r) => ({ school: r.school_name, 净额: yuan(r.net) }));
  return <BarChart h={Math.max(120, rows.length * 34)} data={data} dataKey="school" orientation="vertical" yAxisProps={{ width: 96 }} valueFormatter={yuanLabel} series={[{ name: '净额', color: 'blue.6' }]} />;
}


/** A table of totals rows (by day or by campus) with a 合计 line. */
export function TotalsTable({ first, rows, total, label }: { first: string; rows: readonly (ReceiptTotals & { key: string })[]; total: ReceiptTotals; label: string }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder fz="xs" verticalSpacing={4} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            <Table.Th {...numberCell}>收费</Table.Th>
            <Table.Th {...numberCell}>退费</Table.Th>
            <Table.Th {...numberCell}>结转/转班</Table.Th>
            <Table.Th {...numberCell}>净额</Table.Th>
            <Table.Th {...numberCell}>收据数</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.key}</Table.Td>
              <Table.Td {...numberCell}>{formatYuan(r.income)}</Table.Td>
              <Table.Td {...numberCell}>{formatYuan(r.refund)}</Table.Td>
              <Table.Td {...numberCell}>{formatYuan(r.carry)}</Table.Td>
              <Table.Td {...numberCell} fw={600}>
                {formatYuan(r.net)}
              </Table.Td>
              <Table.Td {...numberCell}>{r.count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td>合计</Table.Td>
            <Table.Td {...numberCell}>{formatYuan(total.income)}</Table.Td>
            <Table.Td {...numberCell}>{formatYuan(total.refund)}</Table.Td>
            <Table.Td {...numberCell}>{formatYuan(total.carry)}</Table.Td>
            <Table.Td {...numberCell}>{formatYuan(total.net)}</Table.Td>
            <Table.Td {...numberCell}>{total.count}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Amounts by one key (channel, receipt type, account business type) with a 合计 line. */
export function AmountTable({ first, rows, label }: { first: string; rows: readonly AmountRow[]; label: string }) {
  const sum = rows.reduce((a, r) => a + r.amount, 0);
  const count = rows.reduce((a, r) => a + r.count, 0);
  return (
    <Table striped withTableBorder fz="xs" verticalSpacing={4} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{first}</Table.Th>
          <Table.Th {...numberCell}>金额</Table.Th>
          <Table.Th {...numberCell}>笔数</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={3}>
              <Text size="xs" c="dimmed" ta="center">
                暂无数据
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.text}</Table.Td>
              <Table.Td {...numberCell}>{formatYuan(r.amount)}</Table.Td>
              <Table.Td {...numberCell}>{r.count}</Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Td>合计</Table.Td>
          <Table.Td {...numberCell}>{formatYuan(sum)}</Table.Td>
          <Table.Td {...numberCell}>{count}</Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** 分期: what open plans still owe and what is overdue. */
export function InstallmentCard({ f }: { f: InstallmentFigures }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={600} size="sm" mb={6}>
        分期待收
      </Text>
      <SimpleGrid cols={2} spacing="xs">
        <Stat label={`进行中分期 ${f.open_count} 笔 · 未还`} fen={f.owed} />
        <Stat label={`逾期 ${f.overdue_periods} 期`} fen={f.overdue_amount} color={f.overdue_amount > 0 ? 'red.8' : undefined} />
      </SimpleGrid>
    </Card>
  );
}

export function Section({ title, children, right }: { title: string; children: ReactNode; right?: ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb={6}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        {right}
      </Group>
      {children}
    </Card>
  );
}

import { ActionIcon, Button, Group, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatYuan, fenToYuan, yuanToFen } from '../../../lib/format/money';
import { addMonths, splitEvenly, todayDate } from './planSplit';

export interface PeriodDraft {
  due_date: string;
  yuan: number | string;
}

/** The drafts as the calls take them (fen), or the first period's problem in words. */
export function periodsOf(drafts: readonly PeriodDraft[]): { due_date: string; amount: number }[] | string {
  if (drafts.length === 0) return '请先生成分期计划';
  const out: { due_date: string; amount: number }[] = [];
  for (const [i, p] of drafts.entries()) {
    const amount = yuanToFen(p.yuan);
    if (amount === null || amount <= 0) return `第${i + 1}期金额必须大于0`;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(p.due_date)) return `第${i + 1}期还款日格式应为 YYYY-MM-DD`;
    out.push({ due_date: p.due_date, amount });
  }
  return out;
}

/**
 * The periods of a plan being made or changed: `total` fen split into equal monthly parts from a
 * first due date, then each date and amount editable, with their sum against the total shown as
 * it changes (the server checks it again).
 */
export function PeriodsEditor({ total, periods, onChange, onError }: { total: number; periods: PeriodDraft[]; onChange(p: PeriodDraft[]): void; onError(msg: string | null): void }) {
  const [count, setCount] = useState<number | string>(3);
  const [first, setFirst] = useState(addMonths(todayDate(), 1));
  const sum = periods.reduce((s, p) => s + (yuanToFen(p.yuan) ?? 0), 0);
  const split = () => {
    const n = Number(count);
    if (total <= 0) return onError('没有需要分期的金额：请选择尚未全额收款的订单');
    if (!Number.isInteger(n) || n < 1 || n > 36) return onError('期数应为 1 到 36 的整数');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(first)) return onError('首期还款日格式应为 YYYY-MM-DD');
    onError(null);
    onChange(splitEvenly(total, n).map((fen, i) => ({ due_date: addMonths(first, i), yuan: fenToYuan(fen) ?? 0 })));
  };
  const edit = (i: number, change: Partial<PeriodDraft>) => onChange(periods.map((p, j) => (j === i ? { ...p, ...change } : p)));
  return (
    <>
      <Group align="flex-end" wrap="wrap">
        <NumberInput label="期数" value={count} onChange={setCount} min={1} max={36} allowDecimal={false} w={100} />
        <TextInput label="首期还款日" value={first} onChange={(e) => setFirst(e.currentTarget.value)} placeholder="YYYY-MM-DD" w={140} />
        <Button variant="light" onClick={split}>
          按月平均分期
        </Button>
      </Group>
      {periods.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>期次</Table.Th>
              <Table.Th>还款日</Table.Th>
              <Table.Th>金额（元）</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {periods.map((p, i) => (
              <Table.Tr key={i}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>第{i + 1}期</Table.Td>
                <Table.Td>
                  <TextInput size="xs" aria-label={`第${i + 1}期还款日`} value={p.due_date} onChange={(e) => edit(i, { due_date: e.currentTarget.value })} w={120} />
                </Table.Td>
                <Table.Td>
                  <NumberInput size="xs" aria-label={`第${i + 1}期金额`} value={p.yuan} onChange={(v) => edit(i, { yuan: v })} decimalScale={2} min={0} w={130} />
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`删除第${i + 1}期`} onClick={() => onChange(periods.filter((_, j) => j !== i))} disabled={periods.length === 1}>
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </Table.ScrollContainer>
      )}
      {periods.length > 0 && (
        <Text size="sm" c={sum === total ? 'teal' : 'red'} data-testid="plan-sum">
          各期合计 {formatYuan(sum)} 元{sum === total ? '，与分期总额一致' : `，与分期总额 ${formatYuan(total)} 元相差 ${formatYuan(Math.abs(total - sum))} 元`}
        </Text>
      )}
    </>
  );
}

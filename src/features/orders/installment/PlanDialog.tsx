import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { orderDetailCall } from '../../../contract/orders';
import { saveInstallmentCall } from '../../../contract/orders-extras';
import { RefSelect } from '../../../components/options';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { formatYuan, fenToYuan, yuanToFen } from '../../../lib/format/money';
import { addMonths, splitEvenly, todayDate } from './planSplit';

/** Orders a plan may be made for (submitted up to in progress, server/modules/orders/installments.ts). */
const PLANNABLE = '1,2,3,4,5';

interface PeriodDraft {
  due_date: string;
  yuan: number | string;
}

function draftPeriods(unpaid: number, count: number, first: string): PeriodDraft[] {
  return splitEvenly(unpaid, count).map((fen, i) => ({ due_date: addMonths(first, i), yuan: fenToYuan(fen) ?? 0 }));
}

/**
 * 保存分期计划 (and 续费: `renewal`, a renewal order's plan, listed under 分期续费订单): an order
 * still owing money, its unpaid amount split into periods (equal parts a month apart, each date and
 * amount editable); the periods must add up to the unpaid amount, which the dialog shows as it
 * changes and the server checks again.
 */
export function PlanDialog({ renewal, studentId, onClose, onDone }: { renewal: boolean; studentId?: number; onClose(): void; onDone(): void }) {
  const [orderId, setOrderId] = useState('');
  const [count, setCount] = useState<number | string>(3);
  const [first, setFirst] = useState(addMonths(todayDate(), 1));
  const [periods, setPeriods] = useState<PeriodDraft[]>([]);
  const [remark, setRemark] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('保存分期计划失败');
  const detail = useQuery({ queryKey: ['order_form/detail', orderId], enabled: orderId !== '', queryFn: () => callApi(orderDetailCall, { query: { id: Number(orderId) } }) });
  const order = detail.data?.order;
  const unpaid = order ? Number(order.deal_amount ?? 0) - Number(order.paid_amount ?? 0) : 0;
  const sum = periods.reduce((s, p) => s + (yuanToFen(p.yuan) ?? 0), 0);

  const split = () => {
    const n = Number(count);
    if (!order) return setError('请选择订单');
    if (!Number.isInteger(n) || n < 1 || n > 36) return setError('期数应为 1 到 36 的整数');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(first)) return setError('首期还款日格式应为 YYYY-MM-DD');
    setError(null);
    setPeriods(draftPeriods(unpaid, n, first));
  };
  const edit = (i: number, change: Partial<PeriodDraft>) => setPeriods((old) => old.map((p, j) => (j === i ? { ...p, ...change } : p)));
  const confirm = () => {
    if (!order) return setError('请选择订单');
    if (periods.length === 0) return setError('请先生成分期计划');
    const body = periods.map((p, i) => ({ due_date: p.due_date, amount: yuanToFen(p.yuan), no: i + 1 }));
    const bad = body.find((p) => p.amount === null || p.amount <= 0);
    if (bad) return setError(`第${bad.no}期金额必须大于0`);
    void submit(async () => {
      const out = await callApi(saveInstallmentCall, {
        body: { order_id: Number(orderId), total_amount: unpaid, is_renewal: renewal ? 1 : 0, periods: body.map((p) => ({ due_date: p.due_date, amount: p.amount ?? 0 })), ...(remark.trim() ? { remark: remark.trim() } : {}) },
      });
      notifySuccess(`分期计划已保存（分期订单 ${out.id}）`);
      onDone();
    });
  };
  const filters = studentId ? { state: PLANNABLE, student_id: studentId } : { state: PLANNABLE };
  return (
    <Modal opened onClose={onClose} title={renewal ? '续费分期' : '新建分期计划'} size="lg">
      <Stack gap="sm">
        <RefSelect resource="order_form" labels={['order_no', 'student_name']} searchParam="order_no" filters={filters} value={orderId} onChange={(v) => { setOrderId(v); setPeriods([]); }} label="订单" placeholder="输入订单编号搜索" required size="sm" />
        {order && (
          <Text size="sm" data-testid="plan-unpaid">
            成交金额 {formatYuan(order.deal_amount)} 元，已收 {formatYuan(order.paid_amount)} 元，分期总额（未收金额）{formatYuan(unpaid)} 元
          </Text>
        )}
        <Group align="flex-end" wrap="wrap">
          <NumberInput label="期数" value={count} onChange={setCount} min={1} max={36} allowDecimal={false} w={100} />
          <TextInput label="首期还款日" value={first} onChange={(e) => setFirst(e.currentTarget.value)} placeholder="YYYY-MM-DD" w={140} />
          <Button variant="light" onClick={split}>
            按月平均分期
          </Button>
        </Group>
        {periods.length > 0 && (
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
                  <Table.Td>第{i + 1}期</Table.Td>
                  <Table.Td>
                    <TextInput size="xs" aria-label={`第${i + 1}期还款日`} value={p.due_date} onChange={(e) => edit(i, { due_date: e.currentTarget.value })} w={120} />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput size="xs" aria-label={`第${i + 1}期金额`} value={p.yuan} onChange={(v) => edit(i, { yuan: v })} decimalScale={2} min={0} w={130} />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`删除第${i + 1}期`} onClick={() => setPeriods((old) => old.filter((_, j) => j !== i))} disabled={periods.length === 1}>
                      ×
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {periods.length > 0 && (
          <Text size="sm" c={sum === unpaid ? 'teal' : 'red'} data-testid="plan-sum">
            各期合计 {formatYuan(sum)} 元{sum === unpaid ? '，与分期总额一致' : `，与分期总额 ${formatYuan(unpaid)} 元相差 ${formatYuan(Math.abs(unpaid - sum))} 元`}
          </Text>
        )}
        <TextInput label="备注" value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={255} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="保存分期计划" />
      </Stack>
    </Modal>
  );
}

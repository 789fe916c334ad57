import { Alert, List, Modal, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { refundCalculatorCall, refundSubmissionCall } from '../../../contract/orders-extras';
import { PAYOUT_KINDS } from '../../../contract/resources/orders-extras';
import { RefSelect } from '../../../components/options';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { formatYuan, yuanToFen } from '../../../lib/format/money';

/** Orders a refund may be filed for: audited, contract confirmed, in progress, completed (server/modules/orders/refunds.ts). */
const REFUNDABLE = '3,4,5,6';
const hours = (h: number) => (h / 100).toFixed(2);

/**
 * 提交退费: pick the order (given when opened from an order or an installment plan), see the
 * refund calculator's lines and its explanation, choose the reason, relief and payout, and submit:
 * the server numbers the 退费单 and starts its approval (workflow tag refund).
 */
export function RefundFileDialog({ orderId: given, orderLabel, onClose, onDone }: { orderId?: number; orderLabel?: string; onClose(): void; onDone(): void }) {
  const [orderId, setOrderId] = useState(given ? String(given) : '');
  const [reasonId, setReasonId] = useState('');
  const [reliefYuan, setReliefYuan] = useState<number | string>(0);
  const [payout, setPayout] = useState('1');
  const [remark, setRemark] = useState('');
  const relief = yuanToFen(reliefYuan) ?? 0;
  const [debouncedRelief] = useDebouncedValue(relief, 300);
  const { error, setError, busy, submit } = useDialogSubmit('提交退费失败');
  const calc = useQuery({
    queryKey: ['order_refund/calculator', orderId, debouncedRelief],
    enabled: orderId !== '',
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => callApi(refundCalculatorCall, { query: { order_id: Number(orderId), relief: debouncedRelief } }),
  });
  const confirm = () => {
    if (!orderId) return setError('请选择订单');
    if (!reasonId) return setError('请选择退费原因');
    void submit(async () => {
      const out = await callApi(refundSubmissionCall, { body: { order_id: Number(orderId), reason_id: Number(reasonId), relief, payout_kind: Number(payout), ...(remark.trim() ? { remark: remark.trim() } : {}) } });
      notifySuccess(`退费单 ${out.refund_no} 已提交审批，退费金额 ${formatYuan(out.amount)} 元`);
      onDone();
    });
  };
  const c = calc.data;
  return (
    <Modal opened onClose={onClose} title="提交退费" size="xl">
      <Stack gap="sm">
        <RefSelect resource="order_form" labels={['order_no', 'student_name']} searchParam="order_no" filters={{ state: REFUNDABLE }} value={orderId} valueLabel={orderLabel} onChange={setOrderId} label="订单" placeholder="输入订单编号搜索" required size="sm" />
        {calc.error && <Alert color="red">{errorMessage(calc.error, '退费计算失败')}</Alert>}
        {c && (
          <>
            <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder striped fz="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>合同明细</Table.Th>
                  <Table.Th>购买/赠送课时</Table.Th>
                  <Table.Th>剩余课时</Table.Th>
                  <Table.Th>未用购买课时</Table.Th>
                  <Table.Th>课时退费（元）</Table.Th>
                  <Table.Th>赠送扣除（元）</Table.Th>
                  <Table.Th>未用实收（元）</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.lines.map((l) => (
                  <Table.Tr key={l.line_id}>
                    <Table.Td>{l.line_id}</Table.Td>
                    <Table.Td>
                      {hours(l.bought_hours)} / {hours(l.gift_hours)}
                    </Table.Td>
                    <Table.Td>{hours(l.remaining_hours)}</Table.Td>
                    <Table.Td>{hours(l.unused_paid_hours)}</Table.Td>
                    <Table.Td>{formatYuan(l.hours_amount)}</Table.Td>
                    <Table.Td>{formatYuan(l.gift_deduction)}</Table.Td>
                    <Table.Td>{formatYuan(l.paid_left)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            </Table.ScrollContainer>
            <List size="xs" spacing={2}>
              {c.explain.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
            <Text fw={600} data-testid="refund-amount">
              退费金额 {formatYuan(c.amount)} 元（未用实收 {formatYuan(c.paid_left)} 元）
            </Text>
          </>
        )}
        <RefSelect resource="order_refund_detail_reason" labels={['name']} value={reasonId} onChange={setReasonId} label="退费原因" required size="sm" />
        <NumberInput label="减免（元）" value={reliefYuan} onChange={setReliefYuan} decimalScale={2} min={0} />
        <Select label="退款方式" value={payout} onChange={(v) => setPayout(v ?? '1')} data={PAYOUT_KINDS.map((k) => ({ value: String(k.value), label: k.text }))} allowDeselect={false} />
        <TextInput label="说明" value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={255} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="提交退费" />
      </Stack>
    </Modal>
  );
}

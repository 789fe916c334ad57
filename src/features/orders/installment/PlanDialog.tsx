import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { orderDetailCall } from '../../../contract/orders';
import { saveInstallmentCall } from '../../../contract/orders-extras';
import { RefSelect } from '../../../components/options';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { formatYuan } from '../../../lib/format/money';
import { PeriodsEditor, periodsOf, type PeriodDraft } from './PeriodsEditor';

/** Orders a plan may be made for (draft up to in progress, server/modules/orders/installments.ts). */
const PLANNABLE = '1,2,3,4,5';

/**
 * 保存分期计划 (and 续费: `renewal`, a renewal order's plan, listed under 分期续费订单; from a plan
 * its student's orders): an order still owing money and its unpaid amount split into periods.
 */
export function PlanDialog({ renewal, studentId, onClose, onDone }: { renewal: boolean; studentId?: number; onClose(): void; onDone(): void }) {
  const [orderId, setOrderId] = useState('');
  const [periods, setPeriods] = useState<PeriodDraft[]>([]);
  const [remark, setRemark] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('保存分期计划失败');
  const detail = useQuery({ queryKey: ['order_form/detail', orderId], enabled: orderId !== '', queryFn: () => callApi(orderDetailCall, { query: { id: Number(orderId) } }) });
  const order = detail.data?.order;
  const unpaid = order ? Number(order.deal_amount ?? 0) - Number(order.paid_amount ?? 0) : 0;
  const confirm = () => {
    if (!order) return setError('请选择订单');
    const body = periodsOf(periods);
    if (typeof body === 'string') return setError(body);
    void submit(async () => {
      const out = await callApi(saveInstallmentCall, { body: { order_id: Number(orderId), total_amount: unpaid, is_renewal: renewal ? 1 : 0, periods: body, ...(remark.trim() ? { remark: remark.trim() } : {}) } });
      notifySuccess(`分期计划已保存（分期订单 ${out.id}）`);
      onDone();
    });
  };
  const filters: Record<string, string | number> = studentId ? { state: PLANNABLE, student_id: studentId } : { state: PLANNABLE };
  return (
    <Modal opened onClose={onClose} title={renewal ? '续费分期' : '新建分期计划'} size="lg">
      <Stack gap="sm">
        <RefSelect
          resource="order_form"
          labels={['order_no', 'student_name']}
          searchParam="order_no"
          filters={filters}
          value={orderId}
          onChange={(v) => {
            setOrderId(v);
            setPeriods([]);
          }}
          label="订单"
          placeholder="输入订单编号搜索"
          required
          size="sm"
        />
        {order && (
          <Text size="sm" data-testid="plan-unpaid">
            成交金额 {formatYuan(order.deal_amount)} 元，已收 {formatYuan(order.paid_amount)} 元，分期总额（未收金额）{formatYuan(unpaid)} 元
          </Text>
        )}
        <PeriodsEditor total={unpaid} periods={periods} onChange={setPeriods} onError={setError} />
        <TextInput label="备注" value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={255} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="保存分期计划" />
      </Stack>
    </Modal>
  );
}

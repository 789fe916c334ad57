import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { terminateInstallmentCall } from '../../../contract/orders-extras';
import { orderDetailCall } from '../../../contract/orders';
import { useQuery } from '@tanstack/react-query';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { formatYuan } from '../../../lib/format/money';

/**
 * 终止分期: says what happens before it is sent — the periods still owed stop, the order ends
 * (已终止), and what the order has received goes back to the student's account with a 退费 receipt.
 */
export function TerminateDialog({ id, orderId, owed, onClose, onDone }: { id: number; orderId: number; owed: number; onClose(): void; onDone(): void }) {
  // the order's received money (a deposit paid before the plan and the plan's repayments) is what goes back
  const order = useQuery({ queryKey: ['order_form/detail', orderId], queryFn: () => callApi(orderDetailCall, { query: { id: orderId } }) });
  const orderPaid = Number(order.data?.order.paid_amount ?? 0);
  const [note, setNote] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('终止分期失败');
  const confirm = () => {
    if (!note.trim()) return setError('请输入终止原因');
    void submit(async () => {
      const out = await callApi(terminateInstallmentCall, { body: { id, note: note.trim() } });
      notifySuccess(out.receipt_no ? `分期已终止，${formatYuan(out.returned)} 元已退至学员账户（收据 ${out.receipt_no}）` : '分期已终止，订单已终止');
      onDone();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`终止分期（分期订单 ${id}）`}>
      <Stack>
        <Alert color="orange" title="终止后不可恢复">
          <Text size="sm">未还的 {formatYuan(owed)} 元不再收取，剩余期次改为已终止，订单将变为「已终止」。</Text>
          <Text size="sm">{!order.data ? '正在读取订单已收金额…' : orderPaid > 0 ? `订单已收的 ${formatYuan(orderPaid)} 元退至学员账户，并开具退费收据。` : '订单尚未收款，没有需要退回的金额。'}</Text>
        </Alert>
        <Textarea label="终止原因" required value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={255} autosize minRows={2} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="确认终止" />
      </Stack>
    </Modal>
  );
}

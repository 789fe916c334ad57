import { Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { transferOrderCall } from '../../contract/orders-transfer';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { RefSelect } from '../../components/options';
import { hoursText } from './OrderDetail';
import { OrderHoldingsTable, useOrderHoldings } from './OrderHoldings';

/** 转让订单: the order's hours and money left go to another student of the same campus. */
export function TransferOrderDialog({ id, orderNo, onClose, onDone }: { id: number; orderNo: string; onClose(): void; onDone(): void }) {
  const info = useOrderHoldings(id);
  const [studentId, setStudentId] = useState('');
  const [reason, setReason] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('转让失败');
  const confirm = () => {
    if (!studentId) return setError('请选择转入学员');
    if (!reason.trim()) return setError('请输入转让原因');
    void submit(async () => {
      const out = await callApi(transferOrderCall, { body: { id, to_student_id: Number(studentId), reason: reason.trim() } });
      notifySuccess(`订单已转让，转出 ${hoursText(out.hours)} 课时`);
      onDone();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`转让订单 ${orderNo}`} size="lg">
      <Stack>
        <OrderHoldingsTable holdings={info.data} error={info.error} />
        <RefSelect resource="student" labels={['name']} value={studentId} onChange={setStudentId} label="转入学员" size="sm" required filters={info.data ? { school_id: info.data.school_id } : undefined} />
        <Textarea label="转让原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={255} required />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="确认转让" />
      </Stack>
    </Modal>
  );
}

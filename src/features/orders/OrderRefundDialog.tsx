import { Alert, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { refundCalculatorCall, refundSubmissionCall } from '../../contract/orders-extras';
import { PAYOUT_KINDS } from '../../contract/resources/orders-extras';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { RefSelect } from '../../components/options';
import { formatYuan, yuanToFen } from '../../lib/format/money';

/**
 * 退费 (completed / refund): the refund calculator for the order (unused paid hours at the real unit
 * price, used gifts at list price, the campus's service charge of the payout channel, relief) and
 * 提交退费, which numbers the 退费单 and starts its approval.
 */
export function OrderRefundDialog({ id, orderNo, onClose, onDone }: { id: number; orderNo: string; onClose(): void; onDone(): void }) {
  const [payoutKind, setPayoutKind] = useState('1');
  const [reliefYuan, setReliefYuan] = useState<number | string>('');
  const [reasonId, setReasonId] = useState('');
  const [remark, setRemark] = useState('');
  const relief = reliefYuan === '' ? 0 : (yuanToFen(reliefYuan) ?? 0);
  const q = useQuery({
    queryKey: ['order_refund/calculator', id, payoutKind, relief],
    queryFn: () => callApi(refundCalculatorCall, { query: { order_id: id, relief, payout_kind: Number(payoutKind) } }),
  });
  const { error, setError, busy, submit } = useDialogSubmit('提交退费失败');
  const confirm = () => {
    if (!reasonId) return setError('请选择退费原因');
    void submit(async () => {
      const out = await callApi(refundSubmissionCall, { body: { order_id: id, reason_id: Number(reasonId), relief, payout_kind: Number(payoutKind), remark: remark.trim() || undefined } });
      notifySuccess(`已提交退费单 ${out.refund_no}，退费 ${formatYuan(out.amount)} 元，等待审批`);
      onDone();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`退费 ${orderNo}`} size="lg">
      <Stack>
        <Select label="退款方式" required value={payoutKind} onChange={(v) => setPayoutKind(v ?? '1')} data={PAYOUT_KINDS.map((k) => ({ value: String(k.value), label: k.text }))} allowDeselect={false} />
        <NumberInput label="减免（元）" value={reliefYuan} onChange={setReliefYuan} decimalScale={2} min={0} />
        {q.error && <Alert color="red">{errorMessage(q.error, '退费计算失败')}</Alert>}
        {q.data && (
          <Alert color="blue" title={`退费金额 ${formatYuan(q.data.amount)} 元`} data-testid="refund-calculation">
            {q.data.explain.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Alert>
        )}
        <RefSelect resource="order_refund_detail_reason" labels={['name']} value={reasonId} onChange={setReasonId} label="退费原因" size="sm" required />
        <Textarea label="说明" value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={255} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="提交退费" />
      </Stack>
    </Modal>
  );
}

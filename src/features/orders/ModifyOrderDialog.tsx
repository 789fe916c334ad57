import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import type { AnswerOf } from '../../contract/call';
import { modifyOrderCall, orderDetailCall } from '../../contract/orders';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { RefSelect } from '../../components/options';
import { AmendmentHistory } from './AmendmentHistory';

/**
 * 订单变更 (completed / modify): an audited order is never edited; the change (销售顾问, 备注) is a
 * new version with its reason and who made it, and the history of earlier versions shows below.
 * The form opens once the order is read, seeded from it once: typed on a slow line before the
 * order arrived, a 备注 was overwritten by the stored one when it did (and by every refetch).
 */
export function ModifyOrderDialog({ id, orderNo, onClose, onDone }: { id: number; orderNo: string; onClose(): void; onDone(): void }) {
  const q = useQuery({ queryKey: ['order_form/detail', id], queryFn: () => callApi(orderDetailCall, { query: { id } }) });
  return (
    <Modal opened onClose={onClose} title={`订单变更 ${orderNo}`} size="lg">
      {q.data ? (
        <ModifyOrderForm id={id} detail={q.data} onClose={onClose} onDone={onDone} />
      ) : q.error ? (
        <Alert color="red">{errorMessage(q.error, '读取订单失败')}</Alert>
      ) : (
        <Text size="sm" c="dimmed">
          加载中…
        </Text>
      )}
    </Modal>
  );
}

function ModifyOrderForm({ id, detail, onClose, onDone }: { id: number; detail: AnswerOf<typeof orderDetailCall>; onClose(): void; onDone(): void }) {
  const order = detail.order;
  const [sellerId, setSellerId] = useState(() => (order.seller_id ? String(order.seller_id) : ''));
  const [remark, setRemark] = useState(() => String(order.remark ?? ''));
  const [reason, setReason] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('订单变更失败');
  const confirm = () => {
    if (!reason.trim()) return setError('请输入变更原因');
    void submit(async () => {
      const out = await callApi(modifyOrderCall, { body: { id, reason: reason.trim(), seller_id: sellerId ? Number(sellerId) : null, remark: remark.trim() || null } });
      notifySuccess(`订单已变更为第 ${out.version} 版`);
      onDone();
    });
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        已审核的订单不直接修改：变更生成新版本（当前第 {String(order.version)} 版），记录原因和操作人。
      </Text>
      <RefSelect resource="sys_user" labels={['name']} value={sellerId} valueLabel={String(order.seller_name ?? '')} onChange={setSellerId} label="销售顾问" size="sm" />
      <Textarea label="备注" value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={500} />
      <Textarea label="变更原因" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} data-testid="modify-reason" />
      <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="确认变更" />
      <AmendmentHistory logs={detail.logs} />
    </Stack>
  );
}

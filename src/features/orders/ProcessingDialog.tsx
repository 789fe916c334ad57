import { Modal, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { checkOrderCall } from '../../contract/orders';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';

/** 审核订单 (component: processing): pass or refuse a submitted order with a remark. */
export function ProcessingDialog({ id, orderNo, onClose, onDone }: { id: number; orderNo: string; onClose(): void; onDone(): void }) {
  const [pass, setPass] = useState('1');
  const [remark, setRemark] = useState('');
  const { error, busy, submit } = useDialogSubmit('审核失败');
  const confirm = () =>
    submit(async () => {
      await callApi(checkOrderCall, { body: { id, pass: Number(pass), remark: remark || null } });
      notifySuccess(pass === '1' ? '审核通过' : '已设为未通过');
      onDone();
    });
  return (
    <Modal opened onClose={onClose} title={`审核订单 ${orderNo}`}>
      <Stack>
        <SegmentedControl value={pass} onChange={setPass} data={[{ value: '1', label: '通过' }, { value: '0', label: '不通过' }]} />
        <Textarea label="审核意见" value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={255} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={() => void confirm()} />
      </Stack>
    </Modal>
  );
}

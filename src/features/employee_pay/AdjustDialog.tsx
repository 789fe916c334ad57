import { Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { PAY_CALLS, type PayKind, type PayRow } from '../../contract/employee_pay';
import { yuanToFen } from '../../lib/format/money';
import { yuan } from './format';

/** 更正 of a locked line: the corrected amount and the reason; the server appends a reversing and a correcting row. */
export function AdjustDialog({ kind, row, onClose, onDone }: { kind: PayKind; row: PayRow; onClose: () => void; onDone: () => void }) {
  const [amount, setAmount] = useState<string | number>(row.total / 100);
  const [reason, setReason] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('更正失败');
  const save = () => {
    const fen = yuanToFen(amount);
    if (fen === null) return setError('请输入更正后金额（元，最多两位小数）');
    if (!reason.trim()) return setError('请输入更正原因');
    if (row.line_id === null) return setError('该月尚未确认，无需更正');
    const lineId = row.line_id;
    void submit(async () => {
      await callApi(PAY_CALLS[kind].adjust, { body: { line_id: lineId, amount: fen, reason: reason.trim() } });
      notifySuccess('已更正');
      onDone();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`更正 ${row.user_name} ${row.month}`} size="sm">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          当前应发 {yuan(row.total)}。已确认的薪酬不会被修改：系统追加一行冲销当前金额、一行按更正后金额发放，并记录原因。
        </Text>
        <NumberInput label="更正后金额（元）" size="xs" decimalScale={2} value={amount} onChange={setAmount} required />
        <Textarea label="更正原因" size="xs" maxLength={200} value={reason} onChange={(e) => setReason(e.currentTarget.value)} required autosize minRows={2} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={save} confirmLabel="更正" />
      </Stack>
    </Modal>
  );
}

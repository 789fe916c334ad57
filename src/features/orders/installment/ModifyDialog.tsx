import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { modifyInstallmentCall } from '../../../contract/orders-extras';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { formatYuan } from '../../../lib/format/money';
import { PeriodsEditor, periodsOf, type PeriodDraft } from './PeriodsEditor';

/**
 * 修改分期计划 (installment / modify): a new schedule for what the plan still owes; the periods
 * paid stay, one partly paid is closed at what it received, the change and its reason are logged.
 */
export function ModifyDialog({ id, owed, onClose, onDone }: { id: number; owed: number; onClose(): void; onDone(): void }) {
  const [periods, setPeriods] = useState<PeriodDraft[]>([]);
  const [note, setNote] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('修改分期计划失败');
  const confirm = () => {
    const body = periodsOf(periods);
    if (typeof body === 'string') return setError(body);
    if (!note.trim()) return setError('请输入修改原因');
    void submit(async () => {
      const out = await callApi(modifyInstallmentCall, { body: { id, periods: body, note: note.trim() } });
      notifySuccess(`分期计划已修改，下期还款日 ${out.next_due_date}`);
      onDone();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`修改分期计划（分期订单 ${id}）`} size="lg">
      <Stack gap="sm">
        <Text size="sm">未还金额 {formatYuan(owed)} 元重新分期；已还的期次保留，部分还款的期次按已还金额结清。</Text>
        <PeriodsEditor total={owed} periods={periods} onChange={setPeriods} onError={setError} />
        <Textarea label="修改原因" required value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={255} autosize minRows={2} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="保存修改" />
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { transferCampusAuditedCall, transferCampusCall } from '../../contract/orders-transfer';
import { CAMPUS_TRANSFER_STATE, CAMPUS_TRANSFER_STATES } from '../../contract/resources/orders-transfer';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { useHasPermission } from '../../components/session';
import { hoursText } from './OrderDetail';
import { OrderHoldingsTable, useOrderHoldings } from './OrderHoldings';

const stateText = (s: number) => CAMPUS_TRANSFER_STATES.find((o) => o.value === s)?.text ?? String(s);

/**
 * 转校区 (audited / transfer campus): asks for the order to move to another campus of the caller's
 * reach (an approval of 流程管理 decides), and once approved carries it out (执行转校区).
 */
export function TransferCampusDialog({ id, orderNo, onClose, onDone }: { id: number; orderNo: string; onClose(): void; onDone(): void }) {
  const info = useOrderHoldings(id);
  const can = useHasPermission();
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('转校区失败');
  const latest = info.data?.latest ?? null;
  const open = latest !== null && (latest.state === CAMPUS_TRANSFER_STATE.approving || latest.state === CAMPUS_TRANSFER_STATE.approved);
  const ask = () => {
    if (!schoolId) return setError('请选择转入校区');
    if (!reason.trim()) return setError('请输入转校区原因');
    void submit(async () => {
      const out = await callApi(transferCampusCall, { body: { id, to_school_id: Number(schoolId), reason: reason.trim() } });
      notifySuccess(`已提交转校区申请 ${out.transfer_no}，审批通过后执行`);
      onDone();
    });
  };
  const carryOut = () =>
    latest &&
    void submit(async () => {
      const out = await callApi(transferCampusAuditedCall, { body: { id: latest.id } });
      notifySuccess(`已转校区，转移 ${hoursText(out.hours)} 课时`);
      onDone();
    });
  return (
    <Modal opened onClose={onClose} title={`转校区 ${orderNo}`} size="lg">
      <Stack>
        <OrderHoldingsTable holdings={info.data} error={info.error} />
        {latest && (
          <Alert color={latest.state === CAMPUS_TRANSFER_STATE.approved ? 'green' : 'blue'}>
            转校区申请 {latest.transfer_no ?? ''}：转至 {latest.to_school_name ?? ''}，{stateText(latest.state)}
          </Alert>
        )}
        {latest?.state === CAMPUS_TRANSFER_STATE.approved ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            {can('order_form_transfer_campus_audited') && (
              <Button loading={busy} onClick={carryOut}>
                执行转校区
              </Button>
            )}
          </Group>
        ) : open ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              关闭
            </Button>
          </Group>
        ) : (
          <>
            <Select label="转入校区" required value={schoolId} onChange={setSchoolId} data={(info.data?.schools ?? []).map((s) => ({ value: String(s.id), label: s.name }))} nothingFoundMessage="没有可转入的校区" />
            <Textarea label="转校区原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={255} required />
            <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={ask} confirmLabel="提交申请" />
          </>
        )}
        {latest?.state === CAMPUS_TRANSFER_STATE.approved && error && <Alert color="red">{error}</Alert>}
      </Stack>
    </Modal>
  );
}

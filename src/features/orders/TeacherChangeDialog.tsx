import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { modifyRawTeacherCall } from '../../contract/orders';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { RefSelect } from '../../components/options';

/** 更换班主任 (component: ta change): the order's 班主任, recorded in the order's history; the same teacher again changes nothing. */
export function TeacherChangeDialog({ id, orderNo, current, onClose, onDone }: { id: number; orderNo: string; current: string; onClose(): void; onDone(): void }) {
  const [teacherId, setTeacherId] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('更换班主任失败');
  const confirm = () => {
    if (!teacherId) return setError('请选择新班主任');
    void submit(async () => {
      const out = await callApi(modifyRawTeacherCall, { query: { id, teacher_id: Number(teacherId) } });
      notifySuccess(out.changed ? '班主任已更换' : '班主任未变化');
      onDone();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`更换班主任 ${orderNo}`}>
      <Stack>
        <Text size="sm">当前班主任：{current || '未指定'}</Text>
        <RefSelect resource="sys_user" labels={['name']} value={teacherId} onChange={setTeacherId} label="新班主任" size="sm" required />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="确认更换" />
      </Stack>
    </Modal>
  );
}

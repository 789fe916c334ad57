import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OptionInput } from '../../../components/options';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { fetchClassProgress } from '../api';
import { CLASS_SOURCE } from '../pickers/sources';
import { transfer } from './classApi';

/** 转班: moves one student of this class to another (ct_transfer/add withdraws and joins). */
interface From {
  id: number;
  name: string;
}

export function TransferDialog({ from, onClose, onDone }: { from: From | null; onClose: () => void; onDone: () => void }) {
  return (
    <Modal opened={from !== null} onClose={onClose} title={`转班：${from?.name ?? ''}`} centered>
      {from && <TransferForm key={from.id} from={from} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function TransferForm({ from, onClose, onDone }: { from: From; onClose: () => void; onDone: () => void }) {
  const students = useQuery({ queryKey: ['edu-class-progress', from.id], queryFn: () => fetchClassProgress(from.id) });
  const [student, setStudent] = useState('');
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('转班失败');
  const save = () => {
    if (!student) return setError('请选择学员');
    if (!target) return setError('请选择新班级');
    if (Number(target) === from.id) return setError('新班级不能与原班级相同');
    void submit(async () => {
      await transfer({ student_id: Number(student), from_class_id: from.id, to_class_id: Number(target), reason: reason || undefined });
      notifySuccess('转班成功');
      onDone();
      onClose();
    });
  };
  return (
    <Stack>
      <Select
        label="学员"
        required
        searchable
        data={(students.data?.students ?? []).map((s) => ({ value: String(s.student_id), label: `${s.name}（剩余 ${s.remaining_hours} 课时）` }))}
        value={student || null}
        onChange={(v) => setStudent(v ?? '')}
        placeholder={students.isPending ? '加载中…' : '请选择'}
      />
      <OptionInput kind="select" source={CLASS_SOURCE} label="新班级" required value={target} onChange={setTarget} size="sm" />
      <TextInput label="转班原因" maxLength={255} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
      <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={save} confirmLabel="确定转班" />
    </Stack>
  );
}

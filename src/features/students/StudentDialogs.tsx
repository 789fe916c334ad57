import { Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../api/client';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { STUDENT_STATES } from '../../contract/resources/students';
import { STATE_TRANSITIONS } from '../../contract/students';
import { studentsApi } from './api';

export type StudentDialogKind = 'state' | 'freeze' | 'stop' | 'addPoints' | 'reducePoints';

export interface DialogStudent {
  id: number;
  name: string;
  state: number;
  integral?: number;
}

const TITLES: Record<StudentDialogKind, string> = { state: '变更状态', freeze: '冻结申请', stop: '停课申请', addPoints: '增加积分', reducePoints: '扣减积分' };

const stateText = (v: number) => STUDENT_STATES.find((s) => s.value === v)?.text ?? '';

/**
 * The student's own dialogs: change of state (only the changes the life cycle allows are offered),
 * freeze and stop-class applies, and points. Each posts its declared call; the server's message
 * stays in the dialog on failure.
 */
export function StudentDialog({ kind, student, onClose }: { kind: StudentDialogKind; student: DialogStudent; onClose: (saved: boolean) => void }) {
  const { error, setError, busy, submit } = useDialogSubmit(`${TITLES[kind]}失败`);
  const [state, setState] = useState<string | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [days, setDays] = useState<number | string>('');
  const [points, setPoints] = useState<number | string>('');
  const [reason, setReason] = useState('');

  const targets = (STATE_TRANSITIONS[student.state] ?? []).map((v) => ({ value: String(v), label: stateText(v) }));
  const confirm = () =>
    submit(async () => {
      if (kind === 'state') {
        if (!state) return setError('请选择新状态');
        await api.post('api/v1/student/change_state', { id: student.id, state: Number(state) });
      } else if (kind === 'freeze') {
        await studentsApi.applyFreeze({ student_id: student.id, start_date: start, end_date: end, reason });
      } else if (kind === 'stop') {
        await api.post('api/v1/student_stop_apply/add', { student_id: student.id, start_date: start, days: days === '' ? undefined : Number(days), reason });
      } else {
        const body = { student_id: student.id, points: points === '' ? 0 : Number(points), reason };
        await (kind === 'addPoints' ? studentsApi.addPoints(body) : studentsApi.reducePoints(body));
      }
      notifySuccess(kind === 'freeze' || kind === 'stop' ? '申请已提交，等待审核' : '操作成功');
      onClose(true);
    });

  return (
    <Modal opened onClose={() => onClose(false)} title={`${TITLES[kind]}：${student.name}`} size="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          当前状态：{stateText(student.state)}
          {student.integral !== undefined ? `　当前积分：${student.integral}` : ''}
        </Text>
        {kind === 'state' &&
          (targets.length ? (
            <Select label="新状态" data={targets} value={state} onChange={setState} placeholder="请选择新状态" />
          ) : (
            <Text size="sm">该状态不能直接变更（冻结学员请在冻结学员中解冻或撤回）。</Text>
          ))}
        {(kind === 'freeze' || kind === 'stop') && <TextInput type="date" label={kind === 'freeze' ? '冻结开始日期' : '停课开始日期'} value={start} onChange={(e) => setStart(e.currentTarget.value)} required />}
        {kind === 'freeze' && <TextInput type="date" label="冻结结束日期" value={end} onChange={(e) => setEnd(e.currentTarget.value)} required />}
        {kind === 'stop' && <NumberInput label="停课天数" min={1} max={366} value={days} onChange={setDays} required />}
        {(kind === 'addPoints' || kind === 'reducePoints') && <NumberInput label="积分" min={1} max={100000} value={points} onChange={setPoints} required />}
        {kind !== 'state' && <TextInput label={kind === 'freeze' ? '冻结原因' : kind === 'stop' ? '停课原因' : '原因'} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={255} required />}
        <DialogActions error={error} busy={busy} onCancel={() => onClose(false)} onConfirm={() => void confirm()} />
      </Stack>
    </Modal>
  );
}

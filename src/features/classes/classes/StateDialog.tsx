import { Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { CLASS_STATES } from '../../../contract/resources/classes';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { updateClassState } from './classApi';

/** 修改班级状态 of one or more classes (update_cm_state). */
interface Props {
  ids: number[] | null;
  current?: number;
  onClose: () => void;
  onDone: () => void;
}

export function StateDialog(props: Props) {
  const { ids, onClose } = props;
  return (
    <Modal opened={ids !== null} onClose={onClose} title={ids && ids.length > 1 ? `修改 ${ids.length} 个班级的状态` : '修改班级状态'} centered size="sm">
      {ids && <StateForm key={ids.join(',')} {...props} ids={ids} />}
    </Modal>
  );
}

function StateForm({ ids, current, onClose, onDone }: Props & { ids: number[] }) {
  const [state, setState] = useState(current ? String(current) : '');
  const { error, setError, busy, submit } = useDialogSubmit();
  const save = () => {
    if (!state) return setError('请选择班级状态');
    void submit(async () => {
      await updateClassState(ids, Number(state));
      notifySuccess('班级状态已修改');
      onDone();
      onClose();
    });
  };
  return (
    <Stack>
      <Select label="班级状态" required data={CLASS_STATES.map((s) => ({ value: String(s.value), label: s.text }))} value={state || null} onChange={(v) => setState(v ?? '')} />
      <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={save} />
    </Stack>
  );
}

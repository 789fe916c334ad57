import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { CLASS_STATES } from '../../../contract/resources/classes';
import { notifySuccess } from '../../../components/feedback';
import { errorMessage } from '../../../api/client';
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!state) return setError('请选择班级状态');
    setBusy(true);
    try {
      await updateClassState(ids, Number(state));
      notifySuccess('班级状态已修改');
      onDone();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Select label="班级状态" required data={CLASS_STATES.map((s) => ({ value: String(s.value), label: s.text }))} value={state || null} onChange={(v) => setState(v ?? '')} />
      {error && <Alert color="red">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          取消
        </Button>
        <Button onClick={() => void save()} loading={busy}>
          确定
        </Button>
      </Group>
    </Stack>
  );
}

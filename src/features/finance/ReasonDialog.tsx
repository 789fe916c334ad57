import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogActions, useDialogSubmit } from '../../components/feedback';

/** Asks for the reason of an undo (冲正, 作废) and runs it; the reason is required. */
export function ReasonDialog({ title, question, label, run, onClose }: { title: string; question: string; label: string; run: (reason: string) => Promise<void>; onClose: (done: boolean) => void }) {
  const { error, busy, submit } = useDialogSubmit('操作失败');
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={() => onClose(false)} title={title}>
      <Stack gap="sm">
        <Text size="sm">{question}</Text>
        <TextInput label={label} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} required data-autofocus />
        <DialogActions
          error={error}
          busy={busy}
          onCancel={() => onClose(false)}
          onConfirm={() =>
            void submit(async () => {
              await run(reason.trim());
              onClose(true);
            })
          }
        />
      </Stack>
    </Modal>
  );
}

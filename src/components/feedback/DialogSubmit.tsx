import { Alert, Button, Group } from '@mantine/core';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/client';

/**
 * A dialog's save: `submit(work)` runs the work with the confirm button loading; a failure stays
 * in the dialog as `error` (the server's message, else `failure`) so what was typed is kept.
 * `setError` shows a check's message before anything is sent.
 */
export function useDialogSubmit(failure?: string) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = useCallback(
    async (work: () => Promise<void>) => {
      setError(null);
      setBusy(true);
      try {
        await work();
      } catch (e) {
        setError(errorMessage(e, failure));
      } finally {
        setBusy(false);
      }
    },
    [failure],
  );
  return { error, setError, busy, submit };
}

/** The foot of a dialog form: its error, then 取消 and the confirm button. */
export function DialogActions({
  error,
  busy,
  onCancel,
  onConfirm,
  confirmLabel = '确定',
}: {
  error: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel?: string;
}) {
  return (
    <>
      {error && <Alert color="red">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          取消
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}

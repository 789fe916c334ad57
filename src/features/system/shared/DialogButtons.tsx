import { Button, Group } from '@mantine/core';

/**
 * The compact 取 消 / 确 定 row closing the system screens' dialogs (spaced labels, as the spec's
 * screens write them). Without `onConfirm` the confirm button submits the dialog's form.
 */
export function DialogButtons({
  onCancel,
  onConfirm,
  confirmLabel = '确 定',
  loading = false,
  disabled = false,
  justify = 'flex-end',
}: {
  onCancel: () => void;
  onConfirm?: () => void;
  confirmLabel?: string;
  loading?: boolean;
  disabled?: boolean;
  /** `false` when the row sits inside a row of its own (the grant dialog's footer) */
  justify?: 'flex-end' | false;
}) {
  return (
    <Group justify={justify || undefined} gap="xs">
      <Button size="xs" variant="default" onClick={onCancel}>
        取 消
      </Button>
      <Button size="xs" type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} loading={loading} disabled={disabled}>
        {confirmLabel}
      </Button>
    </Group>
  );
}

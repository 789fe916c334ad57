import { Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FieldDef } from '../../contract/resource';
import { FieldInput, type FormValue } from './FieldInput';
import { DialogActions, useDialogSubmit } from '../feedback';

export interface FieldsDialogProps {
  title: string | null;
  fields: Readonly<Record<string, FieldDef>>;
  initial?: Readonly<Record<string, FormValue>>;
  confirmLabel?: string;
  onClose: () => void;
  /** sends the values; a failure stays in the dialog with the server's message */
  onSubmit: (values: Record<string, FormValue>) => Promise<void>;
}

/** A small dialog of declared fields for a row action (绑定学员, 转校区, 处理差异 …). */
export function FieldsDialog({ title, fields, initial, confirmLabel, onClose, onSubmit }: FieldsDialogProps) {
  const [values, setValues] = useState<Record<string, FormValue>>({});
  const { error, setError, busy, submit } = useDialogSubmit();
  useEffect(() => {
    if (title !== null) {
      setValues({ ...initial });
      setError(null);
    }
  }, [title, initial, setError]);
  const confirm = () => {
    const missing = Object.entries(fields).find(([k, f]) => f.required && (values[k] === null || values[k] === undefined || values[k] === ''));
    if (missing) return setError(`请填写${missing[1].label}`);
    void submit(async () => {
      await onSubmit(values);
      onClose();
    });
  };
  return (
    <Modal opened={title !== null} onClose={onClose} title={title ?? ''} size="md">
      <Stack gap="sm">
        {Object.entries(fields).map(([name, field]) => (
          <FieldInput key={name} name={name} field={field} value={values[name] ?? null} onChange={(v) => setValues((old) => ({ ...old, [name]: v }))} />
        ))}
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel={confirmLabel} />
      </Stack>
    </Modal>
  );
}

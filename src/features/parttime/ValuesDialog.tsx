import { Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FieldDef } from '../../contract/resource';
import { FieldInput, type FormValue } from '../../components/ResourcePage';
import { DialogActions, useDialogSubmit } from '../../components/feedback';

export type Values = Record<string, FormValue>;

/** The dialog of a part-time row action: declared fields, the server's message shown in place. */
export function ValuesDialog(props: { title: string | null; fields: Readonly<Record<string, FieldDef>>; initial?: Values; onClose: () => void; onSubmit: (v: Values) => Promise<void> }) {
  const { title, fields, initial, onClose, onSubmit } = props;
  const [values, setValues] = useState<Values>({});
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
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} />
      </Stack>
    </Modal>
  );
}

/** A form value as the call's body wants it: '' and null are left out. */
export function optional(v: FormValue | undefined): string | number | undefined {
  return v === null || v === undefined || v === '' ? undefined : v;
}

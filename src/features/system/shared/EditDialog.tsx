import { Modal, Stack, type ModalProps } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { postWrite } from '../../../components/feedback';
import { useFormState, type FormErrors } from './formState';
import { DialogButtons } from './DialogButtons';

export interface EditDialogConfig<V> {
  /** null: closed; a value without `id`: new; with `id`: edit */
  initial: V | null;
  empty: () => V;
  validate: (v: V) => FormErrors<V>;
  body: (v: V) => unknown;
  addUrl: string;
  updateUrl: string;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * State of a hand-written add/edit dialog: the form is filled from `initial` when it opens,
 * validated on submit, posted to the add or update call with the spec's messages
 * (创建成功/创建失败, 修改成功/修改失败), and reset when it closes.
 */
export function useEditDialog<V extends Record<string, unknown> & { id?: number }>(cfg: EditDialogConfig<V>) {
  const form = useFormState<V>(cfg.empty());
  const [saving, setSaving] = useState(false);
  const editing = cfg.initial?.id !== undefined;
  const { reset } = form;
  useEffect(() => {
    if (cfg.initial) reset(cfg.initial);
  }, [cfg.initial, reset]);
  const close = () => {
    reset(cfg.empty());
    cfg.onClose();
  };
  const submit = async () => {
    if (!form.check(cfg.validate, form.values)) return;
    setSaving(true);
    let done: unknown;
    try {
      done = editing
        ? await postWrite(cfg.updateUrl, cfg.body(form.values), '修改成功', '修改失败')
        : await postWrite(cfg.addUrl, cfg.body(form.values), '创建成功', '创建失败');
    } finally {
      setSaving(false);
    }
    if (done) {
      cfg.onSaved();
      close();
    }
  };
  return { form, editing, saving, close, submit };
}

/** The modal, form and 取 消 / 确 定 footer around a dialog's fields. */
export function EditDialogFrame({
  opened,
  title,
  size,
  saving,
  submitDisabled = false,
  onClose,
  onSubmit,
  children,
}: {
  opened: boolean;
  title: string;
  size: ModalProps['size'];
  saving: boolean;
  /** e.g. while an attachment is still uploading */
  submitDisabled?: boolean;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        <Stack gap="xs">
          {children}
          <DialogButtons onCancel={onClose} loading={saving} disabled={submitDisabled} />
        </Stack>
      </form>
    </Modal>
  );
}

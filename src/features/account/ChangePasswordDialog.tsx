import { useEffect, useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { modifyPasswordSchema, PASSWORD_RULE_MSG } from '../../contract/session';
import { modifyPassword } from '../../api/session';
import { errorMessage } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/feedback';
import { firstIssuePerField } from '../../lib/field-errors';

type Field = 'origin' | 'new' | 'confirm';
const EMPTY: Record<Field, string> = { origin: '', new: '', confirm: '' };

interface Props {
  opened: boolean;
  /** first sign-in of a production administrator: cannot be dismissed */
  forced?: boolean;
  onClose(): void;
  onChanged?(): void;
  /** the way out of a forced change (a user who cannot change it now signs out) */
  onLogout?(): void;
}

export function ChangePasswordDialog({ opened, forced = false, onClose, onChanged, onLogout }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setValues(EMPTY);
      setErrors({});
    }
  }, [opened]);

  // The value is read while the event is live: React may run the updater after the event is gone.
  const set = (k: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  async function submit() {
    const parsed = modifyPasswordSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssuePerField<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await modifyPassword(parsed.data);
      notifySuccess('修改成功');
      onChanged?.();
      onClose();
    } catch (e) {
      notifyError(errorMessage(e, '修改失败'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={forced ? () => undefined : onClose}
      withCloseButton={!forced}
      closeOnClickOutside={!forced}
      closeOnEscape={!forced}
      title="修改密码"
      size="sm"
    >
      <Stack gap="sm">
        {forced ? (
          <Text size="sm" c="orange.8">
            首次登录或密码被重置后，请先设置自己的新密码。
          </Text>
        ) : null}
        <PasswordInput label="原密码" withAsterisk placeholder="请输入原密码" value={values.origin} onChange={set('origin')} error={errors.origin} autoComplete="current-password" />
        <PasswordInput
          label="新密码"
          withAsterisk
          placeholder="请输入新密码"
          description={PASSWORD_RULE_MSG}
          value={values.new}
          onChange={set('new')}
          error={errors.new}
          autoComplete="new-password"
        />
        <PasswordInput label="确认密码" withAsterisk placeholder="请输入确认密码" value={values.confirm} onChange={set('confirm')} error={errors.confirm} autoComplete="new-password" />
        <Group justify="flex-end">
          {forced && onLogout ? (
            <Button variant="subtle" color="gray" mr="auto" onClick={onLogout}>
              退出登录
            </Button>
          ) : null}
          {forced ? null : (
            <Button variant="default" onClick={onClose}>
              取 消
            </Button>
          )}
          <Button onClick={() => void submit()} loading={busy}>
            确 定
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

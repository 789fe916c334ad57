import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PASSWORD_RULE_MSG } from '../../../contract/session';
import { postWrite } from '../../../components/feedback';
import { isStrongPassword } from './userForm';
import { DialogButtons } from '../shared/DialogButtons';

/**
 * 重置密码: an administrator sets a new password (system/update_password); the user's sessions end
 * and the user must choose their own password at the next sign-in.
 */
export function ResetPasswordDialog({ user, onClose }: { user: { id: number; name: string } | null; onClose: () => void }) {
  const [pwd, setPwd] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ pwd?: string; confirm?: string }>({});
  const close = () => {
    setPwd('');
    setConfirm('');
    setErrors({});
    onClose();
  };
  const save = async () => {
    const e = { pwd: !pwd ? '请输入新密码' : isStrongPassword(pwd) ? undefined : PASSWORD_RULE_MSG, confirm: !confirm ? '请输入确认密码' : confirm !== pwd ? '两次输入的新密码不一致' : undefined };
    setErrors(e);
    if (e.pwd || e.confirm || !user) return;
    if (await postWrite('api/v1/system/update_password', { id: user.id, password: pwd }, '重置成功', '重置失败')) close();
  };
  return (
    <Modal opened={user !== null} onClose={close} title={user ? `重置密码：${user.name}` : '重置密码'} size="sm">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          重置后该用户的登录将失效，下次登录时须修改密码。
        </Text>
        <PasswordInput
          size="xs"
          label="新密码"
          withAsterisk
          placeholder="请输入新密码"
          description={PASSWORD_RULE_MSG}
          value={pwd}
          error={errors.pwd}
          onChange={(e) => setPwd(e.currentTarget.value)}
          autoComplete="new-password"
        />
        <PasswordInput
          size="xs"
          label="确认密码"
          withAsterisk
          placeholder="请输入确认密码"
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          autoComplete="new-password"
        />
        <DialogButtons onCancel={close} onConfirm={save} />
      </Stack>
    </Modal>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { smsPasswordBody, userSmsCall, userSmsPasswordCall } from '../../contract/misc-sms';
import { PASSWORD_RULE_MSG } from '../../contract/session';
import { notifyError, notifySuccess } from '../../components/feedback';
import { SmsCodeInput } from '../../components/SmsCodeInput';
import { firstIssuePerField } from '../../lib/field-errors';

type Field = 'code' | 'new' | 'confirm';
const EMPTY: Record<Field, string> = { code: '', new: '', confirm: '' };

/**
 * 个人设置 › 登录密码 › 短信验证码修改: a code sent to the user's own phone (user/sms) stands in for
 * the old password (user/sms_password), for a user who no longer knows it.
 */
export function SmsPasswordDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setValues(EMPTY);
      setErrors({});
      setSentTo(null);
    }
  }, [opened]);

  const set = (k: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  async function send(): Promise<boolean> {
    try {
      const out = await callApi(userSmsCall, { query: { purpose: 'password' } });
      setSentTo(out.phone);
      return true;
    } catch (e) {
      notifyError(errorMessage(e, '发送失败'));
      return false;
    }
  }

  async function submit() {
    const parsed = smsPasswordBody.safeParse({ ...values, code: values.code.trim() });
    if (!parsed.success) {
      setErrors(firstIssuePerField<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await callApi(userSmsPasswordCall, { body: parsed.data });
      notifySuccess('修改成功');
      onClose();
    } catch (e) {
      notifyError(errorMessage(e, '修改失败'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="短信验证码修改密码" size="sm">
      <Stack gap="sm">
        <SmsCodeInput value={values.code} onChange={set('code')} error={errors.code} withAsterisk onSend={send} />
        {sentTo ? (
          <Alert color="blue" variant="light" p="xs">
            验证码已发送至 {sentTo}，5分钟内有效
          </Alert>
        ) : null}
        <PasswordInput label="新密码" withAsterisk placeholder="请输入新密码" description={PASSWORD_RULE_MSG} value={values.new} onChange={set('new')} error={errors.new} autoComplete="new-password" />
        <PasswordInput label="确认密码" withAsterisk placeholder="请输入确认密码" value={values.confirm} onChange={set('confirm')} error={errors.confirm} autoComplete="new-password" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取 消
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            确 定
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

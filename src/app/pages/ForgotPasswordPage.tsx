import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { api, errorMessage } from '../../api/client';
import { SMS_FORGET_PATH, SMS_FORGET_RESET_PATH, smsForgetResetBody } from '../../contract/misc-sms';
import { PASSWORD_RULE_MSG } from '../../contract/session';
import { notifySuccess } from '../../components/feedback';
import { SmsCodeInput } from '../../components/SmsCodeInput';
import { firstIssuePerField } from '../../lib/field-errors';
import { currentBranding, copyrightLine } from '../branding';
import { documentTitle } from '../routes/fixedRoutes';

type Field = 'login_id' | 'code' | 'new' | 'confirm';

/**
 * 忘记密码 (from the sign-in page): a verification code by SMS to the account's phone
 * (user/sms_forget), then a new password with it (user/sms_forget_reset). The server answers the
 * same whether or not the account exists, so the page says only what the server says.
 */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const branding = currentBranding();
  const [values, setValues] = useState<Record<Field, string>>({ login_id: '', code: '', new: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    document.title = documentTitle('忘记密码');
  }, []);

  const set = (k: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  async function sendCode(): Promise<boolean> {
    setFailure(null);
    const loginId = values.login_id.trim();
    if (!loginId) {
      setErrors({ login_id: '请输入账号' });
      return false;
    }
    setErrors({});
    try {
      const data = await api.get<{ notice: string }>(SMS_FORGET_PATH, { login_id: loginId }, { silent: true });
      setNotice(data.notice);
      return true;
    } catch (err) {
      setFailure(errorMessage(err, '发送失败'));
      return false;
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const parsed = smsForgetResetBody.safeParse({ ...values, login_id: values.login_id.trim(), code: values.code.trim() });
    if (!parsed.success) {
      setErrors(firstIssuePerField<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await api.post<null>(SMS_FORGET_RESET_PATH, parsed.data, { silent: true });
      notifySuccess('密码已重置，请使用新密码登录');
      navigate('/login', { replace: true });
    } catch (err) {
      setFailure(errorMessage(err, '重置失败'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Center mih="100vh" bg="linear-gradient(135deg, #1c3d5a 0%, #2d5f8b 100%)" p="md">
      <Stack w="100%" maw={380} gap="md">
        <Paper p="xl" radius="md" shadow="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Stack gap={4} align="center">
                <Title order={3}>忘记密码</Title>
                <Text size="xs" c="dimmed">
                  验证码将发送到账号登记的手机号
                </Text>
              </Stack>
              <TextInput label="账号" placeholder="请输入账号" autoComplete="username" value={values.login_id} onChange={set('login_id')} error={errors.login_id} autoFocus />
              <SmsCodeInput value={values.code} onChange={set('code')} error={errors.code} onSend={sendCode} />
              {notice ? (
                <Alert color="blue" variant="light" p="xs">
                  {notice}
                </Alert>
              ) : null}
              <PasswordInput label="新密码" placeholder="请输入新密码" description={PASSWORD_RULE_MSG} autoComplete="new-password" value={values.new} onChange={set('new')} error={errors.new} />
              <PasswordInput label="确认密码" placeholder="请再次输入新密码" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
              {failure ? (
                <Alert color="red" variant="light" p="xs" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <Button type="submit" fullWidth loading={saving} mt="xs">
                重置密码
              </Button>
              <Group justify="flex-end">
                <Anchor component={Link} to="/login" size="xs">
                  返回登录
                </Anchor>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Box ta="center">
          <Text size="xs" c="gray.3">
            {copyrightLine(branding)}
          </Text>
        </Box>
      </Stack>
    </Center>
  );
}

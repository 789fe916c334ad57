import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Center, Divider, Group, Image, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fetchThirdConfig, login, type ThirdConfig } from '../../api/session';
import { errorMessage } from '../../api/client';
import { currentBranding, copyrightLine } from '../branding';
import { saveSession } from '../session/store';
import { afterLoginPath } from '../session/guard';
import { endedUser } from '../session/endedUser';
import { setThirdMode } from '../session/thirdParty';
import { documentTitle } from '../routes/fixedRoutes';

type FieldErrors = Partial<Record<'login_id' | 'password', string>>;

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const branding = currentBranding();
  const [third, setThird] = useState<ThirdConfig | null>(null);
  // signing in again after a session ended: the account is offered, and its screen reopens
  const [loginId, setLoginId] = useState(() => (params.get('redirect') && params.get('redirect') !== 'home' ? (endedUser() ?? '') : ''));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = documentTitle('登录');
    let live = true;
    void fetchThirdConfig().then((cfg) => live && setThird(cfg));
    return () => {
      live = false;
    };
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    // Checked by hand rather than with the contract's zod schema: zod would double the sign-in page's
    // script; the server applies loginSchema and its messages to whatever gets through.
    const next: FieldErrors = {};
    if (!loginId.trim()) next.login_id = '请输入账号';
    if (!password) next.password = '请输入密码';
    if (next.login_id || next.password) {
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await login({ login_id: loginId.trim(), password });
      saveSession(user);
      setThirdMode(false);
      // the same place the session guard sends a signed-in user on /login (decideNavigation)
      navigate(afterLoginPath(params.get('redirect'), { signedIn: user.login_id, endedUser: endedUser() }), { replace: true });
    } catch (err) {
      setFailure(errorMessage(err, '登录失败'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" bg="linear-gradient(135deg, #1c3d5a 0%, #2d5f8b 100%)" p="md">
      <Stack w="100%" maw={380} gap="md">
        <Paper p="xl" radius="md" shadow="lg">
          <Stack gap="md">
            <Stack gap={6} align="center">
              <Image src={branding.logo} w={48} h={48} alt="" />
              <Title order={3}>{branding.shortName}</Title>
              <Text size="sm" c="dimmed">
                {branding.name}
              </Text>
            </Stack>
            {third ? (
              <>
                <Button fullWidth onClick={() => navigate('/auth/login')}>
                  统一身份认证登录
                </Button>
                <Divider label="或使用账号密码" labelPosition="center" />
              </>
            ) : null}
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <TextInput
                  label="账号"
                  placeholder="请输入账号"
                  autoComplete="username"
                  value={loginId}
                  onChange={(e) => setLoginId(e.currentTarget.value)}
                  error={errors.login_id}
                  data-autofocus
                  autoFocus
                />
                <PasswordInput
                  label="密码"
                  placeholder="请输入密码"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={errors.password}
                />
                {failure ? (
                  <Alert color="red" variant="light" p="xs" role="alert">
                    {failure}
                  </Alert>
                ) : null}
                <Button type="submit" fullWidth loading={busy} mt="xs">
                  登 录
                </Button>
                <Group justify="flex-end">
                  <Anchor component={Link} to="/forgot-password" size="xs">
                    忘记密码？
                  </Anchor>
                </Group>
              </Stack>
            </form>
          </Stack>
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

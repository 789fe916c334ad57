import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { thirdLogin } from '../../api/session';
import { errorMessage } from '../../api/client';
import { saveSession } from '../session/store';
import { checkState, redirectUri, returnParams, setThirdMode } from '../session/thirdParty';

/**
 * /auth/redirect: the single sign-on return (exchanges the code), and the refresh hop of a tab
 * (`?redirect=/some/path` goes straight back, remounting the page).
 */
export default function AuthRedirectPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const back = params.get('redirect');
    const { code, state, error } = returnParams();
    if (!code) {
      if (error) setProblem(`统一身份认证失败：${error}`);
      else navigate(back && back.startsWith('/') ? back : '/', { replace: true });
      return;
    }
    if (!checkState(state)) {
      setProblem('登录请求已失效，请重新登录');
      return;
    }
    void thirdLogin(code, redirectUri(), state ?? undefined)
      .then((user) => {
        saveSession(user);
        setThirdMode(true);
        // Drop ?code=&state= from the address so a reload does not reuse the code.
        window.history.replaceState(null, '', `${window.location.pathname}#/home`);
        navigate('/home', { replace: true });
      })
      .catch((e: unknown) => setProblem(errorMessage(e, '登录失败')));
  }, [navigate, params]);

  return (
    <Center h="100vh">
      {problem ? (
        <Stack align="center">
          <Alert color="red">{problem}</Alert>
          <Button variant="light" onClick={() => navigate('/login', { replace: true })}>
            返回登录
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            正在登录…
          </Text>
        </Stack>
      )}
    </Center>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { fetchThirdConfig } from '../../api/session';
import { authorizeUrl, newState, redirectUri } from '../session/thirdParty';

/** Third-party sign-in: straight on to the provider's authorize page (authorization-code flow). */
export default function AuthLoginPage() {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void fetchThirdConfig().then((cfg) => {
      if (!live) return;
      if (!cfg) {
        setProblem('未启用统一身份认证，请使用账号密码登录');
        return;
      }
      window.location.assign(authorizeUrl(cfg, redirectUri(), newState()));
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <Center h="100vh">
      {problem ? (
        <Stack align="center">
          <Alert color="orange">{problem}</Alert>
          <Button variant="light" onClick={() => navigate('/login', { replace: true })}>
            返回登录
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            正在跳转统一身份认证…
          </Text>
        </Stack>
      )}
    </Center>
  );
}

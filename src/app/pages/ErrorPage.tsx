import { useEffect } from 'react';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { httpErrorMessage } from '../../api/request';
import { documentTitle } from '../routes/fixedRoutes';

function ErrorView({ status, message }: { status: string; message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = documentTitle(status);
  }, [status]);
  return (
    <Center h="100vh" p="md">
      <Stack align="center" gap="sm" maw={520}>
        <Title order={1} c="blue.7" style={{ fontSize: 72, lineHeight: 1 }}>
          {status}
        </Title>
        <Text size="md" ta="center" data-testid="error-message">
          {message}
        </Text>
        <Group>
          <Button variant="light" onClick={() => navigate(-1)}>
            返回上一页
          </Button>
          <Button onClick={() => navigate('/', { replace: true })}>返回首页</Button>
        </Group>
      </Stack>
    </Center>
  );
}

export function Error401() {
  return <ErrorView status="401" message="您没有访问该页面的权限，或页面不存在。" />;
}

export function Error404() {
  return <ErrorView status="404" message="页面不存在。" />;
}

/** /error/{status}: a request failed with an HTTP status; the message of the catalogue (spec doc 000 §8). */
export function ErrorStatus() {
  const { status = '' } = useParams();
  const location = useLocation();
  const state = location.state as { message?: string } | null;
  const code = Number(status);
  const message = state?.message ?? (Number.isFinite(code) ? httpErrorMessage(code, '') : '请求失败');
  return <ErrorView status={status} message={message} />;
}

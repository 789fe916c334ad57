import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useRouteError } from 'react-router-dom';
import { isChunkLoadError, loadFailureMessage } from '../LoadBoundary';

/** What the router shows when a route's code or element fails (instead of its English default). */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <Center h="100vh" p="md">
      <Stack align="center" gap="sm" maw={420}>
        <Alert color={isChunkLoadError(error) ? 'yellow' : 'red'} title="页面未能打开" w="100%">
          {loadFailureMessage(error)}
        </Alert>
        <Text size="xs" c="dimmed">
          已保存在本机的待同步操作不会丢失。
        </Text>
        <Button onClick={() => window.location.reload()}>重新加载</Button>
      </Stack>
    </Center>
  );
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import { Affix, Button, Group, Paper, Text, Transition } from '@mantine/core';
import { applySwUpdate, getSwUpdateState, registerServiceWorker, subscribeSwUpdate } from '../../offline/serviceWorker';

/**
 * Registers the service worker and announces a new version; the new version takes over (and the
 * page reloads) only when the user accepts. Mount once at the root.
 */
export function UpdatePrompt() {
  useEffect(() => {
    registerServiceWorker();
  }, []);
  const { updateReady } = useSyncExternalStore(subscribeSwUpdate, getSwUpdateState, getSwUpdateState);
  const [later, setLater] = useState(false);
  const [applying, setApplying] = useState(false);
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={400}>
      <Transition transition="slide-up" mounted={updateReady && !later}>
        {(style) => (
          <Paper style={style} shadow="md" withBorder p="sm" radius="md" maw={320} data-testid="update-prompt">
            <Text size="sm" fw={600}>
              发现新版本
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              新版本已下载，更新后页面将重新加载；未保存的表单内容会丢失。
            </Text>
            <Group justify="flex-end" gap="xs" mt="sm">
              <Button size="compact-sm" variant="default" onClick={() => setLater(true)}>
                稍后
              </Button>
              <Button
                size="compact-sm"
                loading={applying}
                onClick={() => {
                  setApplying(true);
                  applySwUpdate();
                }}
              >
                立即更新
              </Button>
            </Group>
          </Paper>
        )}
      </Transition>
    </Affix>
  );
}

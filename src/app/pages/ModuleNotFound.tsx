import { Alert, Code, Stack, Text } from '@mantine/core';

/** A menu names a screen this build of the app does not have (spec doc 000 §8 "MODULE_NOT_FOUND"). */
export function ModuleNotFound({ name }: { name: string }) {
  return (
    <Stack p="md">
      <Alert color="orange" title="MODULE_NOT_FOUND" data-testid="module-not-found">
        <Text size="sm">
          找不到页面模块 <Code>{name || '(空)'}</Code>，请联系管理员检查菜单的组件配置。
        </Text>
      </Alert>
    </Stack>
  );
}

import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';

/** A menu's screen that the spec plans but this version does not have yet: said plainly, no codes. */
export function ScreenNotBuilt({ title }: { title?: string }) {
  return (
    <Center py={64} data-testid="screen-not-built">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconClockHour4 size={28} />
        </ThemeIcon>
        {title ? (
          <Text fw={600} size="lg">
            {title}
          </Text>
        ) : null}
        <Text c="dimmed">该功能尚未开放，敬请期待</Text>
      </Stack>
    </Center>
  );
}

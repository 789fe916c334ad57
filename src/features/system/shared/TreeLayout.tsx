import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A tree panel on the left and the list on the right (organisations, menus, areas). */
export function TreeLayout({ tree, children }: { tree: ReactNode; children: ReactNode }) {
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      {tree}
      <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Group>
  );
}

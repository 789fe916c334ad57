import { Alert, Card, Group, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client';

export interface Figure {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  color?: string;
}

/** A grid of small figure tiles: 2 a row on a phone, more on wider screens. */
export function FigureGrid({ figures, testId }: { figures: readonly Figure[]; testId?: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs" data-testid={testId}>
      {figures.map((f) => (
        <Paper key={f.label} withBorder p="xs" radius="sm">
          <Text size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text fw={700} size="md" c={f.color} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {f.value}
          </Text>
          {f.hint ? (
            <Text size="xs" c="dimmed">
              {f.hint}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** One dashboard's card with its loading and error states. */
export function DashboardCard({ title, testId, query, right, children }: { title: string; testId: string; query: { isLoading: boolean; isError: boolean; error: unknown }; right?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Text fw={600}>{title}</Text>
        {right}
      </Group>
      {query.isError ? <Alert color="red">{errorMessage(query.error, '看板加载失败')}</Alert> : null}
      {query.isLoading ? <Loader size="sm" /> : null}
      {children}
    </Card>
  );
}

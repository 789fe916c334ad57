import { Loader, SimpleGrid, Text } from '@mantine/core';

/** Label and value pairs in two columns; an empty value shows a dash. */
export function Descriptions({ items, loading }: { items: readonly [string, string | null | undefined][]; loading?: boolean }) {
  if (loading) return <Loader size="sm" />;
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
      {items.map(([label, value]) => (
        <Text key={label} size="sm">
          <Text span c="dimmed" size="sm">
            {label}：
          </Text>
          {value || '—'}
        </Text>
      ))}
    </SimpleGrid>
  );
}

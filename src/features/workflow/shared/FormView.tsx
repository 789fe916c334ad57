import { Table, Text } from '@mantine/core';
import type { FormField } from '../../../contract/workflow-tree';
import { formatValue } from './formatValue';

/** An application's form as read-only rows: label, value (fields the node hides are left out by the server). */
export function FormView({ fields, values }: { fields: readonly FormField[]; values: Readonly<Record<string, unknown>> }) {
  const known = new Set(fields.map((f) => f.name));
  const extra = Object.keys(values).filter((k) => !known.has(k));
  if (fields.length === 0 && extra.length === 0) return <Text size="sm" c="dimmed">（无表单内容）</Text>;
  return (
    <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm">
      <Table.Tbody>
        {fields.map((f) => (
          <Table.Tr key={f.name}>
            <Table.Th w={140} bg="var(--mantine-color-gray-0)">
              {f.label}
            </Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{formatValue(f, values[f.name])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

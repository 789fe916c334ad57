import { Badge, Box, Group, Table, Text, Timeline } from '@mantine/core';
import type { FormField } from '../../../contract/workflow-tree';
import type { StepRow } from '../../../contract/workflow';
import { formatValue } from './formatValue';
import { StepFiles } from './StepFiles';

const COLOR: Record<string, string> = { approve: 'green', refuse: 'red', back: 'orange', recall: 'gray', interrupt: 'red', admin_queue: 'orange', remind: 'yellow', edit_form: 'violet', finish: 'blue' };

/** Every step of an instance as one timeline: who, when, what, their comment and files, and the fields a form edit changed. */
export function StepTimeline({ steps, fields, instanceId }: { steps: readonly StepRow[]; fields: readonly FormField[]; instanceId: number }) {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return (
    <Timeline active={steps.length - 1} bulletSize={14} lineWidth={2}>
      {steps.map((s) => (
        <Timeline.Item
          key={s.id}
          color={COLOR[s.action] ?? 'blue'}
          title={
            <Group gap={6} wrap="wrap">
              <Badge size="xs" color={COLOR[s.action] ?? 'blue'} variant="light">
                {s.action_text}
              </Badge>
              <Text size="sm" fw={500}>
                {s.user_name ?? '系统'}
              </Text>
              {s.node_name && (
                <Text size="xs" c="dimmed">
                  {s.node_name}
                </Text>
              )}
              <Text size="xs" c="dimmed" ml="auto">
                {s.created_at}
              </Text>
            </Group>
          }
        >
          {s.comment && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {s.comment}
            </Text>
          )}
          <StepFiles files={s.files ?? []} uploader={s.user_name ?? '系统'} instanceId={instanceId} />
          {s.diff && s.diff.length > 0 && (
            <Box mt={4}>
              <Table withTableBorder verticalSpacing={2} fz="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>字段</Table.Th>
                    <Table.Th>修改前</Table.Th>
                    <Table.Th>修改后</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.diff.map((d) => (
                    <Table.Tr key={d.field}>
                      <Table.Td>{d.label}</Table.Td>
                      <Table.Td c="red" td="line-through">
                        {formatValue(byName.get(d.field), d.before)}
                      </Table.Td>
                      <Table.Td c="green">{formatValue(byName.get(d.field), d.after)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

import { ActionIcon, Button, Checkbox, Group, Select, Stack, Table, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormField } from '../../../contract/workflow-tree';

const TYPES = [
  { value: 'text', label: '单行文本' },
  { value: 'textarea', label: '多行文本' },
  { value: 'number', label: '数字' },
  { value: 'money', label: '金额' },
  { value: 'date', label: '日期' },
  { value: 'select', label: '下拉选择' },
];

/** The application form of a definition: fields with name, title, type, required and choices. */
export function FormEditor({ form, onChange, readOnly }: { form: FormField[]; onChange: (f: FormField[]) => void; readOnly: boolean }) {
  const set = (i: number, patch: Partial<FormField>) => onChange(form.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const move = (i: number, d: number) => {
    const next = [...form];
    const [f] = next.splice(i, 1);
    next.splice(i + d, 0, f);
    onChange(next);
  };
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={720}>
        <Table withTableBorder verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>字段名</Table.Th>
              <Table.Th>标题</Table.Th>
              <Table.Th>类型</Table.Th>
              <Table.Th>选项（逗号分隔）</Table.Th>
              <Table.Th>必填</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.map((f, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  <TextInput size="xs" value={f.name} disabled={readOnly} maxLength={40} onChange={(e) => set(i, { name: e.currentTarget.value.trim() })} aria-label="字段名" />
                </Table.Td>
                <Table.Td>
                  <TextInput size="xs" value={f.label} disabled={readOnly} maxLength={40} onChange={(e) => set(i, { label: e.currentTarget.value })} aria-label="标题" />
                </Table.Td>
                <Table.Td>
                  <Select size="xs" data={TYPES} value={f.type} disabled={readOnly} allowDeselect={false} onChange={(v) => set(i, { type: (v ?? 'text') as FormField['type'] })} aria-label="类型" />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    disabled={readOnly || f.type !== 'select'}
                    value={(f.options ?? []).join(',')}
                    onChange={(e) => set(i, { options: e.currentTarget.value.split(/[,，]/).map((s) => s.trim()).filter(Boolean) })}
                    aria-label="选项"
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox checked={f.required ?? false} disabled={readOnly} onChange={(e) => set(i, { required: e.currentTarget.checked })} aria-label="必填" />
                </Table.Td>
                <Table.Td>
                  {!readOnly && (
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon size="sm" variant="subtle" disabled={i === 0} onClick={() => move(i, -1)} aria-label="上移">
                        <IconArrowUp size={14} />
                      </ActionIcon>
                      <ActionIcon size="sm" variant="subtle" disabled={i === form.length - 1} onClick={() => move(i, 1)} aria-label="下移">
                        <IconArrowDown size={14} />
                      </ActionIcon>
                      <ActionIcon size="sm" variant="subtle" color="red" onClick={() => onChange(form.filter((_, j) => j !== i))} aria-label="删除字段">
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && (
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onChange([...form, { name: `field_${form.length + 1}`, label: '新字段', type: 'text' }])}>
            添加字段
          </Button>
        </Group>
      )}
    </Stack>
  );
}

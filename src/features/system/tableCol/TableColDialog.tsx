import { ActionIcon, Checkbox, Group, Modal, NumberInput, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { postWrite } from '../../../components/feedback';
import { colLabel, colsBody, colsProblem, moveCol, parseCols, tableTitle, type SavedCol, type TableColRow } from './tableCols';
import { DialogButtons } from '../shared/DialogButtons';

/** Edits one saved preference: which columns show, their widths and their order. */
export function TableColDialog({ row, onClose, onSaved }: { row: TableColRow | null; onClose: () => void; onSaved: () => void }) {
  const [cols, setCols] = useState<SavedCol[]>([]);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    setCols(row ? parseCols(row.cols) : []);
    setProblem('');
  }, [row]);
  const patch = (i: number, p: Partial<SavedCol>) => {
    setCols((list) => list.map((c, k) => (k === i ? { ...c, ...p } : c)));
    setProblem('');
  };
  const save = async () => {
    if (!row) return;
    const why = colsProblem(cols);
    setProblem(why);
    if (why) return;
    setSaving(true);
    const done = await postWrite('api/v1/system/update_table_col_user', colsBody(row, cols), '修改成功', '修改失败');
    setSaving(false);
    if (done) {
      onSaved();
      onClose();
    }
  };
  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? `编辑列设置：${tableTitle(row.table_key)}` : '编辑列设置'} size="md">
      <Stack gap="xs">
        <ScrollArea.Autosize mah={420} type="auto">
          <Table withRowBorders verticalSpacing={2} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>列</Table.Th>
                <Table.Th w={60}>显示</Table.Th>
                <Table.Th w={110}>列宽</Table.Th>
                <Table.Th w={70}>顺序</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cols.map((c, i) => {
                const label = row ? colLabel(row.table_key, c) : c.prop;
                return (
                <Table.Tr key={c.prop}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td>
                    <Checkbox size="xs" aria-label={`显示${label}`} checked={c.show} onChange={(e) => patch(i, { show: e.currentTarget.checked })} />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput size="xs" aria-label={`${label}列宽`} placeholder="自动" min={20} max={2000} allowDecimal={false} value={c.width ?? ''} onChange={(v) => patch(i, { width: v === '' ? null : Number(v) })} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon size="sm" variant="subtle" aria-label="上移" disabled={i === 0} onClick={() => setCols((l) => moveCol(l, i, -1))}>
                        <IconArrowUp size={14} />
                      </ActionIcon>
                      <ActionIcon size="sm" variant="subtle" aria-label="下移" disabled={i === cols.length - 1} onClick={() => setCols((l) => moveCol(l, i, 1))}>
                        <IconArrowDown size={14} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {problem && (
          <Text c="red" size="xs">
            {problem}
          </Text>
        )}
        <DialogButtons onCancel={onClose} onConfirm={save} loading={saving} />
      </Stack>
    </Modal>
  );
}

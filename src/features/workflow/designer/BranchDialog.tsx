import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { CONDITION_OP_TEXT, type Branch, type ConditionOp, type FormField } from '../../../contract/workflow-tree';

const OPS = Object.entries(CONDITION_OP_TEXT).map(([value, label]) => ({ value, label }));

/** Name and conditions of one branch; a branch without conditions is the default (其他情况). */
export function BranchDialog({ branch, form, onSave, onClose }: { branch: Branch; form: readonly FormField[]; onSave: (b: Branch) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<Branch>(branch);
  const fields = [{ value: 'school_id', label: '校区（编号）' }, ...form.map((f) => ({ value: f.name, label: f.label }))];
  return (
    <Modal opened onClose={onClose} title="设置分支条件" size="lg">
      <Stack gap="sm">
        <TextInput label="分支名称" maxLength={40} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
        <Text size="xs" c="dimmed">
          同时满足以下全部条件时走此分支；不设条件即为默认分支（其他情况）。
        </Text>
        {draft.conditions.map((c, i) => (
          <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
            <Select label={i === 0 ? '字段' : undefined} data={fields} value={c.field} onChange={(v) => setDraft({ ...draft, conditions: draft.conditions.map((x, j) => (j === i ? { ...x, field: v ?? x.field } : x)) })} style={{ flex: 2 }} />
            <Select label={i === 0 ? '条件' : undefined} data={OPS} value={c.op} onChange={(v) => setDraft({ ...draft, conditions: draft.conditions.map((x, j) => (j === i ? { ...x, op: (v ?? x.op) as ConditionOp } : x)) })} style={{ flex: 1 }} />
            <TextInput label={i === 0 ? '值' : undefined} value={c.value} maxLength={200} onChange={(e) => { const value = e.currentTarget.value; setDraft({ ...draft, conditions: draft.conditions.map((x, j) => (j === i ? { ...x, value } : x)) }); }} style={{ flex: 2 }} />
            <ActionIcon variant="subtle" color="red" aria-label="删除条件" onClick={() => setDraft({ ...draft, conditions: draft.conditions.filter((_, j) => j !== i) })}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setDraft({ ...draft, conditions: [...draft.conditions, { field: form[0]?.name ?? 'school_id', op: 'eq', value: '' }] })}>
            添加条件
          </Button>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button
            disabled={!draft.name.trim()}
            onClick={() => {
              onSave({ ...draft, name: draft.name.trim() });
              onClose();
            }}
          >
            确定
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

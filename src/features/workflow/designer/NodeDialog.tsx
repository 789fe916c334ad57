import { Button, Group, Modal, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { APPROVER_KIND_TEXT, APPROVE_MODE_TEXT, type ApproverRule, type ApproveMode, type FieldPermission, type FormField, type WfNode } from '../../../contract/workflow-tree';
import { loadRoles, searchUsers } from '../api';

const KINDS = Object.entries(APPROVER_KIND_TEXT).map(([value, label]) => ({ value, label }));
const MODES = Object.entries(APPROVE_MODE_TEXT).map(([value, label]) => ({ value, label }));
const PERMS: { value: FieldPermission; label: string }[] = [
  { value: 'read', label: '只读' },
  { value: 'edit', label: '可编辑' },
  { value: 'hidden', label: '隐藏' },
];

function RuleEditor({ rule, onChange }: { rule: ApproverRule | undefined; onChange: (r: ApproverRule) => void }) {
  const { data: users = [] } = useQuery({ queryKey: ['wf-designer-users'], queryFn: () => searchUsers(''), staleTime: 60_000 });
  const { data: roles = [] } = useQuery({ queryKey: ['wf-designer-roles'], queryFn: loadRoles, staleTime: 60_000 });
  const kind = rule?.kind ?? 'principal';
  const setKind = (k: string | null) => {
    if (k === 'user') onChange({ kind: 'user', user_ids: [] });
    else if (k === 'role') onChange({ kind: 'role', role_code: roles.find((r) => r.code !== 'RC999')?.code ?? '' });
    else if (k === 'superior' || k === 'principal') onChange({ kind: k });
  };
  return (
    <Stack gap="xs">
      <Select label="审批人规则" data={KINDS} value={kind} onChange={setKind} allowDeselect={false} />
      {rule?.kind === 'user' && (
        <MultiSelect
          label="指定成员"
          searchable
          data={users.map((u) => ({ value: String(u.id), label: u.name }))}
          value={rule.user_ids.map(String)}
          onChange={(v) => onChange({ kind: 'user', user_ids: v.map(Number) })}
          nothingFoundMessage="没有找到人员"
        />
      )}
      {rule?.kind === 'role' && <Select label="角色（申请人所在校区）" data={roles.map((r) => ({ value: r.code, label: r.name }))} value={rule.role_code} onChange={(v) => onChange({ kind: 'role', role_code: v ?? '' })} />}
      {rule?.kind === 'superior' && (
        <Text size="xs" c="dimmed">
          申请人所在组织的负责人；校区员工为本校区校长；找不到时逐级向上。
        </Text>
      )}
      {rule?.kind === 'principal' && (
        <Text size="xs" c="dimmed">
          申请所属校区的校长。
        </Text>
      )}
    </Stack>
  );
}

/** Settings of an approver, copy or end node. */
export function NodeDialog({ node, form, onSave, onClose }: { node: WfNode; form: readonly FormField[]; onSave: (n: WfNode) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<WfNode>(node);
  const fieldPerm = (name: string): FieldPermission => (draft.type === 'approver' ? (draft.fields?.[name] ?? 'read') : 'read');
  return (
    <Modal opened onClose={onClose} title={`设置节点：${node.name}`} size="lg">
      <Stack gap="sm">
        <TextInput label="节点名称" maxLength={40} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
        {(draft.type === 'approver' || draft.type === 'copy') && <RuleEditor rule={draft.rule} onChange={(rule) => setDraft({ ...draft, rule })} />}
        {draft.type === 'approver' && (
          <>
            <div>
              <Text size="sm" fw={500} mb={4}>
                多人审批时
              </Text>
              <SegmentedControl fullWidth size="xs" data={MODES} value={draft.mode} onChange={(v) => setDraft({ ...draft, mode: v as ApproveMode })} />
            </div>
            <NumberInput label="超时提醒（小时，空则用流程默认）" min={1} max={720} value={draft.timeout_hours ?? ''} onChange={(v) => setDraft({ ...draft, timeout_hours: v === '' ? undefined : Number(v) })} />
            {form.length > 0 && (
              <div>
                <Text size="sm" fw={500} mb={4}>
                  表单字段权限
                </Text>
                <Table withTableBorder verticalSpacing={2} fz="sm">
                  <Table.Tbody>
                    {form.map((f) => (
                      <Table.Tr key={f.name}>
                        <Table.Td>{f.label}</Table.Td>
                        <Table.Td>
                          <SegmentedControl
                            size="xs"
                            data={PERMS}
                            value={fieldPerm(f.name)}
                            onChange={(v) => {
                              if (draft.type !== 'approver') return;
                              const fields = { ...draft.fields };
                              if (v === 'read') delete fields[f.name];
                              else fields[f.name] = v as FieldPermission;
                              setDraft({ ...draft, fields });
                            }}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            )}
          </>
        )}
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

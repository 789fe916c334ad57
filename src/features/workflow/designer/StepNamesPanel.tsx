import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { notifySuccess } from '../../../components/feedback';
import { getStepNameCall, updateStepsNameCall } from '../../../contract/workflow';
import { NODE_TYPE_TEXT, type NodeType } from '../../../contract/workflow-tree';

/**
 * 节点名称: the names the nodes show in the task center, the timelines and the messages. A rename
 * (update_steps_name) holds for every version and every instance of the definition, running or
 * done, without publishing a new version; clearing a name goes back to the node's own.
 */
export function StepNamesPanel({ defineId, canRename }: { defineId: number; canRename: boolean }) {
  const qc = useQueryClient();
  const { data, error, isPending } = useQuery({ queryKey: ['wf-step-names', defineId], queryFn: () => callApi(getStepNameCall, { query: { define_id: defineId } }) });
  const [names, setNames] = useState<Record<string, string>>({});
  const [fail, setFail] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (isPending) return <Text size="sm">加载中…</Text>;
  if (error) return <Alert color="red">{errorMessage(error, '节点名称加载失败')}</Alert>;

  const shown = (nodeId: string, current: string) => names[nodeId] ?? current;
  const changed = data.filter((n) => names[n.node_id] !== undefined && names[n.node_id].trim() !== n.name);
  const save = async () => {
    const empty = changed.find((n) => !names[n.node_id].trim());
    if (empty) {
      setFail(`请输入节点名称（${empty.default_name}）`);
      return;
    }
    setFail(null);
    setSaving(true);
    try {
      const r = await callApi(updateStepsNameCall, { body: { define_id: defineId, steps: changed.map((n) => ({ node_id: n.node_id, name: names[n.node_id].trim() })) } });
      notifySuccess(`已修改 ${r.count} 个节点名称`);
      setNames({});
      await qc.invalidateQueries({ queryKey: ['wf-step-names', defineId] });
      await qc.invalidateQueries({ queryKey: ['wf-designer'] });
    } catch (e) {
      setFail(errorMessage(e, '保存失败'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" maw={760}>
      <Text size="sm" c="dimmed">
        节点名称显示在任务中心、审批记录和消息中。修改立即对本流程的所有版本和审批实例生效，不发布新版本。
      </Text>
      {fail && <Alert color="red">{fail}</Alert>}
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>类型</Table.Th>
            <Table.Th w={200}>设计中的名称</Table.Th>
            <Table.Th>显示名称</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((n) => (
            <Table.Tr key={n.node_id}>
              <Table.Td>{NODE_TYPE_TEXT[n.type as NodeType] ?? n.type}</Table.Td>
              <Table.Td>{n.default_name}</Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={`${n.default_name} 的显示名称`}
                  maxLength={40}
                  disabled={!canRename}
                  value={shown(n.node_id, n.name)}
                  onChange={(e) => setNames({ ...names, [n.node_id]: e.currentTarget.value })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canRename && (
        <Group>
          <Button onClick={() => void save()} loading={saving} disabled={changed.length === 0}>
            保存节点名称
          </Button>
        </Group>
      )}
    </Stack>
  );
}

import { Badge, Group, Text, Timeline } from '@mantine/core';
import { IconCheck, IconClock, IconFlag, IconSend, IconUsers } from '@tabler/icons-react';
import { APPROVE_MODE_TEXT, type ApproveMode } from '../../../contract/workflow-tree';
import type { PathNode } from '../../../contract/workflow';

const TYPE_TEXT: Record<string, string> = { start: '发起', approver: '审批', copy: '抄送', end: '结束', branch: '分支' };

/** The path of an instance (or of an application not yet sent): one line per node, top to bottom. */
export function PathView({ path }: { path: readonly PathNode[] }) {
  const active = path.findIndex((n) => n.status === 'current');
  const done = path.filter((n) => n.status === 'done').length;
  return (
    <Timeline active={active >= 0 ? active : done - 1} bulletSize={22} lineWidth={2}>
      {path.map((n) => (
        <Timeline.Item
          key={n.node_id}
          bullet={n.type === 'end' ? <IconFlag size={12} /> : n.type === 'start' ? <IconSend size={12} /> : n.type === 'copy' ? <IconUsers size={12} /> : n.status === 'done' ? <IconCheck size={12} /> : <IconClock size={12} />}
          title={
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {n.name}
              </Text>
              <Badge size="xs" variant="light" color={n.type === 'copy' ? 'gray' : 'blue'}>
                {TYPE_TEXT[n.type] ?? n.type}
              </Badge>
              {n.status === 'current' && (
                <Badge size="xs" color="orange">
                  当前
                </Badge>
              )}
            </Group>
          }
        >
          {n.type !== 'end' && (
            <Text size="xs" c={n.missing ? 'red' : 'dimmed'}>
              {n.missing ? '未找到审批人，将转管理员处理' : n.approvers.map((a) => a.name).join('、') || '—'}
              {n.mode && n.approvers.length > 1 ? ` · ${APPROVE_MODE_TEXT[n.mode as ApproveMode]}` : ''}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

import { Badge, Group, Tabs } from '@mantine/core';
import { useState } from 'react';
import type { ListType } from '../../../contract/workflow';
import { InstanceList } from './InstanceList';
import { useTaskCounts } from './useTaskCounts';

const TABS: { type: Exclude<ListType, 'all'>; label: string }[] = [
  { type: 'todo', label: '我的待办' },
  { type: 'done', label: '已办事项' },
  { type: 'apply', label: '我发起的' },
  { type: 'copy', label: '抄送我的' },
];

/** 任务中心: the caller's to-dos, what they decided, their applications and the copies sent to them, with counts. */
export function TaskCenter({ initial, refType }: { initial: Exclude<ListType, 'all'>; refType?: string }) {
  const [tab, setTab] = useState<string>(initial);
  const { data: counts } = useTaskCounts();
  return (
    <Tabs value={tab} onChange={(v) => setTab(v ?? initial)} keepMounted={false}>
      <Tabs.List mb="xs">
        {TABS.map((t) => (
          <Tabs.Tab key={t.type} value={t.type}>
            <Group gap={6} wrap="nowrap">
              {t.label}
              {counts && counts[t.type] > 0 && t.type !== 'done' && (
                <Badge size="xs" circle={counts[t.type] < 10} color={t.type === 'todo' ? 'red' : 'gray'} data-count={t.type}>
                  {counts[t.type]}
                </Badge>
              )}
            </Group>
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((t) => (
        <Tabs.Panel key={t.type} value={t.type}>
          <InstanceList type={t.type} refType={refType} tableKey={`wf_${t.type}`} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

export function TodoListScreen() {
  return <TaskCenter initial="todo" />;
}
export function DoneListScreen() {
  return <TaskCenter initial="done" />;
}
export function MyAppliesScreen() {
  return <TaskCenter initial="apply" />;
}

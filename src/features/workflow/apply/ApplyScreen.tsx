import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { callApi } from '../../../api/call';
import { useHasPermission } from '../../../components/session';
import { WF_PERMS, wfDefinesTagCall, type PathNode } from '../../../contract/workflow';
import { WF_APPLICATIONS } from '../../../contract/workflow-apps';
import { InstanceList } from '../tasks/InstanceList';
import { ApplyDialog, type ApplyPreset } from './ApplyDialog';
import { PathView } from '../shared/PathView';

/**
 * An application screen: the definition of one business kind (its tag), 发起申请 with its form,
 * and the caller's applications of that kind (every one of their campuses for those who hold 流程监控). After sending, the path it takes is shown (申请成功).
 */
export function ApplyScreen({ tag, title, accept, heading, onApplied }: { tag: string; title?: string; accept?: AcceptStep; heading?: { title: string; remark: string }; onApplied?: (instanceId: number) => void }) {
  const [open, setOpen] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [preset, setPreset] = useState<ApplyPreset | undefined>(undefined);
  const [done, setDone] = useState<{ id: number; path: PathNode[] } | null>(null);
  const [seq, setSeq] = useState(0);
  const can = useHasPermission();
  const { data: defines } = useQuery({ queryKey: ['wf-defines-tag', tag], queryFn: () => callApi(wfDefinesTagCall, { query: { tag } }) });
  const define = defines?.[0];
  // those who watch their campuses' workflows (流程监控) see every application of the kind there
  const watcher = can(WF_PERMS.repair) || can(WF_PERMS.interrupt);
  return (
    <Stack gap="sm">
      <Card withBorder padding="sm">
        <Group justify="space-between">
          <div>
            <Text fw={600}>{heading?.title ?? define?.name ?? title ?? '申请'}</Text>
            <Text size="xs" c="dimmed">
              {define ? `${heading?.remark ?? define.remark ?? '填写申请后按审批流程逐级审批'} · 第 ${define.version} 版` : defines ? '该业务尚未配置启用的审批流程，请联系管理员' : '加载中…'}
            </Text>
          </div>
          {can(WF_PERMS.apply) && (
            <Button leftSection={<IconPlus size={14} />} disabled={!define} onClick={() => (accept ? setAccepting(true) : setOpen(true))}>
              {accept?.label ?? '发起申请'}
            </Button>
          )}
        </Group>
      </Card>
      {done && (
        <Alert color="green" title="申请已提交" withCloseButton onClose={() => setDone(null)}>
          <Text size="sm" mb="xs">
            申请编号 {done.id}，可在下方列表或 任务中心 › 我发起的 查看进度。
          </Text>
          <PathView path={done.path} />
        </Alert>
      )}
      {/* every application of the kind: also those another area files on the same definition (e.g. the students area's stop applies) */}
      <InstanceList reloadSeq={seq} type={watcher ? 'all' : 'apply'} tag={tag} tableKey={`wf_apply_${tag}`} />
      {accept && (
        <accept.Dialog
          opened={accepting}
          onClose={() => setAccepting(false)}
          onAccepted={(p) => {
            setAccepting(false);
            setPreset(p);
            setOpen(true);
          }}
        />
      )}
      <ApplyDialog
        tag={tag}
        preset={preset}
        opened={open}
        onClose={() => setOpen(false)}
        onApplied={(id, path) => {
          setOpen(false);
          if (onApplied) return onApplied(id);
          setDone({ id, path });
          setSeq((s) => s + 1);
        }}
      />
    </Stack>
  );
}

/** A step before the form (e.g. 受理学员): its button's label and the dialog that answers the preset. */
export interface AcceptStep {
  label: string;
  Dialog: ComponentType<{ opened: boolean; onClose: () => void; onAccepted: (preset: ApplyPreset) => void }>;
}

const byKey = new Map<string, ComponentType>();

/** The screen component of an application menu (one per key, made once). */
export function applicationScreen(key: string): ComponentType {
  let c = byKey.get(key);
  if (!c) {
    const app = WF_APPLICATIONS.find((a) => a.key === key);
    const tag = app?.tag ?? key;
    const Screen = () => <ApplyScreen tag={tag} title={app?.name} />;
    Screen.displayName = `ApplyScreen(${key})`;
    c = Screen;
    byKey.set(key, c);
  }
  return c;
}

/** /task/task_center/apply?ref_type=: the application screen of that business kind. */
export default function ApplyRouteScreen() {
  const [params] = useSearchParams();
  const tag = params.get('ref_type') ?? '';
  return <ApplyScreen key={tag} tag={tag} />;
}

import { Alert, Badge, Button, Divider, Drawer, Group, Loader, Select, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { AttachmentField } from '../../../components/AttachmentField';
import { confirmAction, notifySuccess } from '../../../components/feedback';
import { useHasPermission } from '../../../components/session';
import {
  instanceModifyFormDataCall,
  interruptCall,
  newstepCall,
  recallCall,
  repairCall,
  resubmitCall,
  runCall,
  updateInstanceFormCall,
  WF_PERMS,
  WF_STATE_TEXT,
  type InstanceDetail,
} from '../../../contract/workflow';
import { loadDetail } from '../api';
import { FormFields, type FormValues } from '../shared/FormFields';
import { FormView } from '../shared/FormView';
import { SnapshotView } from '../shared/SnapshotView';
import { PathView } from '../shared/PathView';
import { StepTimeline } from '../shared/StepTimeline';
import { UserPicker } from '../shared/UserPicker';

export const STATE_COLOR: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'red', 4: 'gray', 5: 'dark' };

/** The detail of one instance: its form, path and history, and what the caller may do with it now. */
export function InstanceDrawer({ instanceId, onClose }: { instanceId: number | null; onClose: () => void }) {
  const { data, error, isPending } = useQuery({ queryKey: ['wf-instance', instanceId], queryFn: () => loadDetail(instanceId as number), enabled: instanceId !== null });
  return (
    <Drawer opened={instanceId !== null} onClose={onClose} position="right" size="xl" title={<Title order={4}>审批详情</Title>}>
      {instanceId !== null && isPending && <Loader size="sm" />}
      {error && <Alert color="red">{errorMessage(error, '加载失败')}</Alert>}
      {data && <InstanceBody detail={data} onDone={onClose} />}
    </Drawer>
  );
}

function InstanceBody({ detail, onDone }: { detail: InstanceDetail; onDone: () => void }) {
  const qc = useQueryClient();
  const { instance: inst, my_task: task } = detail;
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [fail, setFail] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<FormValues>(detail.form as FormValues);
  const [back, setBack] = useState<string | null>(null);
  const [signer, setSigner] = useState<number | null>(null);
  const [handTo, setHandTo] = useState<number | null>(null);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [files, setFiles] = useState('');
  const [uploading, setUploading] = useState(false);
  const can = useHasPermission();

  const act = async (key: string, work: () => Promise<unknown>, done: string, close = true) => {
    setFail(null);
    setBusy(key);
    try {
      await work();
      notifySuccess(done);
      await qc.invalidateQueries({ queryKey: ['wf-instance'] });
      await qc.invalidateQueries({ queryKey: ['wf-counts'] });
      qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0] ?? '').includes('sys_wf') });
      if (close) onDone();
    } catch (e) {
      setFail(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const run = (action: 'approve' | 'refuse') =>
    act(
      action,
      () => callApi(runCall, { body: { task_id: task!.id, action, comment: comment || undefined, attachments: files ? files.split(',').map(Number) : undefined, back_node_id: action === 'refuse' && back ? back : undefined } }),
      action === 'approve' ? '已同意' : back ? '已退回' : '已拒绝',
    );
  const editableFields = task ? detail.form_fields.filter((f) => task.editable.includes(f.name)) : [];
  const pendingTasks = detail.tasks.filter((t) => t.state === 0);

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600}>{inst.title}</Text>
        <Badge color={STATE_COLOR[inst.state]}>{WF_STATE_TEXT[inst.state]}</Badge>
        {inst.admin_queue === 1 && <Badge color="orange">待管理员处理</Badge>}
      </Group>
      <Text size="xs" c="dimmed">
        {inst.define_name} · 第 {inst.version} 版 · 发起人 {inst.applicant_name ?? ''}
        {inst.school_name ? ` · ${inst.school_name}` : ''} · {inst.created_at}
      </Text>
      {fail && <Alert color="red">{fail}</Alert>}
      {detail.can_resubmit && (
        <Alert color="orange" title="申请已被退回">
          请按审批意见修改申请内容后重新提交，或撤回申请。
        </Alert>
      )}
      <Tabs defaultValue="form">
        <Tabs.List>
          <Tabs.Tab value="form">申请内容</Tabs.Tab>
          <Tabs.Tab value="record">提交时的业务记录</Tabs.Tab>
          <Tabs.Tab value="path">审批路径</Tabs.Tab>
          <Tabs.Tab value="steps">审批记录（{detail.steps.length}）</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="form" pt="sm">
          {editing ? (
            <Stack gap="xs">
              <FormFields fields={task ? editableFields : detail.form_fields} values={form} onChange={setForm} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(false)}>
                  取消
                </Button>
                {detail.can_resubmit && !task && (
                  <Button color="orange" loading={busy === 'resubmit'} onClick={() => void act('resubmit', () => callApi(resubmitCall, { body: { instance_id: inst.id, form, comment: comment || undefined } }), '已重新提交')}>
                    保存并重新提交
                  </Button>
                )}
                <Button
                  loading={busy === 'edit'}
                  onClick={() =>
                    act(
                      'edit',
                      () =>
                        task
                          ? callApi(instanceModifyFormDataCall, { body: { task_id: task.id, form: Object.fromEntries(editableFields.map((f) => [f.name, form[f.name] ?? null])), comment: comment || undefined } })
                          : callApi(updateInstanceFormCall, { body: { instance_id: inst.id, form, comment: comment || undefined } }),
                      '表单已修改',
                      false,
                    ).then(() => setEditing(false))
                  }
                >
                  保存修改
                </Button>
              </Group>
            </Stack>
          ) : (
            <FormView fields={detail.form_fields} values={detail.form} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="record" pt="sm">
          <SnapshotView snapshot={detail.snapshot} />
        </Tabs.Panel>
        <Tabs.Panel value="path" pt="sm">
          <PathView path={detail.path} />
        </Tabs.Panel>
        <Tabs.Panel value="steps" pt="sm">
          <StepTimeline steps={detail.steps} fields={detail.form_fields} instanceId={detail.instance.id} />
        </Tabs.Panel>
      </Tabs>

      {task && (
        <>
          <Divider label={`我的审批：${task.node_name}`} labelPosition="left" />
          <Textarea label="审批意见" placeholder="请输入审批意见（选填）" value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
          <AttachmentField label="审批附件" value={files} onChange={setFiles} limit={20} onUploadingChange={setUploading} />
          {task.earlier_nodes.length > 0 && (
            <Select label="退回到（拒绝时）" placeholder="不选则拒绝并结束流程" clearable data={task.earlier_nodes.map((n) => ({ value: n.node_id, label: n.name }))} value={back} onChange={setBack} />
          )}
          <Group>
            <Button color="green" loading={busy === 'approve'} disabled={uploading} onClick={() => run('approve')}>
              同意
            </Button>
            <Button color="red" variant="light" loading={busy === 'refuse'} disabled={uploading} onClick={() => run('refuse')}>
              {back ? '退回' : '拒绝'}
            </Button>
            {editableFields.length > 0 && can(WF_PERMS.formEdit) && !editing && (
              <Button variant="default" onClick={() => setEditing(true)}>
                修改表单
              </Button>
            )}
          </Group>
          <Group align="flex-end">
            <UserPicker label="加签" value={signer} onChange={(id) => setSigner(id)} />
            <Button variant="default" disabled={signer === null} loading={busy === 'sign'} onClick={() => act('sign', () => callApi(newstepCall, { body: { task_id: task.id, user_id: signer as number, comment: comment || undefined } }), '已加签', false)}>
              加签
            </Button>
          </Group>
        </>
      )}

      {detail.can_resubmit && !task && (
        <Textarea label="重新提交说明" placeholder="说明修改了什么（选填）" value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
      )}
      {(detail.can_recall || detail.can_edit_form || detail.can_resubmit) && (
        <Group>
          {detail.can_resubmit && !task && !editing && (
            <Button color="orange" loading={busy === 'resubmit'} onClick={() => void act('resubmit', () => callApi(resubmitCall, { body: { instance_id: inst.id, comment: comment || undefined } }), '已重新提交')}>
              重新提交
            </Button>
          )}
          {detail.can_edit_form && !task && !editing && (
            <Button variant="default" onClick={() => setEditing(true)}>
              修改申请
            </Button>
          )}
          {detail.can_recall && (
            <Button
              color="gray"
              variant="light"
              loading={busy === 'recall'}
              onClick={async () => {
                if (await confirmAction('确定撤回该申请吗？')) await act('recall', () => callApi(recallCall, { body: { instance_id: inst.id } }), '已撤回');
              }}
            >
              撤回申请
            </Button>
          )}
        </Group>
      )}

      {detail.can_admin && (
        <>
          <Divider label="流程干预（管理员）" labelPosition="left" />
          {pendingTasks.length > 0 && can(WF_PERMS.repair) && (
            <Group align="flex-end">
              <UserPicker label={`转交待办（${pendingTasks.map((t) => t.assignee_name ?? '管理员').join('、')}）`} value={handTo} onChange={(id) => setHandTo(id)} />
              <Button variant="default" disabled={handTo === null} loading={busy === 'hand'} onClick={() => act('hand', () => callApi(repairCall, { body: { instance_id: inst.id, task_id: pendingTasks[0].id, user_id: handTo as number, comment: comment || undefined } }), '已转交')}>
                转交
              </Button>
            </Group>
          )}
          {can(WF_PERMS.repair) && (
            <Group align="flex-end">
              <Select label="跳转到节点" placeholder="选择审批节点" data={detail.path.filter((n) => n.type === 'approver').map((n) => ({ value: n.node_id, label: n.name }))} value={moveTo} onChange={setMoveTo} />
              <Button variant="default" disabled={!moveTo} loading={busy === 'move'} onClick={() => act('move', () => callApi(repairCall, { body: { instance_id: inst.id, node_id: moveTo as string, comment: comment || undefined } }), '已跳转')}>
                跳转
              </Button>
            </Group>
          )}
          {can(WF_PERMS.interrupt) && (
            <Group>
              <Button
                color="red"
                variant="outline"
                loading={busy === 'stop'}
                onClick={async () => {
                  if (!comment.trim()) {
                    setFail('请在审批意见中填写终止原因');
                    return;
                  }
                  if (await confirmAction('确定终止该流程吗？终止后不可恢复。')) await act('stop', () => callApi(interruptCall, { body: { instance_id: inst.id, comment } }), '流程已终止');
                }}
              >
                终止流程
              </Button>
              {!task && (
                <Textarea placeholder="终止原因" value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={500} style={{ flex: 1 }} autosize minRows={1} />
              )}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

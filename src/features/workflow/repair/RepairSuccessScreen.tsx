import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { wfInstanceListCall } from '../../../contract/workflow';
import { loadDetail } from '../api';
import { FormView } from '../shared/FormView';
import { PathView } from '../shared/PathView';
import { STATE_COLOR } from '../tasks/InstanceDrawer';
import { REPAIR_PATH } from './paths';

/** The application to show: `?id=`, or else the caller's newest repair application. */
async function loadShown(id: number | null) {
  if (id !== null) return loadDetail(id);
  const page = await callApi(wfInstanceListCall, { query: { type: 'apply', ref_type: 'repair', page: 1, rows: 1 } });
  const newest = page.content[0];
  return newest ? loadDetail(newest.id) : null;
}

/**
 * 报修申请 › 申请成功: what was sent (its number, campus, form) and the path it takes with who
 * approves now; opened after sending, or from the menu for the caller's newest repair application.
 */
export default function RepairSuccessScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { data, error, isPending } = useQuery({ queryKey: ['wf-repair-success', id], queryFn: () => loadShown(id) });
  if (isPending) return <Loader size="sm" />;
  if (error) return <Alert color="red">{errorMessage(error, '报修申请加载失败')}</Alert>;
  if (!data)
    return (
      <Card withBorder padding="md">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">您还没有提交过报修申请。</Text>
          <Button size="xs" onClick={() => navigate(REPAIR_PATH)}>
            去报修
          </Button>
        </Stack>
      </Card>
    );
  const inst = data.instance;
  return (
    <Stack gap="sm" maw={880}>
      <Card withBorder padding="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCircleCheck size={36} color="var(--mantine-color-green-6)" style={{ flexShrink: 0 }} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600}>报修申请已提交</Text>
            <Text size="sm">{inst.title}</Text>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                申请编号 {inst.id} · {inst.school_name ?? ''} · {inst.created_at ?? ''}
              </Text>
              <Badge size="sm" variant="light" color={STATE_COLOR[inst.state]}>
                {inst.state_text}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {inst.state === 1 ? `当前由 ${inst.admin_queue ? '管理员' : (inst.current_approvers ?? '')} 审批（${inst.current_node_name ?? ''}），审批结果会通过消息通知您。` : '该申请已结束，可在任务中心 › 我发起的 查看全部步骤。'}
            </Text>
          </Stack>
        </Group>
      </Card>
      <Card withBorder padding="sm">
        <Text size="sm" fw={600} mb="xs">
          报修内容
        </Text>
        <FormView fields={data.form_fields} values={data.form} />
      </Card>
      <Card withBorder padding="sm">
        <Text size="sm" fw={600} mb="xs">
          审批流程
        </Text>
        <PathView path={data.path} />
      </Card>
      <Group gap="xs">
          <Button size="xs" onClick={() => navigate(REPAIR_PATH)}>
            返回报修申请
          </Button>
          <Button size="xs" variant="default" onClick={() => navigate('/task/my_applies')}>
            我发起的
          </Button>
      </Group>
    </Stack>
  );
}

import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { notifications } from '@mantine/notifications';
import { ScreenHost } from '../ScreenHost';

export const MISSING_REF_TYPE = '参数缺失!请联系管理员!';

function TaskCenter({ componentKey, title }: { componentKey: string; title: string }) {
  const [params] = useSearchParams();
  const refType = params.get('ref_type');
  useEffect(() => {
    if (!refType) notifications.show({ color: 'orange', message: MISSING_REF_TYPE });
  }, [refType]);
  if (!refType) return <Navigate to="/" replace />;
  return <ScreenHost componentKey={componentKey} title={title} />;
}

export function TaskApplyRoute() {
  return <TaskCenter componentKey="workflow/apply" title="任务中心 · 发起申请" />;
}

export function TaskApprovalRoute() {
  return <TaskCenter componentKey="workflow/approval" title="任务中心 · 审批" />;
}

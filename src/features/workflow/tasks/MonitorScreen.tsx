import { InstanceList } from './InstanceList';

/** 流程监控: every instance of the caller's campuses; an administrator hands on, moves or stops one from its detail. */
export function MonitorScreen() {
  return <InstanceList type="all" tableKey="wf_monitor" />;
}

/** 审批导出: the same list, exported as the table shows it. */
export function ExportScreen() {
  return <InstanceList type="all" tableKey="wf_export" exportName="审批记录" />;
}

import { Alert, Stack } from '@mantine/core';
import { ResourcePage } from '../../../components/ResourcePage';
import { aiLogResource } from '../../../contract/resources/marketing-screens';
import { useColumnsWithTime } from './createdColumn';

/** AI日志: what the system did to leads by itself (the recycling job's moves and warnings). */
export default function AiLogScreen() {
  const columns = useColumnsWithTime(aiLogResource, '执行时间');
  return (
    <Stack gap={8}>
      <Alert color="blue" variant="light" p={8}>
        系统每小时按各校区公海规则检查资源：超期未跟进或未成交的资源自动回收到公海，回收前提前提醒负责人。重点资源不回收。
      </Alert>
      <ResourcePage def={aiLogResource} columns={columns} exportName="AI日志" />
    </Stack>
  );
}

import { Alert, Stack } from '@mantine/core';
import { ResourcePage } from '../../../components/ResourcePage';
import { callCenterLogResource } from '../../../contract/resources/marketing';

/** 呼叫中心记录: what the call-centre provider dialled and sent (the built-in one only records it). */
export default function CallCenterScreen() {
  return (
    <Stack gap={8}>
      <Alert color="blue" variant="light">
        未接入外部呼叫中心时，外呼和短信由内置服务商记录在此，不会真正拨号或发送。
      </Alert>
      <ResourcePage def={callCenterLogResource} />
    </Stack>
  );
}

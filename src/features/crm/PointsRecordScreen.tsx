import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { pointsCheckCall } from '../../contract/crm';
import { integralLogResource } from '../../contract/resources/students';
import { ResourcePage, columnsOf, useColumnOptions } from '../../components/ResourcePage';
import { useMemo } from 'react';
import { ledgerColumns } from './ledgerColumns';

/**
 * 积分记录: the points ledger of the caller's campuses, append-only (a correction is a new row that
 * reverses, never an edit), with the check that every student's points equal the sum of their rows.
 */
export default function PointsRecordScreen() {
  const check = useQuery({ queryKey: ['crm-points-check'], queryFn: () => callApi(pointsCheckCall, { query: {} }), retry: false });
  const bad = check.data?.mismatches ?? [];
  const options = useColumnOptions(integralLogResource);
  const columns = useMemo(() => ledgerColumns(columnsOf(integralLogResource, options)), [options]);
  return (
    <Stack gap="xs">
      {check.isError ? <Alert color="red">{errorMessage(check.error)}</Alert> : null}
      {check.data && bad.length === 0 ? (
        <Text size="xs" c="dimmed">
          积分对账：每位学员的积分余额都等于其积分流水之和。
        </Text>
      ) : null}
      {bad.length > 0 ? (
        <Alert color="red" title="积分对账不一致">
          {bad.slice(0, 10).map((m) => `${m.student_name}：余额 ${m.integral}，流水合计 ${m.ledger}`).join('；')}
          {bad.length > 10 ? ` 等 ${bad.length} 名学员` : ''}
        </Alert>
      ) : null}
      <ResourcePage def={integralLogResource} columns={columns} />
    </Stack>
  );
}

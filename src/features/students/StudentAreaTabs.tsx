import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, errorMessage } from '../../api/client';
import { callApi } from '../../api/call';
import { ResourcePage } from '../../components/ResourcePage';
import type { Page } from '../../contract/envelope';
import { balanceCall, flowPageCall, FLOW_TYPES, optionText } from '../../contract/finance-accounts';
import { CALL_RESULTS, FOLLOW_WAYS, recordResource, resourceResource } from '../../contract/resources/marketing';
import type { RowOf } from '../../contract/resource';
import { orderResource } from '../../contract/resources/orders';
import { formatDateTime, formatYuan } from '../../lib/format';

/*
 * The student hub's tabs of other areas, each loaded only when its tab is opened (the hub's Tabs
 * do not keep panels mounted): the orders area's order list, the finance area's stored-value
 * account, and the marketing area's follow-up records of the leads the student came from. Each goes
 * through the contract's own calls; a call the user may not read shows the server's reason.
 */

const FLOW_ROWS = 20;
const RECORD_ROWS = 20;

/** 订单: the order_form page filtered by student_id, read-only (orders are made and changed on the order screens). */
export function OrdersTab({ studentId }: { studentId: number }) {
  return <ResourcePage def={orderResource} fixedFilters={{ student_id: studentId }} exportName={false} />;
}

function Failed({ error, what }: { error: unknown; what: string }) {
  return (
    <Alert color="red" mt="sm">
      {errorMessage(error, `${what}加载失败`)}
    </Alert>
  );
}

/** 账户: the stored-value balance (fn_student_account/balance) and its latest flows (fin_stu_account_flow/page). */
export function AccountTab({ studentId }: { studentId: number }) {
  const balance = useQuery({ queryKey: ['student-hub-balance', studentId], queryFn: () => callApi(balanceCall, { query: { student_id: studentId } }) });
  const flows = useQuery({
    queryKey: ['student-hub-flows', studentId],
    queryFn: () => callApi(flowPageCall, { query: { student_id: studentId, page: 1, rows: FLOW_ROWS } }),
  });
  if (balance.isLoading || flows.isLoading) return <Loader size="sm" mt="sm" />;
  if (balance.isError) return <Failed error={balance.error} what="账户余额" />;
  if (flows.isError) return <Failed error={flows.error} what="账户流水" />;
  const rows = flows.data?.content ?? [];
  return (
    <Stack gap="xs" mt="sm">
      <Group gap="xs">
        <Text size="sm">储值账户余额：</Text>
        <Text size="sm" fw={600}>
          {formatYuan(balance.data?.balance ?? 0)} 元
        </Text>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          暂无账户流水
        </Text>
      ) : (
        <Table striped withTableBorder aria-label="账户流水">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>时间</Table.Th>
              <Table.Th>业务类型</Table.Th>
              <Table.Th>金额（元）</Table.Th>
              <Table.Th>变动后余额（元）</Table.Th>
              <Table.Th>说明</Table.Th>
              <Table.Th>操作人</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>{formatDateTime(f.created_at)}</Table.Td>
                <Table.Td>{optionText(FLOW_TYPES, f.biz_type)}</Table.Td>
                <Table.Td>{formatYuan(f.amount)}</Table.Td>
                <Table.Td>{formatYuan(f.balance_after)}</Table.Td>
                <Table.Td>{f.reason ?? ''}</Table.Td>
                <Table.Td>{f.creator_name ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {(flows.data?.totalSize ?? 0) > rows.length && (
        <Text size="xs" c="dimmed">
          显示最近 {rows.length} 条，共 {flows.data?.totalSize} 条；全部流水见 财务 › 学员账户
        </Text>
      )}
    </Stack>
  );
}

type LeadRow = RowOf<typeof resourceResource.fields>;
type RecordRow = RowOf<typeof recordResource.fields>;

/**
 * 跟进: the students area keeps no follow-ups of its own; what exists are the marketing area's
 * follow-up records (mkt_record) of the leads (mkt_resource) that became this student.
 */
export function FollowUpsTab({ studentId }: { studentId: number }) {
  const records = useQuery({
    queryKey: ['student-hub-follow-ups', studentId],
    queryFn: async () => {
      const leads = await api.postForm<Page<LeadRow>>('api/v1/mkt_resource/page', { student_id: studentId, page: 1, rows: 10 });
      const pages = await Promise.all(leads.content.map((l) => api.get<Page<RecordRow>>('api/v1/mkt_record/page', { resource_id: l.id, page: 1, rows: RECORD_ROWS, sort: 'id desc' })));
      return { leads: leads.content, rows: pages.flatMap((p) => p.content).sort((a, b) => b.id - a.id) };
    },
  });
  if (records.isLoading) return <Loader size="sm" mt="sm" />;
  if (records.isError) return <Failed error={records.error} what="跟进记录" />;
  const data = records.data ?? { leads: [], rows: [] };
  return (
    <Stack gap="xs" mt="sm">
      <Text size="xs" c="dimmed">
        该学员转化前在市场资源中的跟进记录（{data.leads.length === 0 ? '无对应资源' : data.leads.map((l) => l.name).join('、')}）
      </Text>
      {data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          暂无跟进记录
        </Text>
      ) : (
        <Table striped withTableBorder aria-label="跟进记录">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>跟进时间</Table.Th>
              <Table.Th>跟进方式</Table.Th>
              <Table.Th>跟进结果</Table.Th>
              <Table.Th>跟进内容</Table.Th>
              <Table.Th>下次跟进</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.follow_at ?? r.created_at ?? '')}</Table.Td>
                <Table.Td>{optionText(FOLLOW_WAYS, r.way)}</Table.Td>
                <Table.Td>{optionText(CALL_RESULTS, r.result)}</Table.Td>
                <Table.Td>{r.content}</Table.Td>
                <Table.Td>{r.next_follow_at ? formatDateTime(r.next_follow_at) : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

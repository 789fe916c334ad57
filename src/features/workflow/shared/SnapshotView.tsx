import { Table, Text } from '@mantine/core';

/** Labels of the columns business records commonly carry; other keys are shown as they are. */
const LABELS: Readonly<Record<string, string>> = {
  id: '编号',
  school_id: '校区',
  student_id: '学员',
  student_name: '学员姓名',
  order_id: '订单',
  refund_no: '退费单号',
  transfer_no: '转校单号',
  to_school_id: '转入校区',
  amount: '金额（分）',
  start_date: '开始日期',
  end_date: '结束日期',
  days: '天数',
  reason: '原因',
  state: '状态',
  remark: '备注',
  created_at: '提交时间',
};

const HIDDEN = new Set(['updated_at', 'updated_by', 'created_by', 'del_flag', 'wf_instance_id']);

/** The business record as it was when the application was submitted (the instance's snapshot). */
export function SnapshotView({ snapshot }: { snapshot: unknown }) {
  if (!snapshot || typeof snapshot !== 'object' || Array.isArray(snapshot)) {
    return (
      <Text size="sm" c="dimmed">
        该申请没有关联业务记录的快照
      </Text>
    );
  }
  const entries = Object.entries(snapshot as Record<string, unknown>).filter(([k, v]) => !HIDDEN.has(k) && v !== undefined);
  return (
    <Table withTableBorder withColumnBorders data-testid="wf-snapshot">
      <Table.Tbody>
        {entries.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th w={140}>{LABELS[k] ?? k}</Table.Th>
            <Table.Td>{v === null || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

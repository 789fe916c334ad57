import { Table, Text, Title } from '@mantine/core';
import { ORDER_LOG_ACTIONS } from '../../contract/resources/orders';
import { formatYuan } from '../../lib/format/money';

/** Log actions that change an audited order (a new version or a recorded event), as the history lists them. */
const AMENDMENTS = new Set(['modify', 'teacher', 'validity', 'due', 'transfer_order', 'transfer_campus', 'class_type_transfer']);

const actionText = (v: unknown): string => ORDER_LOG_ACTIONS.find((a) => a.value === v)?.text ?? String(v ?? '');

function snapshotOf(raw: unknown): Record<string, unknown> | null {
  if (raw && typeof raw === 'object') return raw as Record<string, unknown>;
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What an amendment replaced, in words, from the snapshot its log entry kept. */
export function beforeText(action: unknown, raw: unknown): string {
  const s = snapshotOf(raw);
  if (!s) return '';
  const parts: string[] = [];
  if (action === 'modify') {
    parts.push(`销售顾问 ${String(s.seller_name ?? '无')}`, `班主任 ${String(s.teacher_name ?? '无')}`, `备注 ${String(s.remark ?? '无') || '无'}`);
    if (Array.isArray(s.divides) && s.divides.length > 0) parts.push(`业绩分配 ${s.divides.map((d: { ratio?: unknown }) => `${String(d.ratio ?? '')}%`).join('/')}`);
  } else if (action === 'teacher') {
    parts.push(`班主任 ${String(s.teacher_name ?? '无')}`);
  } else if (action === 'due') {
    parts.push(`应收 ${formatYuan(s.deal_amount)} 元`);
  } else if (action === 'validity' && Array.isArray(s.lines)) {
    for (const l of s.lines as { end_date_before?: unknown; end_date_after?: unknown }[]) parts.push(`有效期 ${String(l.end_date_before ?? '')} → ${String(l.end_date_after ?? '')}`);
  }
  if (typeof s.version === 'number') parts.unshift(`第 ${s.version} 版`);
  return parts.join('，');
}

/** 变更记录: every amendment of the order with its version, who, when, why and what it replaced. */
export function AmendmentHistory({ logs }: { logs: readonly Record<string, unknown>[] }) {
  const rows = logs.filter((l) => AMENDMENTS.has(String(l.action)));
  return (
    <>
      <Title order={6}>变更记录</Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          暂无变更
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder data-testid="amendment-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>时间</Table.Th>
                <Table.Th>操作人</Table.Th>
                <Table.Th>类型</Table.Th>
                <Table.Th>版本</Table.Th>
                <Table.Th>原因</Table.Th>
                <Table.Th>变更前</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={String(l.id)}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{String(l.created_at ?? '')}</Table.Td>
                  <Table.Td>{String(l.operator_name ?? '')}</Table.Td>
                  <Table.Td>{actionText(l.action)}</Table.Td>
                  <Table.Td>{String(l.version ?? '')}</Table.Td>
                  <Table.Td>{String(l.reason ?? '')}</Table.Td>
                  <Table.Td>{beforeText(l.action, l.snapshot)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

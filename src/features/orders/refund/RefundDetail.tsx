import { Alert, List, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, errorMessage } from '../../../api/client';
import { callUrl } from '../../../components/ResourcePage';
import type { TableRow } from '../../../components/DataTable';
import type { RefundCalculation } from '../../../contract/orders-extras';
import { PAYOUT_KINDS, REFUND_STATES, refundResource } from '../../../contract/resources/orders-extras';
import { formatYuan } from '../../../lib/format/money';

const textOf = (items: readonly { value: string | number; text: string }[], v: unknown) => items.find((o) => String(o.value) === String(v))?.text ?? '';

/** The calculation kept on the 退费单 when it was last computed (its `detail` column, JSON). */
function calculationOf(detail: unknown): RefundCalculation | null {
  if (typeof detail !== 'string' || detail === '') return null;
  try {
    const parsed: unknown = JSON.parse(detail);
    return parsed && typeof parsed === 'object' && Array.isArray((parsed as { explain?: unknown }).explain) ? (parsed as RefundCalculation) : null;
  } catch {
    return null;
  }
}

/** 退费单详情: its amounts, state, payout and receipt, and how the amount was computed. */
export function RefundDetail({ row, onClose }: { row: TableRow; onClose(): void }) {
  const url = callUrl(refundResource, 'get');
  const q = useQuery({ queryKey: ['order_refund/get', row.id], enabled: !!url, queryFn: () => api.get<Record<string, unknown>>(url ?? '', { id: Number(row.id) }) });
  const r = q.data ?? row;
  const calc = calculationOf(r.detail);
  const facts: [string, string][] = [
    ['退费单号', String(r.refund_no ?? '')],
    ['订单编号', String(r.order_no ?? '')],
    ['学员', String(r.student_name ?? row.student_name ?? '')],
    ['状态', textOf(REFUND_STATES, r.state)],
    ['未用实收', `${formatYuan(r.paid_left)} 元`],
    ['课时退费', `${formatYuan(r.hours_amount)} 元`],
    ['赠送扣除', `${formatYuan(r.gift_deduction)} 元`],
    ['手续费', `${formatYuan(r.service_charge)} 元`],
    ['减免', `${formatYuan(r.relief)} 元`],
    ['退费金额', `${formatYuan(r.amount)} 元`],
    ['退款方式', textOf(PAYOUT_KINDS, r.payout_kind)],
    ['退款凭证号', String(r.receipt_no ?? '')],
    ['退款时间', String(r.refunded_at ?? '')],
  ];
  return (
    <Modal opened onClose={onClose} title={`退费单详情 ${String(row.refund_no ?? '')}`} size="lg">
      <Stack gap="sm">
        {q.error && <Alert color="red">{errorMessage(q.error, '读取退费单失败')}</Alert>}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {facts.map(([k, v]) => (
            <Text key={k} size="sm">
              <Text span c="dimmed">
                {k}：
              </Text>
              {v}
            </Text>
          ))}
        </SimpleGrid>
        {calc && (
          <>
            <Text size="sm" fw={600}>
              计算过程
            </Text>
            <List size="xs" spacing={2}>
              {calc.explain.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Modal>
  );
}

import { Badge, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { orderDetailCall } from '../../contract/orders';
import { DIVIDE_KINDS, ORDER_LOG_ACTIONS, ORDER_STATES, PAY_METHODS } from '../../contract/resources/orders';
import { formatYuan } from '../../lib/format/money';
import { AmendmentHistory } from './AmendmentHistory';

const textOf = (items: readonly { value: string | number; text: string }[], v: unknown): string => items.find((i) => String(i.value) === String(v))?.text ?? String(v ?? '');
/** Hundredths of a lesson hour as hours (150 → 1.5). */
export const hoursText = (v: unknown): string => String(Math.round(Number(v ?? 0)) / 100);

/** 订单详情 (component: order detail): the order, its lines, contract lines with hours left, shares, payments and history. */
export function OrderDetail({ id, onClose }: { id: number; onClose(): void }) {
  const q = useQuery({ queryKey: ['order_form/detail', id], queryFn: () => callApi(orderDetailCall, { query: { id } }) });
  const d = q.data;
  return (
    <Modal opened onClose={onClose} title="订单详情" size="xl">
      {q.error && <Text c="red">{errorMessage(q.error, '读取订单失败')}</Text>}
      {d && (
        <Stack gap="sm">
          <Text>
            订单编号 {String(d.order.order_no)}　合同编号 {String(d.order.contract_no ?? '待确认')}　学员 {String(d.order.student_name ?? '')}　<Badge>{textOf(ORDER_STATES, d.order.state)}</Badge>　版本 {String(d.order.version)}
          </Text>
          <Text>
            原价 {formatYuan(d.order.list_amount)} 元　优惠 {formatYuan(d.order.discount_amount)} 元　应收 {formatYuan(d.order.deal_amount)} 元{Number(d.order.due_amount ?? 0) > 0 ? `（含应补差价 ${formatYuan(d.order.due_amount)} 元）` : ''}　已收 {formatYuan(d.order.paid_amount)} 元　销售顾问 {String(d.order.seller_name ?? '')}
          </Text>
          <Title order={6}>订单明细</Title>
          <Table.ScrollContainer minWidth={600}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>班型</Table.Th>
                <Table.Th>购买课时</Table.Th>
                <Table.Th>赠送课时</Table.Th>
                <Table.Th>标价(元)</Table.Th>
                <Table.Th>优惠(元)</Table.Th>
                <Table.Th>成交价(元)</Table.Th>
                <Table.Th>有效天数</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.lines.map((l) => (
                <Table.Tr key={String(l.id)}>
                  <Table.Td>{String(l.class_type_name ?? '')}</Table.Td>
                  <Table.Td>{hoursText(l.bought_hours)}</Table.Td>
                  <Table.Td>{hoursText(l.gift_hours)}</Table.Td>
                  <Table.Td>{formatYuan(l.list_price)}</Table.Td>
                  <Table.Td>{formatYuan(l.discount)}</Table.Td>
                  <Table.Td>{formatYuan(l.deal_price)}</Table.Td>
                  <Table.Td>{String(l.validity_days)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          </Table.ScrollContainer>
          <Title order={6}>合同课时</Title>
          <Table.ScrollContainer minWidth={600}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>班型</Table.Th>
                <Table.Th>可消课</Table.Th>
                <Table.Th>已消课时</Table.Th>
                <Table.Th>剩余课时</Table.Th>
                <Table.Th>实收金额(元)</Table.Th>
                <Table.Th>优惠金额(元)</Table.Th>
                <Table.Th>有效期至</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.contract_lines.map((l) => (
                <Table.Tr key={String(l.id)}>
                  <Table.Td>{String(l.class_type_name ?? '')}</Table.Td>
                  <Table.Td>{l.active ? '是' : '否（待付清）'}</Table.Td>
                  <Table.Td>{hoursText(l.consumed_hours)}</Table.Td>
                  <Table.Td data-testid="remaining-hours">{hoursText(l.remaining_hours)}</Table.Td>
                  <Table.Td>{formatYuan(l.paid_money)}</Table.Td>
                  <Table.Td>{formatYuan(l.promo_money)}</Table.Td>
                  <Table.Td>{String(l.end_date ?? '长期')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          </Table.ScrollContainer>
          <Title order={6}>收款记录</Title>
          {d.payments.length === 0 ? (
            <Text c="dimmed">暂无收款</Text>
          ) : (
            d.payments.map((p) => (
              <Text key={String(p.id)}>
                {String(p.paid_at)}　{String(p.receipt_no)}　{textOf(PAY_METHODS, p.method)}　{formatYuan(p.amount)} 元{p.remark ? `　${String(p.remark)}` : ''}
              </Text>
            ))
          )}
          <Title order={6}>业绩分配</Title>
          {d.divides.map((x) => (
            <Text key={String(x.id)}>
              {String(x.user_name ?? '')}　{String(x.ratio)}%　{formatYuan(x.amount)} 元{Number(x.kind) === 2 ? `　${textOf(DIVIDE_KINDS, x.kind)} ${String(x.ref_no ?? '')}` : ''}
            </Text>
          ))}
          <AmendmentHistory logs={d.logs} />
          <Title order={6}>订单记录</Title>
          {d.logs.map((l) => (
            <Text key={String(l.id)} size="sm">
              {String(l.created_at)}　{String(l.operator_name ?? '')}　{textOf(ORDER_LOG_ACTIONS, l.action)}（版本 {String(l.version ?? '')}）{l.reason ? `：${String(l.reason)}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { transferCampusInfoCall, type OrderHoldings as Holdings } from '../../contract/orders-transfer';
import { formatYuan } from '../../lib/format/money';
import { hoursText } from './OrderDetail';

/** What a transfer would move: the order's lines held by its student now (get_transfer_campus_info). */
export function useOrderHoldings(id: number) {
  return useQuery({ queryKey: ['order_form/get_transfer_campus_info', id], queryFn: () => callApi(transferCampusInfoCall, { query: { id } }) });
}

/** The order's hours and money left per contract line, as the transfer dialogs show them. */
export function OrderHoldingsTable({ holdings, error }: { holdings?: Holdings; error?: unknown }) {
  if (error) return <Text c="red">{errorMessage(error, '读取订单课时失败')}</Text>;
  if (!holdings) return <Text c="dimmed">加载中…</Text>;
  return (
    <>
      <Text size="sm">
        学员 {holdings.student_name ?? ''}　校区 {holdings.school_name ?? ''}　剩余 {hoursText(holdings.hours)} 课时　未用实收 {formatYuan(holdings.paid_left)} 元　未用优惠 {formatYuan(holdings.promo_left)} 元
      </Text>
      <Table striped withTableBorder data-testid="order-holdings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>班型</Table.Th>
            <Table.Th>剩余课时</Table.Th>
            <Table.Th>未用实收(元)</Table.Th>
            <Table.Th>有效期至</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {holdings.lines.map((l) => (
            <Table.Tr key={l.line_id}>
              <Table.Td>{l.class_type_name ?? ''}</Table.Td>
              <Table.Td>{l.active === 1 ? hoursText(l.remaining_hours) : '未付清，尚不可用'}</Table.Td>
              <Table.Td>{formatYuan(l.paid_left)}</Table.Td>
              <Table.Td>{l.end_date ?? '不限'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

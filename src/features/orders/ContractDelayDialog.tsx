import { Alert, Checkbox, Modal, NumberInput, Stack, Table, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { orderDetailCall } from '../../contract/orders';
import { contractDelayCall } from '../../contract/orders-components';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { hoursText } from './OrderDetail';

/** A line with an end date and hours left (or not yet consumable) can be delayed. */
const delayable = (lines: readonly Record<string, unknown>[]) => lines.filter((l) => l.end_date && (Number(l.active) === 0 || Number(l.remaining_hours) > 0));

/** 合同延期 (component: contract delay): the chosen contract lines' validity moves out by the days agreed, recorded per line. */
export function ContractDelayDialog({ id, orderNo, onClose, onDone }: { id: number; orderNo: string; onClose(): void; onDone(): void }) {
  const q = useQuery({ queryKey: ['order_form/detail', id], queryFn: () => callApi(orderDetailCall, { query: { id } }) });
  const lines = delayable(q.data?.contract_lines ?? []);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [days, setDays] = useState<number | string>(30);
  const [reason, setReason] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('合同延期失败');
  // every delayable line is chosen when the order is read
  useEffect(() => {
    if (q.data) setPicked(new Set(delayable(q.data.contract_lines).map((l) => Number(l.id))));
  }, [q.data]);
  const toggle = (lineId: number) => setPicked((s) => (s.has(lineId) ? new Set([...s].filter((x) => x !== lineId)) : new Set([...s, lineId])));
  const confirm = () => {
    if (picked.size === 0) return setError('请选择要延期的合同课时');
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1) return setError('延期天数必须是大于0的整数');
    if (!reason.trim()) return setError('请输入延期原因');
    void submit(async () => {
      const out = await callApi(contractDelayCall, { body: { id, days: n, reason: reason.trim(), line_ids: [...picked] } });
      notifySuccess(`已延期 ${out.lines.length} 条合同课时${out.lines[0] ? `，有效期至 ${out.lines[0].end_date_after}` : ''}`);
      onDone();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`合同延期 ${orderNo}`} size="lg">
      <Stack>
        {q.error && <Alert color="red">{errorMessage(q.error, '读取订单失败')}</Alert>}
        {q.data && lines.length === 0 && <Alert color="orange">该订单没有可延期的合同课时（已用完或不限有效期）</Alert>}
        {lines.length > 0 && (
          <Table.ScrollContainer minWidth={300}>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th>班型</Table.Th>
                  <Table.Th>剩余课时</Table.Th>
                  <Table.Th>有效期至</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l) => (
                  <Table.Tr key={String(l.id)}>
                    <Table.Td>
                      <Checkbox aria-label="选择" checked={picked.has(Number(l.id))} onChange={() => toggle(Number(l.id))} />
                    </Table.Td>
                    <Table.Td>{String(l.class_type_name ?? '')}</Table.Td>
                    <Table.Td>{hoursText(l.remaining_hours)}</Table.Td>
                    <Table.Td data-testid="delay-end-date">{String(l.end_date ?? '')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <NumberInput label="延期天数" required value={days} onChange={setDays} min={1} max={3650} allowDecimal={false} />
        <Textarea label="延期原因" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={255} />
        <Text size="xs" c="dimmed">
          延期记录在订单的变更记录中，可随时查看。
        </Text>
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="确认延期" />
      </Stack>
    </Modal>
  );
}

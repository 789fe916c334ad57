import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { confirmContractCall, protocolCall } from '../../contract/orders';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { useHasPermission } from '../../components/session';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The contract as a printable page, printed with the browser's print (save as PDF there). */
function printContract(title: string, lines: readonly string[], body: string): void {
  const win = window.open('', '_blank');
  if (!win) return;
  win.document.title = title;
  win.document.body.innerHTML = `<h2 style="text-align:center">${escapeHtml(title)}</h2>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(body)}</pre><p style="margin-top:48px">家长签字：____________　　校区盖章：____________</p>`;
  win.focus();
  win.print();
}

/** 合同 (audited / contract): the protocol text the parent reads, 确认合同 with its version, and the printable contract. */
export function ContractDialog({ order, onClose, onDone }: { order: Record<string, unknown> & { id: number }; onClose(): void; onDone(): void }) {
  const can = useHasPermission();
  const q = useQuery({ queryKey: ['order_form/protocol', order.id], queryFn: () => callApi(protocolCall, { query: { id: order.id } }) });
  const { error, busy, submit } = useDialogSubmit('确认合同失败');
  const confirm = () =>
    submit(async () => {
      if (!q.data) return;
      const out = await callApi(confirmContractCall, { body: { id: order.id, protocol_version: q.data.protocol_version } });
      notifySuccess(`合同已确认，合同编号 ${out.contract_no}`);
      onDone();
    });
  const head = [`订单编号：${String(order.order_no ?? '')}`, `合同编号：${String(order.contract_no ?? '待确认')}`, `学员：${String(order.student_name ?? '')}`, `协议版本：${q.data?.protocol_version ?? ''}`];
  return (
    <Modal opened onClose={onClose} title="培训服务合同" size="lg">
      <Stack>
        {q.error && <Text c="red">{errorMessage(q.error, '读取协议失败')}</Text>}
        {head.map((h) => (
          <Text key={h} size="sm">
            {h}
          </Text>
        ))}
        <ScrollArea h={260} type="auto">
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="protocol-text">
            {q.data?.protocol_text ?? ''}
          </Text>
        </ScrollArea>
        <Group justify="space-between">
          <Button variant="default" disabled={!q.data} onClick={() => printContract('培训服务合同', head, q.data?.protocol_text ?? '')}>
            打印合同
          </Button>
          {q.data?.confirmed && <Text c="green">家长已确认该版本协议</Text>}
        </Group>
        {q.data && !q.data.confirmed && can('order_form_confirm_contract') && <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={() => void confirm()} confirmLabel="家长已阅读，确认合同" />}
      </Stack>
    </Modal>
  );
}

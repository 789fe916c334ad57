import { Modal, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { classTypeTransferAddCall } from '../../contract/orders-transfer';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { RefSelect } from '../../components/options';
import { formatYuan } from '../../lib/format/money';
import { hoursText } from './OrderDetail';
import { OrderHoldingsTable, useOrderHoldings } from './OrderHoldings';

/** Hours typed (1.5) → hundredths (150); empty stays undefined. */
const hundredthsOf = (v: number | string): number | undefined => (v === '' || v === null ? undefined : Math.round(Number(v) * 100));

/**
 * 转班型 (component: transfer class type): hours of one class type of the order become hours of
 * another, converted by value at its fee standard; left empty, all the hours and what their value buys.
 */
export function ClassTypeTransferDialog({ id, orderNo, onClose, onDone }: { id: number; orderNo: string; onClose(): void; onDone(): void }) {
  const info = useOrderHoldings(id);
  const [fromId, setFromId] = useState<string | null>(null);
  const [toId, setToId] = useState('');
  const [hours, setHours] = useState<number | string>('');
  const [toHours, setToHours] = useState<number | string>('');
  const [remark, setRemark] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('转班型失败');
  const types = new Map((info.data?.lines ?? []).filter((l) => l.active === 1 && l.remaining_hours > 0).map((l) => [String(l.class_type_id), l.class_type_name ?? String(l.class_type_id)]));
  const confirm = () => {
    if (!fromId) return setError('请选择原班型');
    if (!toId) return setError('请选择新班型');
    void submit(async () => {
      const out = await callApi(classTypeTransferAddCall, {
        body: { order_id: id, from_class_type_id: Number(fromId), to_class_type_id: Number(toId), hours: hundredthsOf(hours), to_hours: hundredthsOf(toHours), remark: remark.trim() || undefined },
      });
      notifySuccess(`已转班型：${hoursText(out.from_hours)} 课时转为 ${hoursText(out.to_hours)} 课时${out.difference > 0 ? `，应补差价 ${formatYuan(out.difference)} 元` : ''}`);
      onDone();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`转班型 ${orderNo}`} size="lg">
      <Stack>
        <OrderHoldingsTable holdings={info.data} error={info.error} />
        <Select label="原班型" required value={fromId} onChange={setFromId} data={[...types].map(([value, label]) => ({ value, label }))} nothingFoundMessage="没有可转出的课时" />
        <RefSelect resource="prod_class_type" labels={['name']} value={toId} onChange={setToId} label="新班型" size="sm" required />
        <NumberInput label="转出课时（不填为全部）" value={hours} onChange={setHours} decimalScale={2} min={0} />
        <NumberInput label="转入课时（不填按价值换算）" value={toHours} onChange={setToHours} decimalScale={2} min={0} />
        <Textarea label="备注" value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={255} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="确认转班型" />
      </Stack>
    </Modal>
  );
}

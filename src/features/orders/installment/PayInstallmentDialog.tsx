import { Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { payInstallmentCall } from '../../../contract/orders-extras';
import { PAY_METHODS } from '../../../contract/resources/orders';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { formatYuan, yuanToFen } from '../../../lib/format/money';

type Method = 'cash' | 'card' | 'transfer' | 'qr' | 'account';
const METHODS: readonly Method[] = ['cash', 'card', 'transfer', 'qr', 'account'];
const isMethod = (v: string | null): v is Method => METHODS.some((m) => m === v);

/** 分期还款: money received settles the plan's periods oldest first; the server issues the receipt. */
export function PayInstallmentDialog({ id, owed, onClose, onDone }: { id: number; owed: number; onClose(): void; onDone(): void }) {
  const [yuan, setYuan] = useState<number | string>(owed / 100);
  const [method, setMethod] = useState<Method>('cash');
  const { error, setError, busy, submit } = useDialogSubmit('还款失败');
  const confirm = () => {
    const amount = yuanToFen(yuan);
    if (!amount || amount <= 0) return setError('请输入还款金额');
    void submit(async () => {
      const out = await callApi(payInstallmentCall, { body: { id, amount, pay_method: method } });
      notifySuccess(`还款成功，收据编号 ${out.receipt_no}${out.settled_periods.length ? `，结清第${out.settled_periods.join('、')}期` : ''}`);
      onDone();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`分期还款（分期订单 ${id}）`}>
      <Stack>
        <Text size="sm">未还金额 {formatYuan(owed)} 元，还款按期次从早到晚结清</Text>
        <NumberInput label="还款金额（元）" value={yuan} onChange={setYuan} decimalScale={2} min={0} />
        <Select
          label="支付方式"
          value={method}
          onChange={(v) => setMethod(isMethod(v) ? v : 'cash')}
          data={PAY_METHODS.map((m) => ({ value: String(m.value), label: m.text }))}
          allowDeselect={false}
        />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="确认还款" />
      </Stack>
    </Modal>
  );
}

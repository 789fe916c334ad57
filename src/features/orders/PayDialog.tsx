import { Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { payOrderCall } from '../../contract/orders';
import { PAY_METHODS } from '../../contract/resources/orders';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { formatYuan, yuanToFen } from '../../lib/format/money';

type Method = 'cash' | 'card' | 'transfer' | 'qr' | 'account';

/** 订单收款: one payment (yuan typed, fen sent) with its receipt number from the server. */
export function PayDialog({ id, orderNo, due, onClose, onDone }: { id: number; orderNo: string; due: number; onClose(): void; onDone(): void }) {
  const [yuan, setYuan] = useState<number | string>(due / 100);
  const [method, setMethod] = useState<Method>('cash');
  const { error, setError, busy, submit } = useDialogSubmit('收款失败');
  const confirm = () => {
    const amount = yuanToFen(yuan);
    if (!amount || amount <= 0) return setError('请输入收款金额');
    void submit(async () => {
      const out = await callApi(payOrderCall, { body: { id, amount, method } });
      notifySuccess(`收款成功，收据编号 ${out.receipt_no}`);
      onDone();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`订单收款 ${orderNo}`}>
      <Stack>
        <Text>未收金额 {formatYuan(due)} 元</Text>
        <NumberInput label="收款金额（元）" value={yuan} onChange={setYuan} decimalScale={2} min={0} />
        <Select label="支付方式" value={method} onChange={(v) => setMethod((v ?? 'cash') as Method)} data={PAY_METHODS.map((m) => ({ value: String(m.value), label: m.text }))} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="确认收款" />
      </Stack>
    </Modal>
  );
}

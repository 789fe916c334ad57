import { Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { PAY_METHODS, type AccountStudentHit } from '../../contract/finance-accounts';
import { formatYuan, yuanToFen } from '../../lib/format/money';
import { financeApi, newKey } from './api';
import { StudentPicker } from './StudentPicker';

export type AccountAction = 'deposit' | 'refund' | 'transfer' | 'adjust' | 'bonus';

const TITLES: Record<AccountAction, string> = { deposit: '账户充值', refund: '账户退款', transfer: '账户转账', adjust: '余额调整申请', bonus: '赠送/期初余额' };
const CASH_METHODS = PAY_METHODS.filter((m) => m.value !== 'account').map((m) => ({ value: m.value, label: m.text }));

/** The dialogs of a student's account: one form, the fields each action needs; one idempotency key per dialog. */
export function AccountDialog({ action, student, onClose }: { action: AccountAction; student: AccountStudentHit; onClose: (saved: boolean) => void }) {
  const { error, busy, submit } = useDialogSubmit('提交失败');
  const [key] = useState(newKey);
  const [yuan, setYuan] = useState<string | number>('');
  const [payMethod, setPayMethod] = useState<string | null>(action === 'deposit' ? 'wechat' : action === 'refund' ? 'cash' : null);
  const [text, setText] = useState('');
  const [payer, setPayer] = useState('');
  const [sign, setSign] = useState<string | null>('1');
  const [bizType, setBizType] = useState<string | null>('bonus');
  const [target, setTarget] = useState<AccountStudentHit | null>(null);
  const save = () =>
    submit(async () => {
      const amount = yuanToFen(yuan) ?? 0;
      const method = (payMethod ?? '') as 'cash';
      if (action === 'deposit') {
        const r = await financeApi.deposit({ student_id: student.id, amount, pay_method: method, payer: payer || null, remark: text || null }, key);
        notifySuccess(`充值成功，收据 ${r.receipt?.receipt_no ?? ''}，余额 ${formatYuan(r.balance)} 元`);
      } else if (action === 'refund') {
        const r = await financeApi.refund({ student_id: student.id, amount, pay_method: method, reason: text }, key);
        notifySuccess(`退款成功，收据 ${r.receipt?.receipt_no ?? ''}，余额 ${formatYuan(r.balance)} 元`);
      } else if (action === 'transfer') {
        const r = await financeApi.transfer({ from_student_id: student.id, to_student_id: target?.id ?? 0, amount, reason: text }, key);
        notifySuccess(`转账成功（${r.transfer_no}），余额 ${formatYuan(r.from.balance)} 元`);
      } else if (action === 'adjust') {
        await financeApi.modifyBalance({ student_id: student.id, amount: sign === '-1' ? -amount : amount, reason: text }, key);
        notifySuccess('余额调整已提交，等待另一位同事审核');
      } else {
        const r = await financeApi.addFlow({ student_id: student.id, amount, biz_type: (bizType ?? 'bonus') as 'bonus', reason: text }, key);
        notifySuccess(`已入账，余额 ${formatYuan(r.balance)} 元`);
      }
      onClose(true);
    });
  const reasonLabel = action === 'deposit' ? '备注' : action === 'refund' ? '退款原因' : action === 'transfer' ? '转账原因' : action === 'adjust' ? '调整原因' : '原因';
  return (
    <Modal opened onClose={() => onClose(false)} title={`${TITLES[action]}：${student.name}`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          当前余额 {formatYuan(student.balance)} 元
        </Text>
        {action === 'transfer' && <StudentPicker label="转入学员" value={target} onChange={setTarget} required />}
        {action === 'adjust' && (
          <Select label="调整方向" data={[{ value: '1', label: '增加' }, { value: '-1', label: '减少' }]} value={sign} onChange={setSign} allowDeselect={false} />
        )}
        {action === 'bonus' && (
          <Select label="业务类型" data={[{ value: 'bonus', label: '赠送' }, { value: 'opening', label: '期初余额' }]} value={bizType} onChange={setBizType} allowDeselect={false} />
        )}
        <NumberInput label="金额（元）" value={yuan} onChange={setYuan} min={0} decimalScale={2} thousandSeparator="," required />
        {(action === 'deposit' || action === 'refund') && (
          <Select label={action === 'deposit' ? '收款方式' : '退款方式'} data={CASH_METHODS} value={payMethod} onChange={setPayMethod} allowDeselect={false} required />
        )}
        {action === 'deposit' && <TextInput label="交款人" value={payer} onChange={(e) => setPayer(e.currentTarget.value)} maxLength={32} />}
        <TextInput label={reasonLabel} value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={200} required={action !== 'deposit'} />
        <DialogActions error={error} busy={busy} onCancel={() => onClose(false)} onConfirm={() => void save()} />
      </Stack>
    </Modal>
  );
}

import { Alert, Badge, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { DialogActions, useDialogSubmit } from '../../components/feedback';
import { useOptions } from '../../components/options';
import { withholdDueCall, type WithholdResult } from '../../contract/finance-withholding';
import { formatYuan } from '../../lib/format/money';
import { newKey } from './api';
import { numberCell } from './numberCell';

/** What the dialog shows: the campus, then the confirmation naming it, then the provider's answer. */
type Step = { kind: 'pick' } | { kind: 'confirm'; schoolId: number; schoolName: string } | { kind: 'done'; schoolName: string; result: WithholdResult };


/** The result in words: how many were withheld and for how much, how many the channel refused. */
export function withholdSummary(r: WithholdResult): string {
  if (r.items.length === 0) return `${r.day} 没有需要代扣的到期分期（当天已代扣过的不会重复扣款）`;
  const refused = r.items.filter((i) => i.state !== 1).reduce((n, i) => n + i.amount, 0);
  return `${r.day} 代扣成功 ${r.succeeded} 笔，共 ${formatYuan(r.amount)} 元；失败 ${r.failed} 笔${r.failed > 0 ? `，共 ${formatYuan(refused)} 元` : ''}`;
}

/**
 * 代扣到期分期: withholds, through the payment channel, what the installments of one campus with a
 * withholding agreement owe by today (fin_of_deposit_detail/withhold_due). One idempotency key per
 * dialog: a double click or a retry answers the first result; a later run the same day takes nothing
 * more (the server claims each attempt by its trade number). `onWithheld` refreshes the list.
 */
export function WithholdDialog({ onClose, onWithheld }: { onClose: () => void; onWithheld: () => void }) {
  const schools = useOptions({ kind: 'schools' });
  const [picked, setPicked] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [key] = useState(newKey);
  const { error, setError, busy, submit } = useDialogSubmit('代扣失败');
  // a user of one campus has it chosen already
  const school = picked ?? (schools.items.length === 1 ? String(schools.items[0].value) : null);
  const nameOf = (id: string) => schools.items.find((s) => String(s.value) === id)?.text ?? '';

  const next = () => {
    if (school === null) return setError('请选择校区');
    setError(null);
    setStep({ kind: 'confirm', schoolId: Number(school), schoolName: nameOf(school) });
  };
  const withhold = (target: { schoolId: number; schoolName: string }) =>
    submit(async () => {
      const result = await callApi(withholdDueCall, { body: { school_id: target.schoolId } }, { idempotencyKey: key });
      setStep({ kind: 'done', schoolName: target.schoolName, result });
      onWithheld();
    });

  return (
    <Modal opened onClose={onClose} title="代扣到期分期" size={step.kind === 'done' ? 'lg' : 'md'}>
      {step.kind === 'pick' ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            通过支付渠道，从已签代扣协议的分期订单扣取今天及以前到期、尚未还清的金额；扣款成功记收费收据（银行卡）并结清对应期次。
          </Text>
          <Select
            label="校区"
            data={schools.items.map((s) => ({ value: String(s.value), label: s.text }))}
            value={school}
            onChange={(v) => (setPicked(v), setError(null))}
            placeholder={schools.loading ? '加载中…' : '请选择校区'}
            searchable
            allowDeselect={false}
            required
          />
          <DialogActions error={error} busy={false} onCancel={onClose} onConfirm={next} confirmLabel="下一步" />
        </Stack>
      ) : step.kind === 'confirm' ? (
        <Stack gap="sm">
          <Text size="sm">确定对「{step.schoolName}」到期的分期发起代扣吗？扣款将从家长签约的银行卡直接划扣，同一天重复执行不会重复扣款。</Text>
          {error ? <Alert color="red">{error}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => (setError(null), setStep({ kind: 'pick' }))} disabled={busy}>
              上一步
            </Button>
            <Button onClick={() => void withhold(step)} loading={busy}>
              确认代扣
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Alert color={step.result.failed > 0 ? 'orange' : 'teal'} data-testid="withhold-result" title={step.schoolName}>
            {withholdSummary(step.result)}
          </Alert>
          {step.result.items.length > 0 ? (
            <Table.ScrollContainer minWidth={420}>
              <Table striped withTableBorder fz="xs" verticalSpacing={4} aria-label="代扣明细">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>分期订单</Table.Th>
                    <Table.Th {...numberCell}>金额（元）</Table.Th>
                    <Table.Th>结果</Table.Th>
                    <Table.Th>收据编号 / 失败原因</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {step.result.items.map((i) => (
                    <Table.Tr key={i.out_trade_no}>
                      <Table.Td>{i.installment_id}</Table.Td>
                      <Table.Td {...numberCell}>{formatYuan(i.amount)}</Table.Td>
                      <Table.Td>
                        <Badge size="xs" variant="light" color={i.state === 1 ? 'teal' : 'red'}>
                          {i.state === 1 ? '扣款成功' : '扣款失败'}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{i.state === 1 ? i.receipt_no : i.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={onClose}>关闭</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import { Alert, Badge, Button, Group, Modal, NumberInput, Pagination, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { useHasPermission } from '../../components/session';
import { PAY_METHODS } from '../../contract/finance-accounts';
import { depositPlansCall, installmentPayCall, type DepositPlanRow } from '../../contract/finance-deposits';
import { WITHHOLD_DUE_CODE } from '../../contract/finance-withholding';
import { formatYuan, yuanToFen } from '../../lib/format/money';
import { newKey } from './api';
import { WithholdDialog } from './WithholdDialog';
import { numberCell } from './numberCell';

const STATES = [
  { value: '', label: '全部状态' },
  { value: '1', label: '还款中' },
  { value: '2', label: '已逾期' },
  { value: '3', label: '逾期处理中' },
  { value: '4', label: '已结清' },
  { value: '5', label: '已终止' },
];
const STATE_COLORS: Record<number, string> = { 1: 'blue', 2: 'red', 3: 'orange', 4: 'teal', 5: 'gray', 6: 'gray' };
const PERIOD_COLORS: Record<number, string> = { 1: 'gray', 2: 'teal', 3: 'red', 4: 'dark' };
const PERIOD_TEXT: Record<number, string> = { 1: '待还', 2: '已还', 3: '逾期', 4: '终止' };
const METHODS = PAY_METHODS.map((m) => ({ value: m.value, label: m.text }));
const ROWS = 20;

/** 分期收款: one idempotency key per dialog, so a double click or a retry posts once. */
function PayDialog({ plan, onClose }: { plan: DepositPlanRow; onClose: (saved: boolean) => void }) {
  const { error, busy, submit } = useDialogSubmit('收款失败');
  const [key] = useState(newKey);
  const next = plan.period_list.find((p) => p.state === 1 || p.state === 3);
  const [yuan, setYuan] = useState<string | number>(next ? (next.amount - next.paid_amount) / 100 : '');
  const [method, setMethod] = useState<string | null>('wechat');
  const [payer, setPayer] = useState('');
  const save = () =>
    submit(async () => {
      const r = await callApi(
        installmentPayCall,
        { body: { id: plan.id, amount: yuanToFen(yuan) ?? 0, pay_method: (method ?? '') as 'cash', payer: payer || null, remark: null } },
        { idempotencyKey: key },
      );
      notifySuccess(`已收款 ${formatYuan(r.receipt.amount)} 元，收据 ${r.receipt.receipt_no}${r.settled_periods.length ? `，结清第 ${r.settled_periods.join('、')} 期` : ''}`);
      onClose(true);
    });
  return (
    <Modal opened onClose={() => onClose(false)} title={`分期收款：${plan.student_name ?? ''}`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          订单 {plan.order_no} · 分期总额 {formatYuan(plan.total_amount)} 元 · 未还 {formatYuan(plan.owed)} 元
        </Text>
        <NumberInput label="还款金额（元）" value={yuan} onChange={setYuan} min={0} decimalScale={2} thousandSeparator="," required />
        <Select label="收款方式" data={METHODS} value={method} onChange={setMethod} allowDeselect={false} required />
        <TextInput label="交款人" value={payer} onChange={(e) => setPayer(e.currentTarget.value)} maxLength={32} />
        <DialogActions error={error} busy={busy} onCancel={() => onClose(false)} onConfirm={() => void save()} />
      </Stack>
    </Modal>
  );
}

/** 定金与分期: the orders' installment plans of the caller's campuses, with their periods; finance takes the payments. */
export default function DepositsScreen() {
  const can = useHasPermission();
  const client = useQueryClient();
  const [state, setState] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<DepositPlanRow | null>(null);
  const [withholding, setWithholding] = useState(false);
  const q = useQuery({
    queryKey: ['fin-deposits', state, keyword, page],
    queryFn: () => callApi(depositPlansCall, { query: { page, rows: ROWS, ...(state ? { state: Number(state) } : {}), ...(keyword ? { keyword } : {}) } }),
    retry: false,
  });
  const rows = q.data?.content ?? [];
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select label="状态" size="xs" w={130} data={STATES} value={state} onChange={(v) => (setState(v ?? ''), setPage(1))} allowDeselect={false} />
        <TextInput label="学员或订单号" size="xs" w={200} value={keyword} onChange={(e) => (setKeyword(e.currentTarget.value.trim()), setPage(1))} />
        <Text size="xs" c="dimmed" pb={6}>
          共 {q.data?.totalSize ?? 0} 笔分期
        </Text>
        {can(WITHHOLD_DUE_CODE) ? (
          <Button size="xs" variant="light" ml="auto" onClick={() => setWithholding(true)}>
            代扣到期分期
          </Button>
        ) : null}
      </Group>
      {q.isError ? <Alert color="red">{errorMessage(q.error)}</Alert> : null}
      <Table.ScrollContainer minWidth={900}>
        <Table striped withTableBorder fz="xs" verticalSpacing={4} aria-label="分期订单">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>学员</Table.Th>
              <Table.Th>订单编号</Table.Th>
              <Table.Th>校区</Table.Th>
              <Table.Th {...numberCell}>分期总额</Table.Th>
              <Table.Th {...numberCell}>已还</Table.Th>
              <Table.Th {...numberCell}>未还</Table.Th>
              <Table.Th>各期</Table.Th>
              <Table.Th>下次还款</Table.Th>
              <Table.Th>状态</Table.Th>
              <Table.Th>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={10}>
                  <Text size="xs" c="dimmed" ta="center">
                    {q.isLoading ? '加载中…' : '暂无分期订单'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.student_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.order_no}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.school_name}</Table.Td>
                  <Table.Td {...numberCell}>{formatYuan(r.total_amount)}</Table.Td>
                  <Table.Td {...numberCell}>{formatYuan(r.paid_amount)}</Table.Td>
                  <Table.Td {...numberCell} fw={600}>
                    {formatYuan(r.owed)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      {r.period_list.map((p) => (
                        <Tooltip key={p.period_no} label={`第${p.period_no}期 ${p.due_date} 应还 ${formatYuan(p.amount)} 元，已还 ${formatYuan(p.paid_amount)} 元`}>
                          <Badge size="xs" variant="light" color={PERIOD_COLORS[p.state] ?? 'gray'}>
                            {p.period_no}·{PERIOD_TEXT[p.state] ?? p.state}
                          </Badge>
                        </Tooltip>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.next_due_date ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={STATE_COLORS[r.state] ?? 'gray'}>
                      {r.state_text}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {r.owed > 0 && can('fin_of_deposit_detail_installment_pay') ? (
                      <Button size="compact-xs" variant="light" onClick={() => setPaying(r)}>
                        收款
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(q.data?.totalSize ?? 0) > ROWS ? <Pagination size="sm" total={Math.ceil((q.data?.totalSize ?? 0) / ROWS)} value={page} onChange={setPage} /> : null}
      {paying ? (
        <PayDialog
          plan={paying}
          onClose={(saved) => {
            setPaying(null);
            if (saved) void client.invalidateQueries({ queryKey: ['fin-deposits'] });
          }}
        />
      ) : null}
      {withholding ? <WithholdDialog onClose={() => setWithholding(false)} onWithheld={() => void client.invalidateQueries({ queryKey: ['fin-deposits'] })} /> : null}
    </Stack>
  );
}

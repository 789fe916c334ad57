import { Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DataTable, type DataTableHandle, type TableRow } from '../../components/DataTable';
import { notifySuccess } from '../../components/feedback';
import { useHasPermission } from '../../components/session';
import type { AccountStudentHit } from '../../contract/finance-accounts';
import { formatYuan } from '../../lib/format/money';
import { financeApi } from './api';
import { FLOW_COLUMNS } from './flowColumns';
import { AccountDialog, type AccountAction } from './MoneyDialogs';
import { StudentPicker } from './StudentPicker';
import { ReasonDialog } from './ReasonDialog';
import { AdjustReview } from './AdjustReview';

const BUTTONS: readonly { action: AccountAction; label: string; perm: string; color?: string }[] = [
  { action: 'deposit', label: '充值', perm: 'fn_student_account_deposit_payment' },
  { action: 'refund', label: '退款', perm: 'fn_student_account_refund', color: 'orange' },
  { action: 'transfer', label: '转账', perm: 'fn_student_account_transfer', color: 'grape' },
  { action: 'adjust', label: '余额调整', perm: 'fn_student_account_modify_balance', color: 'gray' },
  { action: 'bonus', label: '赠送/期初', perm: 'fin_stu_account_flow_add', color: 'teal' },
];

/** 学员账户: find a student, see the balance and the ledger, deposit, refund, transfer, correct; 余额调整 decided by a second person. */
export default function StudentAccountsScreen() {
  const can = useHasPermission();
  const [student, setStudent] = useState<AccountStudentHit | null>(null);
  const [dialog, setDialog] = useState<AccountAction | null>(null);
  const table = useRef<DataTableHandle>(null);
  const queries = useQueryClient();
  const refresh = async () => {
    table.current?.reload();
    // the other tab's list (ledger or corrections) loads again when it is opened
    void queries.invalidateQueries({ queryKey: ['data-table'] });
    if (!student) return;
    const b = await financeApi.balance(student.id);
    setStudent({ ...student, balance: b.balance });
  };
  const [reversing, setReversing] = useState<TableRow | null>(null);
  return (
    <Stack gap="sm">
      <Card withBorder padding="sm">
        <Group align="flex-end" wrap="wrap">
          <div style={{ minWidth: 360 }}>
            <StudentPicker label="学员" value={student} onChange={setStudent} />
          </div>
          {student && (
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                账户余额
              </Text>
              <Title order={3} data-testid="account-balance">
                ¥{formatYuan(student.balance)}
              </Title>
            </Stack>
          )}
          {student &&
            BUTTONS.filter((b) => can(b.perm)).map((b) => (
              <Button key={b.action} color={b.color} variant={b.action === 'deposit' ? 'filled' : 'light'} onClick={() => setDialog(b.action)}>
                {b.label}
              </Button>
            ))}
        </Group>
      </Card>
      <Tabs defaultValue="flow" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="flow">储值流水</Tabs.Tab>
          <Tabs.Tab value="adjust">余额调整审核</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="flow" pt="xs">
          <DataTable
            tableRef={table}
            tableKey="finance-account-flow"
            api="api/v1/fin_stu_account_flow/page"
            query={student ? { student_id: student.id } : {}}
            columns={FLOW_COLUMNS}
            defaultSort="id desc"
            hasPermission={can}
            actions={[{ key: 'reverse', label: '冲正', color: 'red', perm: 'fin_stu_account_flow_delete', visible: (r) => ['bonus', 'opening', 'correction'].includes(String(r.biz_type)) && r.reverses_id === null, onClick: (r) => setReversing(r) }]}
            exportOptions={{ name: '储值账户流水' }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="adjust" pt="xs">
          <AdjustReview onDecided={() => void refresh()} />
        </Tabs.Panel>
      </Tabs>
      {reversing && (
        <ReasonDialog
          title="冲正储值流水"
          question={`冲正这笔 ${formatYuan(reversing.amount)} 元的流水：记一笔相反的流水，原流水保留。`}
          label="冲正原因"
          run={async (reason) => {
            await financeApi.reverseFlow(Number(reversing.id), reason);
            notifySuccess('已冲正');
          }}
          onClose={(done) => {
            setReversing(null);
            if (done) void refresh();
          }}
        />
      )}
      {dialog && student && (
        <AccountDialog
          action={dialog}
          student={student}
          onClose={(saved) => {
            setDialog(null);
            if (saved) void refresh();
          }}
        />
      )}
    </Stack>
  );
}

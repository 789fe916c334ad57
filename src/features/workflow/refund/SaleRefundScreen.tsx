import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useHasPermission } from '../../../components/session';
import { WF_PERMS } from '../../../contract/workflow';
import { SALE_REFUND_APPLY, SALE_REFUND_REF_TYPE } from '../../../contract/workflow-refund';
import { formatYuan } from '../../../lib/format';
import { InstanceList } from '../tasks/InstanceList';
import { RefundWizard, type RefundFiled } from './RefundWizard';

/**
 * 退费申请: filed in five steps on a real order (RefundWizard), approved on the 退费申请 definition;
 * below, the refund approvals of the caller (every one of their campuses for those who watch
 * the workflows), each opening its detail and timeline.
 */
export default function SaleRefundScreen() {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<RefundFiled | null>(null);
  const [seq, setSeq] = useState(0);
  const can = useHasPermission();
  const watcher = can(WF_PERMS.repair) || can(WF_PERMS.interrupt);
  return (
    <Stack gap="sm">
      <Card withBorder padding="sm">
        <Group justify="space-between">
          <div>
            <Text fw={600}>退费申请</Text>
            <Text size="xs" c="dimmed">
              选择学员、订单与班型，按剩余课时计算退费金额，核对后提交审批
            </Text>
          </div>
          {can(SALE_REFUND_APPLY) && (
            <Button leftSection={<IconPlus size={14} />} onClick={() => setOpen(true)}>
              发起退费
            </Button>
          )}
        </Group>
      </Card>
      {done && (
        <Alert color="green" title="退费申请已提交" withCloseButton onClose={() => setDone(null)}>
          退费单 {done.refund_no}，退费金额 {formatYuan(done.amount)} 元{done.instance_id ? `，审批编号 ${done.instance_id}` : ''}。可在下方列表查看审批进度。
        </Alert>
      )}
      <InstanceList reloadSeq={seq} type={watcher ? 'all' : 'apply'} refType={SALE_REFUND_REF_TYPE} tableKey="wf_apply_sale_refund" />
      <RefundWizard
        opened={open}
        onClose={() => setOpen(false)}
        onFiled={(r) => {
          setOpen(false);
          setDone(r);
          setSeq((s) => s + 1);
        }}
      />
    </Stack>
  );
}

import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { orderResource } from '../../contract/resources/orders';
import { ResourcePage } from '../../components/ResourcePage';
import type { TableRow } from '../../components/DataTable';
import { useHasPermission } from '../../components/session';
import { useIsOnline } from '../../offline/cachedDataNotice';
import { ContractDialog } from './ContractDialog';
import { OrderDetail } from './OrderDetail';
import { OrderEntryDialog } from './OrderEntryDialog';
import { PayDialog } from './PayDialog';
import { ProcessingDialog } from './ProcessingDialog';
import { ClassTypeTransferDialog } from './ClassTypeTransferDialog';
import { TransferCampusDialog } from './TransferCampusDialog';
import { TransferOrderDialog } from './TransferOrderDialog';

type Open = { kind: 'detail' | 'audit' | 'pay' | 'contract' | 'transfer' | 'campus' | 'classType'; row: TableRow } | { kind: 'add' } | null;

/**
 * 订单 lists by state: the declared order list (form-encoded page) with the states fixed, and the
 * order's own actions: 详情, 审核, 收款, 合同 (read, confirm, print), the transfers (转让, 转校区,
 * 转班型: audited orders only) and 新增订单. Orders are not queued
 * offline: offline the writes are hidden and the screen says so.
 */
export function OrderList({ states }: { states?: string }) {
  const [open, setOpen] = useState<Open>(null);
  const [version, setVersion] = useState(0);
  const online = useIsOnline();
  const can = useHasPermission();
  const done = () => {
    setOpen(null);
    setVersion((v) => v + 1);
  };
  const state = (r: TableRow) => Number(r.state);
  // hours move only from an audited order not yet completed (已审核, 已确认合同, 进行中)
  const transferable = (r: TableRow) => state(r) >= 3 && state(r) <= 5;
  const addButton = () =>
    online && can('order_form_add') ? (
      <Button onClick={() => setOpen({ kind: 'add' })} data-testid="order-add">
        新增订单
      </Button>
    ) : null;
  return (
    <>
      {!online && <Alert color="orange">离线时不能提交订单，恢复网络后再新增、审核或收款。</Alert>}
      <ResourcePage
        key={version}
        def={orderResource}
        fixedFilters={states ? { state: states } : undefined}
        exportName="订单"
        toolbar={addButton}
        rowActions={() => [
          { key: 'detail', label: '详情', onClick: (row) => setOpen({ kind: 'detail', row }) },
          { key: 'audit', label: '审核', perm: 'order_form_check_order', visible: (r) => online && state(r) === 2, onClick: (row) => setOpen({ kind: 'audit', row }) },
          { key: 'pay', label: '收款', perm: 'order_payment_add', visible: (r) => online && state(r) >= 2 && state(r) <= 5 && Number(r.paid_amount) < Number(r.deal_amount), onClick: (row) => setOpen({ kind: 'pay', row }) },
          { key: 'contract', label: '合同', visible: (r) => state(r) >= 3 && state(r) <= 9 && state(r) !== 7, onClick: (row) => setOpen({ kind: 'contract', row }) },
          { key: 'transfer', label: '转让', perm: 'order_form_transfer_order', visible: (r) => online && transferable(r), onClick: (row) => setOpen({ kind: 'transfer', row }) },
          { key: 'campus', label: '转校区', visible: (r) => online && transferable(r) && (can('order_form_transfer_campus') || can('order_form_transfer_campus_audited')), onClick: (row) => setOpen({ kind: 'campus', row }) },
          { key: 'classType', label: '转班型', perm: 'order_student_class_type_add', visible: (r) => online && transferable(r), onClick: (row) => setOpen({ kind: 'classType', row }) },
        ]}
      />
      {open?.kind === 'add' && <OrderEntryDialog onClose={() => setOpen(null)} onDone={done} />}
      {open?.kind === 'detail' && <OrderDetail id={Number(open.row.id)} onClose={() => setOpen(null)} />}
      {open?.kind === 'audit' && <ProcessingDialog id={Number(open.row.id)} orderNo={String(open.row.order_no)} onClose={() => setOpen(null)} onDone={done} />}
      {open?.kind === 'pay' && <PayDialog id={Number(open.row.id)} orderNo={String(open.row.order_no)} due={Number(open.row.deal_amount) - Number(open.row.paid_amount)} onClose={() => setOpen(null)} onDone={done} />}
      {open?.kind === 'transfer' && <TransferOrderDialog id={Number(open.row.id)} orderNo={String(open.row.order_no)} onClose={() => setOpen(null)} onDone={done} />}
      {open?.kind === 'campus' && <TransferCampusDialog id={Number(open.row.id)} orderNo={String(open.row.order_no)} onClose={() => setOpen(null)} onDone={done} />}
      {open?.kind === 'classType' && <ClassTypeTransferDialog id={Number(open.row.id)} orderNo={String(open.row.order_no)} onClose={() => setOpen(null)} onDone={done} />}
      {open?.kind === 'contract' && <ContractDialog order={{ ...open.row, id: Number(open.row.id) }} onClose={() => setOpen(null)} onDone={done} />}
    </>
  );
}

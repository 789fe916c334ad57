import { Alert, Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { orderResource } from '../../contract/resources/orders';
import { ResourcePage, columnsOf, useColumnOptions } from '../../components/ResourcePage';
import { searchFieldsOf } from '../../components/SearchForm';
import type { TableQuery, TableRow } from '../../components/DataTable';
import { useHasPermission } from '../../components/session';
import { useIsOnline } from '../../offline/cachedDataNotice';
import { ContractDialog } from './ContractDialog';
import { ContractDelayDialog } from './ContractDelayDialog';
import { ModifyOrderDialog } from './ModifyOrderDialog';
import { OrderDetail } from './OrderDetail';
import { OrderEntryDialog } from './OrderEntryDialog';
import { OrderRefundDialog } from './OrderRefundDialog';
import { ToProductDialog } from './ToProductDialog';
import { PayDialog } from './PayDialog';
import { ProcessingDialog } from './ProcessingDialog';
import { ClassTypeTransferDialog } from './ClassTypeTransferDialog';
import { TeacherChangeDialog } from './TeacherChangeDialog';
import { TransferCampusDialog } from './TransferCampusDialog';
import { TransferOrderDialog } from './TransferOrderDialog';

type RowDialog = 'detail' | 'audit' | 'pay' | 'contract' | 'transfer' | 'campus' | 'classType' | 'toProduct' | 'modify' | 'delay' | 'teacher' | 'refund';
type Open = { kind: RowDialog; row: TableRow } | { kind: 'add' } | null;

// 应补差价 is searched only by the 补差 screen (its fixed filter), not offered in every order form
const SEARCH = searchFieldsOf(orderResource).filter((f) => f.name !== 'due_amount');

/**
 * 订单 lists by state: the declared order list (form-encoded page) with the states fixed, and the
 * order's own actions: 详情, 审核, 收款, 合同 (read, confirm, print), the transfers (转让, 转校区,
 * 转班型, 一键转产品), 变更 (an amendment: new version with its reason), 延期 and 更换班主任 (audited orders
 * not yet completed), 退费 (audited to completed) and 新增订单. Orders are not queued offline:
 * offline the writes are hidden and the screen says so.
 */
export function OrderList({ states, extraFilters, showDue }: { states?: string; extraFilters?: TableQuery; showDue?: boolean }) {
  const [open, setOpen] = useState<Open>(null);
  const [version, setVersion] = useState(0);
  const online = useIsOnline();
  const can = useHasPermission();
  const options = useColumnOptions(orderResource);
  const columns = useMemo(() => columnsOf(orderResource, options).map((c) => (showDue && c.prop === 'due_amount' ? { ...c, show: true } : c)), [options, showDue]);
  const fixed = useMemo(() => ({ ...(states ? { state: states } : {}), ...extraFilters }), [states, extraFilters]);
  const queryClient = useQueryClient();
  const done = () => {
    setOpen(null);
    setVersion((v) => v + 1);
    // the dialogs read the order's detail: after a write the next one reads it again
    void queryClient.invalidateQueries({ queryKey: ['order_form/detail'] });
  };
  const state = (r: TableRow) => Number(r.state);
  // hours move only from an audited order not yet completed (已审核, 已确认合同, 进行中)
  const transferable = (r: TableRow) => state(r) >= 3 && state(r) <= 5;
  const close = () => setOpen(null);
  const id = (o: { row: TableRow }) => Number(o.row.id);
  const no = (o: { row: TableRow }) => String(o.row.order_no);
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
        fixedFilters={fixed}
        columns={columns}
        searchFields={SEARCH}
        exportName="订单"
        toolbar={addButton}
        rowActions={() => [
          { key: 'detail', label: '详情', onClick: (row) => setOpen({ kind: 'detail', row }) },
          { key: 'audit', label: '审核', perm: 'order_form_check_order', visible: (r) => online && state(r) === 2, onClick: (row) => setOpen({ kind: 'audit', row }) },
          { key: 'pay', label: '收款', perm: 'order_payment_add', visible: (r) => online && state(r) >= 2 && state(r) <= 5 && Number(r.paid_amount) < Number(r.deal_amount), onClick: (row) => setOpen({ kind: 'pay', row }) },
          { key: 'contract', label: '合同', visible: (r) => state(r) >= 3 && state(r) <= 9 && state(r) !== 7, onClick: (row) => setOpen({ kind: 'contract', row }) },
          { key: 'modify', label: '变更', perm: 'order_form_modify', visible: (r) => online && state(r) >= 3 && state(r) <= 6, onClick: (row) => setOpen({ kind: 'modify', row }) },
          { key: 'delay', label: '延期', perm: 'order_form_contract_delay', visible: (r) => online && transferable(r), onClick: (row) => setOpen({ kind: 'delay', row }) },
          { key: 'teacher', label: '更换班主任', perm: 'order_form_modify_raw_teacher', visible: (r) => online && state(r) >= 3 && state(r) <= 6, onClick: (row) => setOpen({ kind: 'teacher', row }) },
          { key: 'transfer', label: '转让', perm: 'order_form_transfer_order', visible: (r) => online && transferable(r), onClick: (row) => setOpen({ kind: 'transfer', row }) },
          { key: 'campus', label: '转校区', visible: (r) => online && transferable(r) && (can('order_form_transfer_campus') || can('order_form_transfer_campus_audited')), onClick: (row) => setOpen({ kind: 'campus', row }) },
          { key: 'classType', label: '转班型', perm: 'order_student_class_type_add', visible: (r) => online && transferable(r), onClick: (row) => setOpen({ kind: 'classType', row }) },
          { key: 'toProduct', label: '一键转产品', perm: 'order_student_class_type_add', visible: (r) => online && transferable(r), onClick: (row) => setOpen({ kind: 'toProduct', row }) },
          { key: 'refund', label: '退费', perm: 'order_refund_update_submission', visible: (r) => online && state(r) >= 3 && state(r) <= 6, onClick: (row) => setOpen({ kind: 'refund', row }) },
        ]}
      />
      {open?.kind === 'add' && <OrderEntryDialog onClose={close} onDone={done} />}
      {open?.kind === 'detail' && <OrderDetail id={id(open)} onClose={close} />}
      {open?.kind === 'audit' && <ProcessingDialog id={id(open)} orderNo={no(open)} onClose={close} onDone={done} />}
      {open?.kind === 'pay' && <PayDialog id={id(open)} orderNo={no(open)} due={Number(open.row.deal_amount) - Number(open.row.paid_amount)} onClose={close} onDone={done} />}
      {open?.kind === 'transfer' && <TransferOrderDialog id={id(open)} orderNo={no(open)} onClose={close} onDone={done} />}
      {open?.kind === 'campus' && <TransferCampusDialog id={id(open)} orderNo={no(open)} onClose={close} onDone={done} />}
      {open?.kind === 'classType' && <ClassTypeTransferDialog id={id(open)} orderNo={no(open)} onClose={close} onDone={done} />}
      {open?.kind === 'toProduct' && <ToProductDialog id={id(open)} orderNo={no(open)} onClose={close} onDone={done} />}
      {open?.kind === 'contract' && <ContractDialog order={{ ...open.row, id: id(open) }} onClose={close} onDone={done} />}
      {open?.kind === 'modify' && <ModifyOrderDialog id={id(open)} orderNo={no(open)} onClose={close} onDone={done} />}
      {open?.kind === 'delay' && <ContractDelayDialog id={id(open)} orderNo={no(open)} onClose={close} onDone={done} />}
      {open?.kind === 'teacher' && <TeacherChangeDialog id={id(open)} orderNo={no(open)} current={String(open.row.teacher_name ?? '')} onClose={close} onDone={done} />}
      {open?.kind === 'refund' && <OrderRefundDialog id={id(open)} orderNo={no(open)} onClose={close} onDone={done} />}
    </>
  );
}

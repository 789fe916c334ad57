import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { installmentResource } from '../../../contract/resources/orders-extras';
import type { TableRow } from '../../../components/DataTable';
import { FieldsDialog, ResourcePage, type PageContext } from '../../../components/ResourcePage';
import { notifySuccess } from '../../../components/feedback';
import { useHasPermission } from '../../../components/session';
import { useIsOnline } from '../../../offline/cachedDataNotice';
import { RefundFileDialog } from '../refund/RefundFileDialog';
import { PayInstallmentDialog } from './PayInstallmentDialog';
import { PlanContract, type PlanAction } from './PlanContract';
import { ModifyDialog } from './ModifyDialog';
import { PlanDialog } from './PlanDialog';
import { TerminateDialog } from './TerminateDialog';
import { STEP_FIELDS, STEP_TITLES, runStep, type PlanStep } from './planActions';

// each dialog keeps the list's reload: the list is refreshed in place, its search kept
type Open = (
  | { kind: 'plan' | 'renewal'; studentId?: number }
  | { kind: 'contract' | 'pay' | 'modify' | 'terminate' | 'refund'; row: TableRow }
  | { kind: 'step'; step: PlanStep; row: TableRow }
) & { reload(): void };

const PLAN_OPEN = [1, 2, 3];
const OVERDUE = [2, 3];
const SETTLED = 4;
const state = (r: TableRow) => Number(r.state);
/** The list without the 续费 search: each screen fixes it (分期订单 0, 分期续费订单 1). */
const PLAN_DEF = { ...installmentResource, fields: { ...installmentResource.fields, is_renewal: { ...installmentResource.fields.is_renewal, search: undefined } } };
const owedOf = (r: TableRow) => Number(r.total_amount) - Number(r.paid_amount);

/**
 * 分期订单 and 分期续费订单 (`renewal`): the plans of the caller's campuses with 新建分期计划 /
 * 续费分期, and per plan its contract (periods and history) and actions: 还款, 修改, 逾期处理, 逾期恢复,
 * 代扣授权, 终止, 转让, 续费 and, once settled, 退费 of its order. Orders are desktop work: offline
 * the writes are hidden and the screen says so.
 */
export function InstallmentScreen({ renewal }: { renewal: boolean }) {
  const [open, setOpen] = useState<Open | null>(null);
  const online = useIsOnline();
  const can = useHasPermission();
  const close = () => setOpen(null);
  const done = () => {
    open?.reload();
    setOpen(null);
  };

  /** What a plan's state allows, for the contract dialog (the row shows the frequent ones). */
  const actionsOf = (row: TableRow, reload: () => void): PlanAction[] => {
    const step = (s: PlanStep) => setOpen({ kind: 'step', step: s, row, reload });
    if (!online) return [];
    const s = state(row);
    const live = PLAN_OPEN.includes(s);
    const list: (PlanAction & { perm: string; when: boolean })[] = [
      { key: 'pay', label: '还款', perm: 'order_installment_pay', when: live, onClick: () => setOpen({ kind: 'pay', row, reload }) },
      { key: 'modify', label: '修改', perm: 'order_installment_modify_plan', when: live, onClick: () => setOpen({ kind: 'modify', row, reload }) },
      { key: 'treat', label: '逾期处理', perm: 'order_form_overdue_treatment', when: OVERDUE.includes(s), onClick: () => step('treat') },
      { key: 'recover', label: '逾期恢复', perm: 'order_form_overdue_recovery', when: OVERDUE.includes(s), onClick: () => step('recover') },
      { key: 'withhold', label: '代扣授权', perm: 'order_form_installment_withholding_authorization', when: live, onClick: () => step('withhold') },
      { key: 'renewal', label: '续费', perm: 'order_installment_save_plan', when: true, onClick: () => setOpen({ kind: 'renewal', studentId: Number(row.student_id), reload }) },
      { key: 'refund', label: '退费', perm: 'order_refund_update_submission', when: s === SETTLED, onClick: () => setOpen({ kind: 'refund', row, reload }) },
      { key: 'transfer', label: '转让', perm: 'order_form_transfer_installment_order', when: live, onClick: () => step('transfer') },
      { key: 'terminate', label: '终止', color: 'red', perm: 'order_installment_termination', when: live, onClick: () => setOpen({ kind: 'terminate', row, reload }) },
    ];
    return list.filter((a) => a.when && can(a.perm)).map(({ key, label, color, onClick }) => ({ key, label, color, onClick }));
  };

  const toolbar = (ctx: PageContext<TableRow>) =>
    online && can('order_installment_save_plan') ? (
      <Button onClick={() => setOpen({ kind: renewal ? 'renewal' : 'plan', reload: ctx.reload })} data-testid="plan-add">
        {renewal ? '续费分期' : '新建分期计划'}
      </Button>
    ) : null;
  return (
    <>
      {!online && <Alert color="orange">离线时不能办理分期，恢复网络后再还款、终止或转让。</Alert>}
      <ResourcePage
        def={PLAN_DEF}
        fixedFilters={{ is_renewal: renewal ? 1 : 0 }}
        exportName={renewal ? '分期续费订单' : '分期订单'}
        toolbar={toolbar}
        rowActions={(ctx) => {
          const ofRow = (row: TableRow) => ({ row, reload: ctx.reload });
          return [
            { key: 'contract', label: '合同', onClick: (row) => setOpen({ kind: 'contract', ...ofRow(row) }) },
            { key: 'pay', label: '还款', perm: 'order_installment_pay', visible: (r) => online && PLAN_OPEN.includes(state(r)), onClick: (row) => setOpen({ kind: 'pay', ...ofRow(row) }) },
            { key: 'treat', label: '逾期处理', perm: 'order_form_overdue_treatment', visible: (r) => online && OVERDUE.includes(state(r)), onClick: (row) => setOpen({ kind: 'step', step: 'treat', ...ofRow(row) }) },
            { key: 'transfer', label: '转让', perm: 'order_form_transfer_installment_order', visible: (r) => online && PLAN_OPEN.includes(state(r)), onClick: (row) => setOpen({ kind: 'step', step: 'transfer', ...ofRow(row) }) },
            { key: 'terminate', label: '终止', color: 'red', perm: 'order_installment_termination', visible: (r) => online && PLAN_OPEN.includes(state(r)), onClick: (row) => setOpen({ kind: 'terminate', ...ofRow(row) }) },
          ];
        }}
      />
      {(open?.kind === 'plan' || open?.kind === 'renewal') && <PlanDialog renewal={open.kind === 'renewal'} studentId={open.studentId} onClose={close} onDone={done} />}
      {open?.kind === 'contract' && <PlanContract plan={open.row} actions={actionsOf(open.row, open.reload)} onClose={close} />}
      {open?.kind === 'pay' && <PayInstallmentDialog id={Number(open.row.id)} owed={owedOf(open.row)} onClose={close} onDone={done} />}
      {open?.kind === 'modify' && <ModifyDialog id={Number(open.row.id)} owed={owedOf(open.row)} onClose={close} onDone={done} />}
      {open?.kind === 'terminate' && <TerminateDialog id={Number(open.row.id)} orderId={Number(open.row.order_id)} owed={owedOf(open.row)} onClose={close} onDone={done} />}
      {open?.kind === 'refund' && <RefundFileDialog orderId={Number(open.row.order_id)} orderLabel={String(open.row.order_order_no ?? '')} onClose={close} onDone={done} />}
      <FieldsDialog
        title={open?.kind === 'step' ? STEP_TITLES[open.step] : null}
        fields={open?.kind === 'step' ? STEP_FIELDS[open.step] : {}}
        onClose={close}
        onSubmit={async (v) => {
          if (open?.kind !== 'step') return;
          notifySuccess(await runStep(open.step, Number(open.row.id), v));
          open.reload();
        }}
      />
    </>
  );
}


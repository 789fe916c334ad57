import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { actualRefundCall, refundReliefCall, refundRevocationCall, refundSubmissionCall } from '../../../contract/orders-extras';
import { PAYOUT_KINDS, refundResource } from '../../../contract/resources/orders-extras';
import type { FieldDef } from '../../../contract/resource';
import type { TableRow } from '../../../components/DataTable';
import { FieldsDialog, ResourcePage, type FormValue, type PageContext } from '../../../components/ResourcePage';
import { confirmAction, notifyError, notifySuccess } from '../../../components/feedback';
import { useHasPermission } from '../../../components/session';
import { useIsOnline } from '../../../offline/cachedDataNotice';
import { formatYuan } from '../../../lib/format/money';
import { RefundDetail } from './RefundDetail';
import { RefundFileDialog } from './RefundFileDialog';

/** 退费单 states (REFUND_STATES): what each row may do next (server/modules/orders/refunds.ts). */
const R = { draft: 1, approving: 2, approved: 3, refused: 4, revoked: 5, paid: 6 } as const;
const EDITABLE: number[] = [R.draft, R.refused, R.revoked];
const state = (r: TableRow) => Number(r.state);

const money = (label: string): FieldDef => ({ type: 'money', label, min: 0, max: 100_000_000 });
const remark: FieldDef = { type: 'string', label: '说明', max: 255 };
const RELIEF_FIELDS: Record<string, FieldDef> = { relief: money('减免'), remark };
const RESUBMIT_FIELDS: Record<string, FieldDef> = {
  reason_id: { type: 'int', label: '退费原因', required: true, min: 1, ref: { resource: 'order_refund_detail_reason', label: ['name'] } },
  payout_kind: { type: 'int', label: '退款方式', required: true, options: { kind: 'static', items: PAYOUT_KINDS } },
  relief: money('减免'),
  remark,
};

// each dialog keeps the list's reload: the list is refreshed in place, its search kept
/** The list shows and searches the order by its number (订单编号): the order's id column is left out. */
const REFUND_LIST_DEF = { ...refundResource, fields: { ...refundResource.fields, order_id: { ...refundResource.fields.order_id, list: false as const, search: undefined } } };

type Open = ({ kind: 'file' } | { kind: 'detail' | 'relief' | 'resubmit'; row: TableRow }) & { reload(): void };
const num = (v: FormValue | undefined) => Number(v ?? 0);
const note = (v: FormValue | undefined) => (v === null || v === undefined ? '' : String(v).trim());

/**
 * 退费: the 退费单 of the caller's campuses — 提交退费 (calculator, reason, relief, payout) into the
 * approval of the workflow, 退费减免 and 重新提交 of a draft, refused or recalled one, 撤销退费,
 * and 确认退款 of an approved one (hours out of the order's lines, the money out with its 退费
 * receipt). Offline the writes are hidden and the screen says so.
 */
export default function RefundScreen() {
  const [open, setOpen] = useState<Open | null>(null);
  const online = useIsOnline();
  const can = useHasPermission();
  const close = () => setOpen(null);
  const done = () => {
    open?.reload();
    setOpen(null);
  };
  const act = async (row: TableRow, kind: 'revoke' | 'pay', reload: () => void) => {
    const no = String(row.refund_no ?? row.id);
    const ask = kind === 'pay' ? `确认退款：退费单 ${no}，退费金额 ${formatYuan(row.amount)} 元，订单剩余课时将全部退出，且不可撤回。` : `确定撤销退费单 ${no} 吗？`;
    if (!(await confirmAction(ask))) return;
    try {
      if (kind === 'pay') {
        const out = await callApi(actualRefundCall, { body: { id: Number(row.id) } });
        notifySuccess(`已退款 ${formatYuan(out.amount)} 元，退款凭证 ${out.receipt_no}`);
      } else {
        await callApi(refundRevocationCall, { body: { id: Number(row.id) } });
        notifySuccess('退费单已撤销');
      }
      reload();
    } catch (e) {
      notifyError(errorMessage(e, kind === 'pay' ? '退款失败' : '撤销失败'));
    }
  };
  const toolbar = (ctx: PageContext<TableRow>) =>
    online && can('order_refund_update_submission') ? (
      <Button onClick={() => setOpen({ kind: 'file', reload: ctx.reload })} data-testid="refund-add">
        提交退费
      </Button>
    ) : null;
  const fields = open?.kind === 'relief' ? RELIEF_FIELDS : RESUBMIT_FIELDS;
  const initial = open?.kind === 'relief' || open?.kind === 'resubmit' ? { reason_id: open.row.reason_id as FormValue, payout_kind: open.row.payout_kind as FormValue, relief: open.row.relief as FormValue } : undefined;
  return (
    <>
      {!online && <Alert color="orange">离线时不能办理退费，恢复网络后再提交、撤销或确认退款。</Alert>}
      <ResourcePage
        def={REFUND_LIST_DEF}
        exportName="退费单"
        toolbar={toolbar}
        rowActions={(ctx) => [
          { key: 'detail', label: '详情', onClick: (row) => setOpen({ kind: 'detail', row, reload: ctx.reload }) },
          { key: 'relief', label: '减免', perm: 'order_refund_update_relief', visible: (r) => online && EDITABLE.includes(state(r)), onClick: (row) => setOpen({ kind: 'relief', row, reload: ctx.reload }) },
          { key: 'resubmit', label: '提交', perm: 'order_refund_update_submission', visible: (r) => online && EDITABLE.includes(state(r)), onClick: (row) => setOpen({ kind: 'resubmit', row, reload: ctx.reload }) },
          { key: 'revoke', label: '撤销', color: 'orange', perm: 'order_refund_revocation', visible: (r) => online && (state(r) === R.draft || state(r) === R.approved), onClick: (row) => void act(row, 'revoke', ctx.reload) },
          { key: 'pay', label: '确认退款', color: 'green', perm: 'order_refund_actual_refund', visible: (r) => online && state(r) === R.approved, onClick: (row) => void act(row, 'pay', ctx.reload) },
        ]}
      />
      {open?.kind === 'file' && <RefundFileDialog onClose={close} onDone={done} />}
      {open?.kind === 'detail' && <RefundDetail row={open.row} onClose={close} />}
      <FieldsDialog
        title={open?.kind === 'relief' ? `退费减免 ${String(open.row.refund_no ?? '')}` : open?.kind === 'resubmit' ? `重新提交 ${String(open.row.refund_no ?? '')}` : null}
        fields={fields}
        initial={initial}
        confirmLabel={open?.kind === 'relief' ? '保存减免' : '提交审批'}
        onClose={close}
        onSubmit={async (v) => {
          if (open?.kind === 'relief') {
            const out = await callApi(refundReliefCall, { body: { id: Number(open.row.id), relief: num(v.relief), ...(note(v.remark) ? { remark: note(v.remark) } : {}) } });
            notifySuccess(`减免已保存，退费金额 ${formatYuan(out.amount)} 元，请重新提交审批`);
          } else if (open?.kind === 'resubmit') {
            const out = await callApi(refundSubmissionCall, { body: { id: Number(open.row.id), reason_id: num(v.reason_id), payout_kind: num(v.payout_kind) || 1, relief: num(v.relief), ...(note(v.remark) ? { remark: note(v.remark) } : {}) } });
            notifySuccess(`退费单 ${out.refund_no} 已提交审批，退费金额 ${formatYuan(out.amount)} 元`);
          }
          open?.reload();
        }}
      />
    </>
  );
}

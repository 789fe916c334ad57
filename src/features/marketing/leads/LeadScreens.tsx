import { Button, Group } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import type { RowAction, TableQuery, TableRow } from '../../../components/DataTable';
import { confirmAction, notifyError, notifySuccess, notifyWarning, NOTHING_SELECTED } from '../../../components/feedback';
import { ResourcePage, type PageContext } from '../../../components/ResourcePage';
import { useHasPermission } from '../../../components/session';
import { POOL, resourceResource } from '../../../contract/resources/marketing';
import { activitedCall, cancelSchoolCall, claimCall, toStuLoadSchoolCall, toTmkCall, unassignCall } from '../../../contract/marketing';
import { LeadDialog, type LeadDialogKind } from './LeadDialogs';
import { LeadDrawer, type LeadDrawerVariant } from './LeadDrawer';
import { LeadSubDialog } from './LeadSubDialogs';

type Open = { kind: 'detail'; id: number } | { kind: 'cardPay'; row: TableRow } | { kind: LeadDialogKind; ids: number[] };

const idOf = (r: TableRow) => Number(r.id);

/** A lead list of one pool (or every pool) with the distribution toolbar, row actions and the shared drawer. */
function LeadList({ fixed, variant = 'plain' }: { fixed: TableQuery; variant?: LeadDrawerVariant }) {
  const can = useHasPermission();
  const [open, setOpen] = useState<Open | null>(null);
  // the table's own reload (its cached pages refetched), kept from the page context
  const reloadRef = useRef<() => void>(() => undefined);
  const pool = fixed.pool === undefined ? undefined : Number(fixed.pool);

  const run = async (work: () => Promise<unknown>, done: string, reload: () => void) => {
    try {
      await work();
      notifySuccess(done);
      reload();
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  const rowActions = (ctx: PageContext<TableRow>): RowAction<TableRow>[] => {
    reloadRef.current = ctx.reload;
    return [
    { key: 'detail', label: '详情', onClick: (r) => setOpen({ kind: 'detail', id: idOf(r) }) },
    { key: 'record', label: '跟进', perm: 'mkt_record_add', visible: (r) => Number(r.pool) !== POOL.invalid, onClick: (r) => setOpen({ kind: 'record', ids: [idOf(r)] }) },
    { key: 'tmker', label: '分配电销', perm: 'mkt_resource_to_tmker', visible: (r) => Number(r.pool) !== POOL.invalid, onClick: (r) => setOpen({ kind: 'tmker', ids: [idOf(r)] }) },
    { key: 'sale', label: '转顾问', perm: 'mkt_resource_to_sale', visible: (r) => Number(r.pool) === POOL.tmk, onClick: (r) => setOpen({ kind: 'sale', ids: [idOf(r)] }) },
    { key: 'claim', label: '领取', perm: 'mkt_resource_claim', visible: (r) => Number(r.pool) === POOL.public, onClick: (r) => void run(() => callApi(claimCall, { body: { ids: [idOf(r)] } }), '领取成功', ctx.reload) },
    {
      key: 'activate',
      label: '激活',
      perm: 'mkt_resource_activited',
      visible: (r) => Number(r.pool) === POOL.invalid,
      onClick: (r) => void run(() => callApi(activitedCall, { body: { ids: [idOf(r)] } }), '激活成功', ctx.reload),
    },
    {
      // 已有学员 › 刷卡支付: a card payment request for the student's order (mkt_resource/yeepay)
      key: 'cardPay',
      label: '刷卡支付',
      perm: 'mkt_resource_yeepay',
      visible: () => variant === 'existing',
      onClick: (r) => setOpen({ kind: 'cardPay', row: r }),
    },
    {
      key: 'student',
      label: '转为学员',
      perm: 'mkt_resource_to_stu_load_school',
      visible: (r) => r.student_id === null || r.student_id === undefined,
      onClick: (r) =>
        void (async () => {
          if (await confirmAction(`确定将${String(r.name)}转为学员吗？`)) await run(() => callApi(toStuLoadSchoolCall, { body: { id: idOf(r) } }), '已转为学员', ctx.reload);
        })(),
    },
    ];
  };

  const batch = (ctx: PageContext<TableRow>, kind: LeadDialogKind) => {
    const ids = ctx.selectedRows().map(idOf);
    if (ids.length === 0) return notifyWarning(NOTHING_SELECTED);
    setOpen({ kind, ids });
  };
  const batchCall = async (ctx: PageContext<TableRow>, label: string, work: (ids: number[]) => Promise<unknown>) => {
    const ids = ctx.selectedRows().map(idOf);
    if (ids.length === 0) return notifyWarning(NOTHING_SELECTED);
    if (await confirmAction(`确定${label}选中的${ids.length}条资源吗？`)) await run(() => work(ids), `${label}成功`, ctx.reload);
  };

  const toolbar = (ctx: PageContext<TableRow>) => (
    <Group gap={6}>
      {can('mkt_resource_to_tmker') && pool !== POOL.invalid && (
        <Button size="xs" variant="light" onClick={() => batch(ctx, 'tmker')}>
          批量分配电销
        </Button>
      )}
      {can('mkt_resource_to_seller') && pool !== POOL.invalid && (
        <Button size="xs" variant="light" onClick={() => batch(ctx, 'seller')}>
          批量分配顾问
        </Button>
      )}
      {can('mkt_resource_transfer_school') && (
        <Button size="xs" variant="light" onClick={() => batch(ctx, 'transfer')}>
          批量转校区
        </Button>
      )}
      {can('mkt_resource_to_tmk') && pool !== POOL.unassigned && pool !== POOL.invalid && (
        <Button size="xs" variant="default" onClick={() => void batchCall(ctx, '转电销待分配', (ids) => callApi(toTmkCall, { body: { ids } }))}>
          转电销待分配
        </Button>
      )}
      {can('mkt_resource_unassign') && (pool === POOL.tmk || pool === undefined) && (
        <Button size="xs" variant="default" onClick={() => void batchCall(ctx, '取消分配', (ids) => callApi(unassignCall, { query: { ids: ids.join(',') } }))}>
          取消分配
        </Button>
      )}
      {can('mkt_resource_cancel_school') && pool !== POOL.public && pool !== POOL.invalid && (
        <Button size="xs" variant="default" onClick={() => void batchCall(ctx, '放入公海', (ids) => callApi(cancelSchoolCall, { query: { ids: ids.join(',') } }))}>
          放入公海
        </Button>
      )}
      {can('mkt_resource_claim') && pool === POOL.public && (
        <Button size="xs" variant="light" onClick={() => void batchCall(ctx, '领取', (ids) => callApi(claimCall, { body: { ids } }))}>
          批量领取
        </Button>
      )}
      {can('mkt_resource_invalidate') && pool !== POOL.invalid && (
        <Button size="xs" variant="default" color="red" onClick={() => batch(ctx, 'invalid')}>
          设为无效
        </Button>
      )}
      {can('mkt_resource_activited') && pool === POOL.invalid && (
        <Button size="xs" variant="light" onClick={() => void batchCall(ctx, '激活', (ids) => callApi(activitedCall, { body: { ids } }))}>
          批量激活
        </Button>
      )}
    </Group>
  );

  const reloadAll = () => reloadRef.current();
  return (
    <>
      <ResourcePage def={resourceResource} fixedFilters={fixed} rowActions={rowActions} toolbar={toolbar} />
      {open?.kind === 'detail' && <LeadDrawer id={open.id} variant={variant} onClose={() => setOpen(null)} onChanged={reloadAll} />}
      {open?.kind === 'cardPay' && (
        <LeadSubDialog
          kind="cardPay"
          lead={{ ...open.row, id: idOf(open.row), name: String(open.row.name) }}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            reloadAll();
          }}
        />
      )}
      {open && open.kind !== 'detail' && open.kind !== 'cardPay' && (
        <LeadDialog
          kind={open.kind}
          ids={open.ids}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            reloadAll();
          }}
        />
      )}
    </>
  );
}

function usePool(pool: number | undefined, extra: TableQuery = {}): TableQuery {
  return useMemo(() => (pool === undefined ? { ...extra } : { pool, ...extra }), [pool, extra]);
}

const NONE: TableQuery = {};
const HAS_STUDENT: TableQuery = { has_student: 1 };

/** 资源管理: every pool. */
export function AllLeadsScreen() {
  return <LeadList fixed={usePool(undefined, NONE)} />;
}
/** 资源线索: the public pool (公海), which anyone may claim. */
export function PublicPoolScreen() {
  return <LeadList fixed={usePool(POOL.public, NONE)} />;
}
/** 电销待分配 */
export function TmkUnassignedScreen() {
  return <LeadList fixed={usePool(POOL.unassigned, NONE)} variant="tmk" />;
}
/** 电销已分配 */
export function TmkAssignedScreen() {
  return <LeadList fixed={usePool(POOL.tmk, NONE)} variant="tmk" />;
}
/** 已有学员: leads that became students. */
export function ExistingStudentsScreen() {
  return <LeadList fixed={usePool(undefined, HAS_STUDENT)} variant="existing" />;
}
/** 无效资源 (with 激活). */
export function InvalidLeadsScreen() {
  return <LeadList fixed={usePool(POOL.invalid, NONE)} />;
}

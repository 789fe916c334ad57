import { Badge, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { callApi } from '../../api/call';
import { api } from '../../api/client';
import { POINTS_REVERSE_PERM, pointsReverseCall } from '../../contract/crm';
import { refLabelKey, type FieldDef } from '../../contract/resource';
import { customerResource } from '../../contract/resources/crm';
import { REVERSIBLE_POINTS_KINDS, integralLogResource } from '../../contract/resources/students';
import { addIntegralCall, reduceIntegralCall, type IntegralResult } from '../../contract/students';
import { notifySuccess } from '../../components/feedback';
import { FieldsDialog, ResourcePage, callUrl, columnsOf, useColumnOptions } from '../../components/ResourcePage';
import { searchFieldsOf } from '../../components/SearchForm';
import type { TableRow } from '../../components/DataTable';
import { customerLedgerColumns } from './ledgerColumns';

/** The customer a points dialog is about. */
export interface PointsCustomer {
  id: number;
  name: string;
  integral: number;
}

export type PointsMove = 'grant' | 'deduct';

const MOVE_FIELDS: Record<string, FieldDef> = {
  points: { type: 'int', label: '积分', required: true, min: 1, max: 100000 },
  reason: { type: 'string', label: '原因', required: true, max: 255 },
};
const REVERSE_FIELDS: Record<string, FieldDef> = { reason: { type: 'string', label: '冲正原因', required: true, max: 200 } };

/** 增加积分 / 扣减积分 of one customer: the students area's calls, each a ledger row. */
export function PointsMoveDialog({ move, customer, onClose }: { move: PointsMove | null; customer: PointsCustomer | null; onClose: (result?: IntegralResult) => void }) {
  const title = move && customer ? `${move === 'grant' ? '增加积分' : '扣减积分'}：${customer.name}（当前积分 ${customer.integral}）` : null;
  return (
    <FieldsDialog
      title={title}
      fields={MOVE_FIELDS}
      onClose={() => onClose()}
      onSubmit={async (v) => {
        if (!move || !customer) return;
        const body = { student_id: customer.id, points: Number(v.points), reason: String(v.reason ?? '').trim() };
        const result = await callApi(move === 'grant' ? addIntegralCall : reduceIntegralCall, { body });
        notifySuccess(`${move === 'grant' ? '已增加' : '已扣减'} ${body.points} 积分，当前积分 ${result.balance}`);
        onClose(result);
      }}
    />
  );
}

const LEDGER_SEARCH = searchFieldsOf(integralLogResource).filter((f) => f.name !== 'student_id' && f.name !== 'school_id');

const customerKey = (id: number | undefined) => ['crm_customer/get', id] as const;

/**
 * The customer's balance as the server has it now. The list row a dialog opens from can be older
 * than a move just made (the list's reload may still be on its way), so the ledger reads it again;
 * without an answer (offline, or a failed read) the row's balance stands.
 */
function useCurrentBalance(customer: PointsCustomer | null): { balance: number | null; reading: boolean } {
  const url = callUrl(customerResource, 'get');
  const q = useQuery({
    queryKey: customerKey(customer?.id),
    enabled: customer !== null && !!url,
    staleTime: 0,
    gcTime: 0,
    queryFn: () => api.get<{ integral?: number | null }>(url ?? '', { id: customer?.id ?? 0 }),
  });
  if (!customer) return { balance: null, reading: false };
  if (q.isPending && q.fetchStatus === 'fetching') return { balance: null, reading: true };
  return { balance: q.data ? Number(q.data.integral ?? 0) : customer.integral, reading: false };
}

/**
 * 积分明细 of one customer: the ledger, newest first, with who posted each row and when; 冲正 (for
 * holders of crm_points_reverse) on a 增加/扣减 row not yet reversed appends its opposite.
 */
export function PointsLedgerDialog({ customer, onClose }: { customer: PointsCustomer | null; onClose: (changed: boolean) => void }) {
  const options = useColumnOptions(integralLogResource);
  const columns = useMemo(() => customerLedgerColumns(columnsOf(integralLogResource, options), refLabelKey('student_id', 'name')), [options]);
  const queryClient = useQueryClient();
  const current = useCurrentBalance(customer);
  const [reversing, setReversing] = useState<{ row: TableRow; reload: () => void } | null>(null);
  const [changed, setChanged] = useState(false);
  const close = () => {
    setChanged(false);
    onClose(changed);
  };
  return (
    <Modal opened={customer !== null} onClose={close} title={customer ? `积分明细：${customer.name}` : ''} size="min(1100px, 100%)">
      {customer && (
        <Stack gap="xs">
          <Group gap="xs">
            <Text size="sm">当前积分</Text>
            {current.reading ? (
              <Loader size="xs" aria-label="正在读取当前积分" />
            ) : (
              <Badge color="orange" variant="light" data-testid="ledger-balance">
                {current.balance}
              </Badge>
            )}
          </Group>
          <ResourcePage
            def={integralLogResource}
            columns={columns}
            searchFields={LEDGER_SEARCH}
            fixedFilters={{ student_id: customer.id }}
            exportName={false}
            rowActions={(ctx) => [
              {
                key: 'reverse',
                label: '冲正',
                color: 'red',
                perm: POINTS_REVERSE_PERM,
                visible: (r) => REVERSIBLE_POINTS_KINDS.includes(String(r.biz_type ?? '')) && !r.reversed_by_id,
                onClick: (r) => setReversing({ row: r, reload: ctx.reload }),
              },
            ]}
          />
          <FieldsDialog
            title={reversing ? `冲正积分流水：${Number(reversing.row.points) > 0 ? '+' : ''}${String(reversing.row.points)}（${String(reversing.row.reason ?? '')}）` : null}
            fields={REVERSE_FIELDS}
            confirmLabel="冲正"
            onClose={() => setReversing(null)}
            onSubmit={async (v) => {
              if (!reversing) return;
              const result = await callApi(pointsReverseCall, { body: { id: Number(reversing.row.id), reason: String(v.reason ?? '').trim() } });
              notifySuccess(`已冲正，当前积分 ${result.balance}`);
              // the balance the reversal answers is the server's: it becomes the customer read above
              queryClient.setQueryData(customerKey(customer.id), (read: { integral?: number | null } | undefined) => ({ ...read, integral: result.balance }));
              setChanged(true);
              reversing.reload();
            }}
          />
        </Stack>
      )}
    </Modal>
  );
}

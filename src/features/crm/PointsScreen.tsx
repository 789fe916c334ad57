import { Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { customerResource } from '../../contract/resources/crm';
import { addIntegralCall, reduceIntegralCall } from '../../contract/students';
import { ResourcePage, columnsOf, useColumnOptions } from '../../components/ResourcePage';
import { CUSTOMER_POINT_COLUMNS } from './ledgerColumns';
import { PointsLedgerDialog, PointsMoveDialog, type PointsCustomer, type PointsMove } from './PointsDialogs';

/** The button (operation code) a write call names. */
const buttonOf = (call: { perm: string | readonly string[] }): string => (typeof call.perm === 'string' ? call.perm : call.perm[0]);

const SHOWN = new Set(['name', 'parent_name', 'parent_phone', 'state', 'integral']);

/**
 * 积分管理: each customer's points balance (the ledger's sum) with 增加积分 / 扣减积分 (a reason each;
 * never below zero) and the ledger, where a mistaken row is corrected by 冲正, never edited.
 */
export default function PointsScreen() {
  const options = useColumnOptions(customerResource);
  const columns = useMemo(() => [...columnsOf(customerResource, options).filter((c) => SHOWN.has(c.prop)), ...CUSTOMER_POINT_COLUMNS], [options]);
  const [move, setMove] = useState<{ move: PointsMove; customer: PointsCustomer } | null>(null);
  const [ledgerOf, setLedgerOf] = useState<PointsCustomer | null>(null);
  const reloadRef = useRef<() => void>(() => undefined);
  const customerOf = (r: Record<string, unknown>): PointsCustomer => ({ id: Number(r.id), name: String(r.name), integral: Number(r.integral ?? 0) });
  return (
    <>
      <Text size="xs" c="dimmed" mb={4}>
        积分余额等于积分流水之和；增加、扣减积分须填写原因，扣减后不能低于零；记错的流水请在积分明细中冲正，原流水保留。
      </Text>
      <ResourcePage
        def={customerResource}
        columns={columns}
        exportName="积分管理"
        rowActions={(ctx) => {
          reloadRef.current = ctx.reload;
          return [
            { key: 'grant', label: '增加积分', perm: buttonOf(addIntegralCall), onClick: (r) => setMove({ move: 'grant', customer: customerOf(r) }) },
            { key: 'deduct', label: '扣减积分', color: 'orange', perm: buttonOf(reduceIntegralCall), visible: (r) => Number(r.integral ?? 0) > 0, onClick: (r) => setMove({ move: 'deduct', customer: customerOf(r) }) },
            { key: 'ledger', label: '积分明细', onClick: (r) => setLedgerOf(customerOf(r)) },
          ];
        }}
      />
      <PointsMoveDialog
        move={move?.move ?? null}
        customer={move?.customer ?? null}
        onClose={(result) => {
          setMove(null);
          if (result) reloadRef.current();
        }}
      />
      <PointsLedgerDialog
        customer={ledgerOf}
        onClose={(changed) => {
          setLedgerOf(null);
          if (changed) reloadRef.current();
        }}
      />
    </>
  );
}

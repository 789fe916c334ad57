import { useMemo, useState } from 'react';
import { customerResource } from '../../contract/resources/crm';
import { ResourcePage, columnsOf, useColumnOptions } from '../../components/ResourcePage';
import { COMPLAINTS_COLUMN, CUSTOMER_POINT_COLUMNS } from './ledgerColumns';
import { PointsLedgerDialog, type PointsCustomer } from './PointsDialogs';

/**
 * 客户列表: the students of the caller's campuses as customers — contact, state, course consultant,
 * points (balance, earned, used, last change) and complaints; 积分明细 opens a customer's ledger.
 */
export default function CustomersScreen() {
  const options = useColumnOptions(customerResource);
  const columns = useMemo(() => [...columnsOf(customerResource, options), ...CUSTOMER_POINT_COLUMNS, COMPLAINTS_COLUMN], [options]);
  const [ledgerOf, setLedgerOf] = useState<PointsCustomer | null>(null);
  return (
    <>
      <ResourcePage
        def={customerResource}
        columns={columns}
        exportName="客户列表"
        rowActions={() => [{ key: 'ledger', label: '积分明细', onClick: (r) => setLedgerOf({ id: Number(r.id), name: String(r.name), integral: Number(r.integral ?? 0) }) }]}
      />
      <PointsLedgerDialog customer={ledgerOf} onClose={() => setLedgerOf(null)} />
    </>
  );
}

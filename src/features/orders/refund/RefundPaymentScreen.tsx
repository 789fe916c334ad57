import { useState } from 'react';
import { refundResource } from '../../../contract/resources/orders-extras';
import type { FieldDef, ResourceDef } from '../../../contract/resource';
import type { TableRow } from '../../../components/DataTable';
import { ResourcePage } from '../../../components/ResourcePage';
import { RefundDetail } from './RefundDetail';

/** 已退款: the state a paid 退费单 has (REFUND_STATES). */
const PAID = 6;

/** The declaration as this list shows it: no state filter (it is fixed), the payout's columns first. */
function paymentDef(): ResourceDef {
  const fields = refundResource.fields as Readonly<Record<string, FieldDef>>;
  const first = ['refund_no', 'receipt_no', 'refunded_at', 'student_id', 'order_no', 'amount', 'payout_kind'];
  const out: Record<string, FieldDef> = {};
  for (const name of [...first, ...Object.keys(fields).filter((k) => !first.includes(k))]) {
    const f = fields[name];
    // the state is fixed; the order shows by its number (订单编号), not its id
    out[name] = name === 'state' ? { ...f, search: undefined } : name === 'order_id' ? { ...f, list: false, search: undefined } : f;
  }
  return { ...refundResource, fields: out };
}

const PAYMENT_DEF = paymentDef();

/** 退费付款记录: the refunds paid out (已退款), with their 退费 receipt, payout and time. */
export default function RefundPaymentScreen() {
  const [row, setRow] = useState<TableRow | null>(null);
  return (
    <>
      <ResourcePage def={PAYMENT_DEF} fixedFilters={{ state: PAID }} exportName="退费付款记录" rowActions={() => [{ key: 'detail', label: '详情', onClick: setRow }]} />
      {row && <RefundDetail row={row} onClose={() => setRow(null)} />}
    </>
  );
}

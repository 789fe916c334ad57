import { OrderList } from './OrderList';

/** 已审核订单: audited, contract confirmed and in progress. */
export default function AuditedOrdersScreen() {
  return <OrderList states="3,4,5" />;
}

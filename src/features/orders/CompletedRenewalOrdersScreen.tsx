import { OrderList } from './OrderList';

/** 已完成续费订单 (completed jx): completed renewals (签约类型 续费). */
export default function CompletedRenewalOrdersScreen() {
  return <OrderList states="6" extraFilters={{ if_first_sign: 2 }} />;
}

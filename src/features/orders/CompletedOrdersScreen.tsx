import { OrderList } from './OrderList';

/** 已完成订单 */
export default function CompletedOrdersScreen() {
  return <OrderList states="6" />;
}

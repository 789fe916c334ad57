import { OrderList } from './OrderList';

/** 未通过订单 */
export default function NotThroughOrdersScreen() {
  return <OrderList states="7" />;
}

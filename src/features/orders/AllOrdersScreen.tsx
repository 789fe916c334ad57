import { OrderList } from './OrderList';

/** 全部订单 */
export default function AllOrdersScreen() {
  return <OrderList />;
}

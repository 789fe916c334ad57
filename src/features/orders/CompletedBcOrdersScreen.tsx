import { OrderList } from './OrderList';

/** 已完成补差订单 (completed bc): completed orders that carried 应补差价 (a class type transfer's difference). */
export default function CompletedBcOrdersScreen() {
  return <OrderList states="6" extraFilters={{ due_amount_start: 1 }} showDue />;
}

import { OrderList } from './OrderList';

/**
 * 补差订单 (spec: completed bc): every order that carries 应补差价 (a class type transfer whose new
 * hours cost more than the value moved), whatever became of it after (in progress, completed,
 * refunded), with the difference shown; a 补差 is posted while the hours are in use, so the list
 * does not wait for completion.
 */
export default function CompletedBcOrdersScreen() {
  return <OrderList extraFilters={{ due_amount_start: 1 }} showDue />;
}

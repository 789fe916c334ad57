import { OrderList } from './OrderList';

/**
 * 补差订单 (spec: completed bc): audited orders that carry 应补差价 (a class type transfer whose new
 * hours cost more than the value moved), in progress or completed, with the difference shown; a
 * 补差 is posted while the order's hours are still in use, so the list does not wait for completion.
 */
export default function CompletedBcOrdersScreen() {
  return <OrderList states="3,4,5,6" extraFilters={{ due_amount_start: 1 }} showDue />;
}

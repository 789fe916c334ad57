import { orderResource } from '../../contract/resources/orders';
import { ResourcePage } from '../../components/ResourcePage';

/** 订单 lists by state: the declared order list (form-encoded page) with the states fixed. */
export function OrderList({ states }: { states?: string }) {
  return <ResourcePage def={orderResource} fixedFilters={states ? { state: states } : undefined} exportName="订单" />;
}

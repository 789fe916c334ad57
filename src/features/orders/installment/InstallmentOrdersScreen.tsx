import { InstallmentScreen } from './InstallmentScreen';

/** 分期订单: plans other than renewals (is_renewal 0). */
export default function InstallmentOrdersScreen() {
  return <InstallmentScreen renewal={false} />;
}

import { InstallmentScreen } from './InstallmentScreen';

/** 分期续费订单 (installment jx): plans of renewal orders (is_renewal 1). */
export default function InstallmentJxScreen() {
  return <InstallmentScreen renewal />;
}

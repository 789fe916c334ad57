import { customerServiceReport } from '../../contract/reports-customer-service';
import { ReportPage } from './ReportPage';

/** 客服报表 (src/contract/reports-customer-service.ts). */
export default function CustomerServiceScreen() {
  return <ReportPage def={customerServiceReport} />;
}

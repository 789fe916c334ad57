import { salesReport } from '../../contract/reports-sales';
import { ReportPage } from './ReportPage';

/** 销售报表 (src/contract/reports-sales.ts). */
export default function SalesScreen() {
  return <ReportPage def={salesReport} />;
}

import { financeReport } from '../../contract/reports-finance';
import { ReportPage } from './ReportPage';

/** 财务报表 (src/contract/reports-finance.ts). */
export default function FinanceScreen() {
  return <ReportPage def={financeReport} />;
}

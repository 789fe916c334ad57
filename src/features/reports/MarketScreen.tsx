import { marketReport } from '../../contract/reports-market';
import { ReportPage } from './ReportPage';

/** 市场报表 (src/contract/reports-market.ts). */
export default function MarketScreen() {
  return <ReportPage def={marketReport} />;
}

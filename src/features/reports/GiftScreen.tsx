import { giftReport } from '../../contract/reports-gift';
import { ReportPage } from './ReportPage';

/** 赠品报表 (src/contract/reports-gift.ts). */
export default function GiftScreen() {
  return <ReportPage def={giftReport} />;
}

import { networkReport } from '../../contract/reports-network';
import { ReportPage } from './ReportPage';

/** 网络报表 (src/contract/reports-network.ts). */
export default function NetworkScreen() {
  return <ReportPage def={networkReport} />;
}

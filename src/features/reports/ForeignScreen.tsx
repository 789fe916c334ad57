import { foreignReport } from '../../contract/reports-foreign';
import { ReportPage } from './ReportPage';

/** 外教报表 (src/contract/reports-foreign.ts). */
export default function ForeignScreen() {
  return <ReportPage def={foreignReport} />;
}

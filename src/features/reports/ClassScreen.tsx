import { classReport } from '../../contract/reports-class';
import { ReportPage } from './ReportPage';

/** 班级报表 (src/contract/reports-class.ts). */
export default function ClassScreen() {
  return <ReportPage def={classReport} />;
}

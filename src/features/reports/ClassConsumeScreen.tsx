import { consumeReport } from '../../contract/reports-class_consume';
import { ReportPage } from './ReportPage';

/** 课消报表 (src/contract/reports-class_consume.ts). */
export default function ClassConsumeScreen() {
  return <ReportPage def={consumeReport} />;
}

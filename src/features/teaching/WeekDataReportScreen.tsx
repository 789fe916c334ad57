import { weekReportResource } from '../../contract/resources/teaching-results';
import { ResourcePage } from '../../components/ResourcePage';

/** 周数据报告: each teacher's week in figures and words. */
export default function WeekDataReportScreen() {
  return <ResourcePage def={weekReportResource} />;
}

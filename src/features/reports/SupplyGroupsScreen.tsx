import { supplyReport } from '../../contract/reports-supply_groups';
import { ReportPage } from './ReportPage';

/** 供应组报表 (src/contract/reports-supply_groups.ts). */
export default function SupplyGroupsScreen() {
  return <ReportPage def={supplyReport} />;
}

import { DailyReportScreen } from './DailyReportScreen';

export default function SchoolReportScreen() {
  return <DailyReportScreen kind="school" />;
}

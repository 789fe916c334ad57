import { DailyReportScreen } from './DailyReportScreen';

export default function TaReportScreen() {
  return <DailyReportScreen kind="ta" />;
}

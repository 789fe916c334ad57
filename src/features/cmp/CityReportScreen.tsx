import { DailyReportScreen } from './DailyReportScreen';

export default function CityReportScreen() {
  return <DailyReportScreen kind="city" />;
}

import { achievementReport } from '../../contract/reports-achievement';
import { ReportPage } from './ReportPage';

/** 业绩报表 (src/contract/reports-achievement.ts). */
export default function AchievementScreen() {
  return <ReportPage def={achievementReport} />;
}

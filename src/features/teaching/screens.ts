import type { ComponentType } from 'react';

/**
 * Screens of the teaching area by menu component key (src/contract/menus/teaching.ts; 操作指南管理
 * in menus/system.ts). The reading page of guides is /system/base/guide; the teaching records
 * (外教考勤 …) are `resource/<name>` list screens rendered from their declarations.
 */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'teaching/guide': () => import('./GuideManagePage'),
  'teaching/classroom_feedback': () => import('./ClassroomFeedbackScreen'),
  'teaching/month_data': () => import('./MonthDataScreen'),
  'teaching/student_results': () => import('./StudentResultsScreen'),
  'teaching/week_data_report': () => import('./WeekDataReportScreen'),
  'teaching/ft_studying_student_score': () => import('./FtStudentScoreScreen'),
};

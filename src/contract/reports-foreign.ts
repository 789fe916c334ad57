import type { ReportDef } from './reports';
import { reportCall } from './reports';

export const FOREIGN_REPORT_GROUPS = [
  { value: 'teacher', text: '按外教' },
  { value: 'school', text: '按校区' },
] as const;

/**
 * 外教报表: each foreign teacher (外教档案 在职/试用 at the campus, or anyone with 外教考勤 or 外教月度考核
 * there in the period) per campus: lessons taught (已上课 lessons of the timetable) and their hours,
 * the attendance days of 外教考勤 (teacher_cam) and their hours, the average of 外教月度考核
 * (teacher_fas) of the period's months and of 听课评估 (teacher_oa) of the period.
 */
export const foreignReport: ReportDef = {
  key: 'foreign',
  code: 'reports_foreign',
  title: '外教报表',
  note: '授课按上课日期，考勤按考勤日期，考核按考核月份，听课按听课日期统计；出勤率 = （出勤 + 迟到早退）÷ 考勤天数。',
  columns: [
    { prop: 'name', label: '名称', kind: 'text', width: 130 },
    { prop: 'english_name', label: '英文名', kind: 'text', width: 100 },
    { prop: 'school_name', label: '校区', kind: 'text', width: 110 },
    { prop: 'teacher_count', label: '外教人数', kind: 'int', width: 80 },
    { prop: 'lessons', label: '授课课次', kind: 'int', width: 80 },
    { prop: 'lesson_hours', label: '授课课时', kind: 'hours', width: 80 },
    { prop: 'cam_days', label: '考勤天数', kind: 'int', width: 80 },
    { prop: 'cam_present', label: '出勤天数', kind: 'int', width: 80 },
    { prop: 'cam_late', label: '迟到早退', kind: 'int', width: 80 },
    { prop: 'cam_absent', label: '缺勤天数', kind: 'int', width: 80 },
    { prop: 'cam_leave', label: '请假天数', kind: 'int', width: 80 },
    { prop: 'attendance_rate', label: '出勤率', kind: 'percent', width: 80 },
    { prop: 'cam_hours', label: '考勤课时', kind: 'hours', width: 80 },
    { prop: 'fas_score', label: '月度考核均分', kind: 'score', width: 100 },
    { prop: 'oa_count', label: '听课次数', kind: 'int', width: 80 },
    { prop: 'oa_score', label: '听课评估均分', kind: 'score', width: 100 },
  ],
  filters: [{ name: 'group_by', label: '统计维度', options: FOREIGN_REPORT_GROUPS }],
  defaultSort: 'cam_hours desc',
};

export const foreignReportCall = reportCall(foreignReport);

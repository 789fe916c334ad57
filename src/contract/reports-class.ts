import type { ReportDef } from './reports';
import { reportCall } from './reports';

export const CLASS_REPORT_GROUPS = [
  { value: 'class', text: '按班级' },
  { value: 'class_type', text: '按班型' },
  { value: 'school', text: '按校区' },
] as const;

/**
 * 班级报表: the classes of the caller's campuses (open ones, and any with lessons in the period):
 * students enrolled now (在读) against the capacity (满班率), lessons planned in the period against
 * those held (已上课), and the check-ins of the period's lessons (出勤 = present or late, of every
 * mark). By class, by campus and class type, or by campus (统计维度).
 */
export const classReport: ReportDef = {
  key: 'class',
  code: 'reports_class',
  title: '班级报表',
  note: '在读学员与容量为当前数；课次与考勤按上课日期统计；出勤率 = 出勤人次（出勤、迟到）÷ 考勤人次。',
  columns: [
    { prop: 'name', label: '名称', kind: 'text', width: 160 },
    { prop: 'school_name', label: '校区', kind: 'text', width: 110 },
    { prop: 'class_type_name', label: '班型', kind: 'text', width: 110 },
    { prop: 'teacher_name', label: '主讲老师', kind: 'text', width: 80 },
    { prop: 'class_count', label: '班级数', kind: 'int', width: 70 },
    { prop: 'students', label: '在读学员', kind: 'int', width: 80 },
    { prop: 'capacity', label: '容量', kind: 'int', width: 70 },
    { prop: 'fill_rate', label: '满班率', kind: 'percent', width: 80 },
    { prop: 'planned', label: '计划课次', kind: 'int', width: 80 },
    { prop: 'held', label: '已上课次', kind: 'int', width: 80 },
    { prop: 'attended', label: '出勤人次', kind: 'int', width: 80 },
    { prop: 'marked', label: '考勤人次', kind: 'int', width: 80 },
    { prop: 'attendance_rate', label: '平均出勤率', kind: 'percent', width: 90 },
  ],
  filters: [{ name: 'group_by', label: '统计维度', options: CLASS_REPORT_GROUPS }],
  defaultSort: 'students desc',
};

export const classReportCall = reportCall(classReport);

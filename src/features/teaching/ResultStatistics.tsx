import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { classResultStatsCall, type ClassResultStats } from '../../contract/teaching';

type Row = ClassResultStats & Record<string, unknown>;

const COLUMNS: readonly DataTableColumn<Row>[] = [
  { prop: 'class_name', label: '班级', minWidth: 160 },
  { prop: 'exam_name', label: '考试名称', minWidth: 140 },
  { prop: 'exam_date', label: '考试日期', width: 110 },
  { prop: 'students', label: '参考人数', width: 90, align: 'right' },
  // hundredths of a percent from the server (8650 → 86.50%)
  { prop: 'avg_percent', label: '平均得分率', width: 110, align: 'right', formatter: (r) => `${(r.avg_percent / 100).toFixed(2)}%` },
  { prop: 'max_score', label: '最高分', width: 80, align: 'right' },
  { prop: 'min_score', label: '最低分', width: 80, align: 'right' },
  { prop: 'pass_rate', label: '及格率', width: 80, align: 'right', formatter: (r) => `${r.pass_rate}%` },
];

/** 学员成绩 › 成绩统计: each class's tests summed up by the server (tch_stu_class_pm/statistics). */
export function ResultStatistics() {
  return <DataTable<Row> api={classResultStatsCall.path} columns={COLUMNS} rowKey="exam_key" mapRows={(rows) => rows.map((r) => ({ ...r, exam_key: `${r.class_id}:${r.exam_name}` }))} />;
}

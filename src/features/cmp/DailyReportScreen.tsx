import { Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import { callApi } from '../../api/call';
import { DataTable, type DataTableColumn, type DataTableHandle, type TableQuery, type TableRow } from '../../components/DataTable';
import { confirmAction, notifyError, notifySuccess } from '../../components/feedback';
import { initialValues, SearchForm, toQuery, type SearchField } from '../../components/SearchForm';
import { useHasPermission } from '../../components/session';
import { CMP_PERM, CMP_SCREEN, REPORT_CALLS, regenerateReportCall, type ReportKindName } from '../../contract/cmp';
import { count, hours, rate, yuan } from './format';
import { ReportDetail } from './ReportDetail';

const TITLES: Record<ReportKindName, string> = { city: '城市日报', school: '校区日报', ta: '学管日报' };

const DATE: SearchField = { name: 'report_date', label: '日报日期', input: 'daterange', defaultValue: 'latestTwoMonths' };
const SCHOOL: SearchField = { name: 'school_id', label: '校区', input: 'select', options: { kind: 'schools' } };
const FIELDS: Record<ReportKindName, SearchField[]> = {
  city: [DATE, { ...SCHOOL, label: '含校区' }],
  school: [DATE, SCHOOL],
  ta: [DATE, SCHOOL, { name: 'staff_name', label: '学管', input: 'text' }],
};

const GENERATED: DataTableColumn[] = [
  { prop: 'rule_name', label: '生成规则', minWidth: 150, show: false },
  { prop: 'generated_at', label: '生成时间', width: 150, sortable: true },
  { prop: 'generated_by_name', label: '生成人', width: 90 },
  { prop: 'regenerated_at', label: '重新生成时间', width: 150, show: false },
  { prop: 'regenerated_by_name', label: '重新生成人', width: 90, show: false },
];

const FIGURES: DataTableColumn[] = [
  { prop: 'new_leads', label: '新增线索', width: 80, align: 'right', formatter: (_r, v) => count(v) },
  { prop: 'visits', label: '到访', width: 60, align: 'right', formatter: (_r, v) => count(v) },
  { prop: 'trials', label: '试听到课', width: 80, align: 'right', formatter: (_r, v) => count(v) },
  { prop: 'orders', label: '签约', width: 60, align: 'right', formatter: (_r, v) => count(v) },
  { prop: 'order_amount', label: '签约金额', width: 110, align: 'right', formatter: (_r, v) => yuan(v) },
  { prop: 'collected', label: '实收金额', width: 110, align: 'right', formatter: (_r, v) => yuan(v) },
  { prop: 'refund_amount', label: '退费金额', width: 100, align: 'right', formatter: (_r, v) => yuan(v) },
  { prop: 'lessons', label: '上课节次', width: 80, align: 'right', formatter: (_r, v) => count(v) },
  { prop: 'attendance_rate', label: '出勤率', width: 80, align: 'right', formatter: (_r, v) => rate(v) },
  { prop: 'consumed_hours', label: '消耗课时', width: 90, align: 'right', formatter: (_r, v) => hours(v) },
  { prop: 'consumed_value', label: '消课金额', width: 110, align: 'right', formatter: (_r, v) => yuan(v) },
  { prop: 'revenue_rate', label: '月营收达成', width: 100, align: 'right', formatter: (_r, v) => rate(v) },
];

const COLUMNS: Record<ReportKindName, DataTableColumn[]> = {
  city: [{ prop: 'report_date', label: '日期', width: 110, sortable: true, fixed: 'left' }, { prop: 'city_name', label: '城市', minWidth: 110, sortable: true }, ...FIGURES, ...GENERATED],
  school: [
    { prop: 'report_date', label: '日期', width: 110, sortable: true, fixed: 'left' },
    { prop: 'school_name', label: '校区', minWidth: 120, sortable: true },
    { prop: 'city_name', label: '城市', width: 100 },
    ...FIGURES,
    ...GENERATED,
  ],
  ta: [
    { prop: 'report_date', label: '日期', width: 110, sortable: true, fixed: 'left' },
    { prop: 'staff_name', label: '学管', width: 100, sortable: true },
    { prop: 'school_name', label: '校区', minWidth: 120, sortable: true },
    { prop: 'students', label: '在读学员', width: 80, align: 'right', formatter: (_r, v) => count(v) },
    { prop: 'attended', label: '出勤人次', width: 80, align: 'right', formatter: (_r, v) => count(v) },
    { prop: 'leaves', label: '请假人次', width: 80, align: 'right', formatter: (_r, v) => count(v) },
    { prop: 'attendance_rate', label: '出勤率', width: 80, align: 'right', formatter: (_r, v) => rate(v) },
    { prop: 'leave_requests', label: '请假申请', width: 80, align: 'right', formatter: (_r, v) => count(v) },
    { prop: 'low_hours_count', label: '待续费', width: 70, align: 'right', formatter: (_r, v) => count(v) },
    ...GENERATED,
  ],
};

/**
 * 城市日报 / 校区日报 / 学管日报: the reports the job made, newest day first, in the caller's scope;
 * 查看 opens one in full, 重新生成 (head office) makes it again from today's figures; 导出 exports the list.
 */
export function DailyReportScreen({ kind }: { kind: ReportKindName }) {
  const fields = FIELDS[kind];
  const [query, setQuery] = useState<TableQuery>(() => toQuery(fields, initialValues(fields)));
  const [seq, setSeq] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const table = useRef<DataTableHandle>(null);
  const can = useHasPermission();
  const regenerate = async (row: TableRow) => {
    if (!(await confirmAction(`按当前数据重新生成 ${String(row.report_date)} 的${TITLES[kind]}？原快照将被替换，并记录操作人和时间。`))) return;
    try {
      await callApi(regenerateReportCall, { body: { id: Number(row.id) } });
      notifySuccess('已重新生成');
      table.current?.reload();
    } catch (e) {
      notifyError(e instanceof Error ? e.message : '重新生成失败');
    }
  };
  return (
    <Stack gap="xs" p="xs">
      <SearchForm
        fields={fields}
        onSearch={(q) => {
          setQuery(q);
          setSeq((s) => s + 1);
        }}
      />
      <DataTable
        tableRef={table}
        api={REPORT_CALLS[kind].page.path}
        columns={COLUMNS[kind]}
        query={query}
        searchSeq={seq}
        tableKey={CMP_SCREEN[kind]}
        hasPermission={can}
        actions={[
          { key: 'view', label: '查看', onClick: (r) => setOpen(Number(r.id)) },
          { key: 'regenerate', label: '重新生成', color: 'orange', perm: CMP_PERM.regenerate[kind], onClick: (r) => void regenerate(r) },
        ]}
        exportOptions={{ name: TITLES[kind] }}
      />
      {open !== null && <ReportDetail kind={kind} id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

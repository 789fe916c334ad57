import { Stack } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn, type TableQuery } from '../../components/DataTable';
import { SearchForm, toQuery, initialValues, type SearchField } from '../../components/SearchForm';
import { CMP_SCREEN, planReportPageCall } from '../../contract/cmp';
import { count, rate, yuan } from './format';

const FIELDS: SearchField[] = [
  { name: 'school_id', label: '校区', input: 'select', options: { kind: 'schools' } },
  { name: 'plan_month_start', label: '开始月份', input: 'text', placeholder: 'YYYY-MM' },
  { name: 'plan_month_end', label: '结束月份', input: 'text', placeholder: 'YYYY-MM' },
];

const COLUMNS: DataTableColumn[] = [
  { prop: 'plan_month', label: '计划月份', width: 100, sortable: true, fixed: 'left' },
  { prop: 'school_name', label: '校区', minWidth: 120, sortable: true },
  { prop: 'target_revenue', label: '目标营收', width: 120, align: 'right', formatter: (_r, v) => yuan(v) },
  { prop: 'collected', label: '实收金额', width: 120, align: 'right', formatter: (_r, v) => yuan(v) },
  { prop: 'revenue_rate', label: '营收达成', width: 90, align: 'right', formatter: (_r, v) => rate(v) },
  { prop: 'target_new_students', label: '目标新生', width: 80, align: 'right', formatter: (_r, v) => count(v) },
  { prop: 'new_signs', label: '新签', width: 70, align: 'right', formatter: (_r, v) => count(v) },
  { prop: 'new_rate', label: '新签达成', width: 90, align: 'right', formatter: (_r, v) => rate(v) },
  { prop: 'target_renewals', label: '目标续费', width: 80, align: 'right', formatter: (_r, v) => count(v) },
  { prop: 'renewals', label: '续费', width: 70, align: 'right', formatter: (_r, v) => count(v) },
  { prop: 'renewal_rate', label: '续费达成', width: 90, align: 'right', formatter: (_r, v) => rate(v) },
  { prop: 'target_attendance_rate', label: '目标出勤率', width: 90, align: 'right', formatter: (_r, v) => (typeof v === 'number' ? `${v}%` : '') },
  { prop: 'attendance_rate', label: '实际出勤率', width: 90, align: 'right', formatter: (_r, v) => rate(v) },
];

/** 计划报表: each campus's 校区经营计划 of a month against what the campus did that month (up to today). */
export default function PlanReportScreen() {
  const [query, setQuery] = useState<TableQuery>(() => toQuery(FIELDS, initialValues(FIELDS)));
  const [seq, setSeq] = useState(0);
  return (
    <Stack gap="xs" p="xs">
      <SearchForm
        fields={FIELDS}
        onSearch={(q) => {
          setQuery(q);
          setSeq((s) => s + 1);
        }}
      />
      <DataTable api={planReportPageCall.path} columns={COLUMNS} query={query} searchSeq={seq} tableKey={CMP_SCREEN.plan} exportOptions={{ name: '计划报表' }} />
    </Stack>
  );
}

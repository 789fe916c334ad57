import { Stack } from '@mantine/core';
import { useState } from 'react';
import { CLASSES_PATHS } from '../../../contract/classes';
import { STUDENT_LEAVE_STATES } from '../../../contract/resources/classes';
import { DataTable, type DataTableColumn, type TableQuery, type TableRow } from '../../../components/DataTable';
import { initialValues, SearchForm, toQuery, type SearchField } from '../../../components/SearchForm';
import { maskedPhone } from '../checkIn/roster';
import { CLASS_SOURCE, SCHOOL_SOURCE } from '../pickers/sources';
import { markText } from './markColumn';

const FIELDS: SearchField[] = [
  { name: 'school_id', label: '校区', input: 'select', options: SCHOOL_SOURCE },
  { name: 'class_id', label: '班级', input: 'select', options: CLASS_SOURCE },
  {
    name: 'mark',
    label: '考勤',
    input: 'multiselect',
    options: { kind: 'static', items: [{ value: 'absent', text: '缺勤' }, { value: 'leave', text: '请假' }] },
  },
  { name: 'date', label: '上课日期', input: 'daterange', defaultValue: 'currentMonth' },
];

const COLUMNS: DataTableColumn[] = [
  { prop: 'student_name', label: '学员', minWidth: 100 },
  { prop: 'parent_name', label: '家长', minWidth: 90 },
  { prop: 'parent_phone', label: '家长电话', minWidth: 120, formatter: (_r, v) => maskedPhone(typeof v === 'string' ? v : null) },
  { prop: 'class_name', label: '班级', minWidth: 140 },
  { prop: 'lesson_date', label: '上课日期', width: 110 },
  { prop: 'start_time', label: '上课时间', width: 90 },
  { prop: 'mark', label: '考勤', width: 80, formatter: markText },
  {
    prop: 'leave_state',
    label: '请假/补课',
    width: 110,
    formatter: (_r: TableRow, v) => (v === null || v === undefined ? '' : (STUDENT_LEAVE_STATES.find((s) => s.value === Number(v))?.text ?? '')),
  },
  { prop: 'checked_at', label: '登记时间', width: 160 },
];

/** 缺勤记录: absences and leaves (POST form-encoded absenceList), for calling parents and booking make-ups. */
export default function AbsenceScreen() {
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
      <DataTable api={CLASSES_PATHS.absenceList} method="POST_FORM" columns={COLUMNS} query={query} searchSeq={seq} tableKey="educational_absence" />
    </Stack>
  );
}

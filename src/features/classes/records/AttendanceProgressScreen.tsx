import { Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLASSES_PATHS } from '../../../contract/classes';
import { DataTable, type DataTableColumn, type TableQuery, type TableRow } from '../../../components/DataTable';
import { initialValues, SearchForm, toQuery, type SearchField } from '../../../components/SearchForm';
import { fetchClassProgress } from '../api';
import { SCHOOL_SOURCE } from '../pickers/sources';
import { ClassProgress } from './ClassProgress';

const FIELDS: SearchField[] = [{ name: 'school_id', label: '校区', input: 'select', options: SCHOOL_SOURCE }];

function pct(done: unknown, total: unknown): string {
  const d = Number(done);
  const t = Number(total);
  return t > 0 ? `${Math.round((d / t) * 100)}%` : '—';
}

const COLUMNS: DataTableColumn[] = [
  { prop: 'class_name', label: '班级', minWidth: 160 },
  { prop: 'students', label: '在读人数', width: 90, align: 'right' },
  { prop: 'sessions_total', label: '已排课次', width: 90, align: 'right' },
  { prop: 'sessions_done', label: '已上课次', width: 90, align: 'right' },
  { prop: 'progress', label: '进度', width: 80, align: 'right', formatter: (r: TableRow) => pct(r.sessions_done, r.sessions_total) },
];

function ClassProgressDialog({ cls, onClose }: { cls: { id: number; name: string } | null; onClose: () => void }) {
  const q = useQuery({ queryKey: ['edu-class-progress', cls?.id], enabled: cls !== null, queryFn: () => fetchClassProgress(cls?.id as number) });
  const p = q.data;
  return (
    <Modal opened={cls !== null} onClose={onClose} title={`考勤进度：${cls?.name ?? ''}`} size="lg" centered>
      {p && <ClassProgress progress={p} />}
    </Modal>
  );
}

/** 考勤进度: lessons held against lessons arranged per class, and each student's marks. */
export default function AttendanceProgressScreen() {
  const [query, setQuery] = useState<TableQuery>(() => toQuery(FIELDS, initialValues(FIELDS)));
  const [seq, setSeq] = useState(0);
  const [open, setOpen] = useState<{ id: number; name: string } | null>(null);
  return (
    <Stack gap="xs" p="xs">
      <SearchForm
        fields={FIELDS}
        onSearch={(q) => {
          setQuery(q);
          setSeq((s) => s + 1);
        }}
      />
      <DataTable
        api={CLASSES_PATHS.attendanceProgress}
        columns={COLUMNS}
        query={query}
        searchSeq={seq}
        rowKey="class_id"
        actions={[{ key: 'detail', label: '学员考勤', onClick: (r) => setOpen({ id: Number(r.class_id), name: String(r.class_name) }) }]}
      />
      <ClassProgressDialog cls={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

import { Box, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useCallback, useMemo, useRef, useState } from 'react';
import { DataTable, type DataTableHandle, type RowAction, type TableQuery, type TableRow } from '../../components/DataTable';
import { ResourcePage, type PageContext } from '../../components/ResourcePage';
import { SearchForm } from '../../components/SearchForm';
import { useHasPermission } from '../../components/session';
import { studentResource } from '../../contract/resources/students';
import { studentView, type StudentView } from '../../contract/student-views';
import { nowText } from '../../lib/format';
import { useViewColumns, viewSearchFields } from './columns';
import { StudentDetail } from './StudentDetail';
import { StudentDialog, type StudentDialogKind } from './StudentDialogs';

type Open = { kind: 'detail'; id: number } | { kind: StudentDialogKind; row: TableRow };

/** Filters every call of the view carries: its fixed ones, its server view, dates relative to today. */
function fixedOf(view: StudentView): TableQuery {
  const q: TableQuery = { ...view.fixed };
  if (view.view) q.view = view.view;
  if (view.relative) q[`${view.relative.field}_end`] = addDays(nowText().slice(0, 10), -1);
  return q;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function useStudentActions(setOpen: (o: Open) => void): RowAction<TableRow>[] {
  return useMemo(
    () => [
      { key: 'detail', label: '详情', onClick: (r) => setOpen({ kind: 'detail', id: Number(r.id) }) },
      { key: 'state', label: '变更状态', perm: 'student_change_state', onClick: (r) => setOpen({ kind: 'state', row: r }) },
      { key: 'freeze', label: '冻结', perm: 'student_apply_freeze', visible: (r) => Number(r.state) === 1, onClick: (r) => setOpen({ kind: 'freeze', row: r }) },
      { key: 'points', label: '积分', perm: 'student_add_integral', onClick: (r) => setOpen({ kind: 'addPoints', row: r }) },
    ],
    [setOpen],
  );
}

/** A view answered by another call than student/page (my_entered, warm_up_student): its own table. */
function SourceTable({ view, actions }: { view: StudentView; actions: RowAction<TableRow>[] }) {
  const columns = useViewColumns(view);
  const fields = useMemo(() => viewSearchFields(view), [view]);
  const [query, setQuery] = useState<TableQuery>({});
  const [seq, setSeq] = useState(0);
  const { ref, height } = useElementSize();
  const table = useRef<DataTableHandle<TableRow>>(null);
  return (
    <Stack gap={8}>
      <Box ref={ref}>
        <SearchForm
          fields={fields}
          onSearch={(q) => {
            setQuery(q);
            setSeq((s) => s + 1);
          }}
        />
      </Box>
      <DataTable<TableRow> api={`api/v1/student/${view.source ?? 'page'}`} columns={columns} query={query} searchSeq={seq} actions={actions} tableKey={`student_${view.key}`} exportOptions={{ name: view.title }} headerHeight={height} tableRef={table} />
    </Stack>
  );
}

/** One student view of the inventory (src/contract/student-views.ts) on the student declaration. */
export function StudentViewScreen({ viewKey }: { viewKey: string }) {
  const view = studentView(viewKey);
  const can = useHasPermission();
  const [open, setOpen] = useState<Open | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const ctxRef = useRef<PageContext<TableRow> | null>(null);
  const actions = useStudentActions(setOpen);
  const columns = useViewColumns(view ?? { key: 'all', title: '', code: '', hint: '', search: [], columns: [] });
  const searchFields = useMemo(() => (view ? viewSearchFields(view) : []), [view]);
  const fixed = useMemo(() => (view ? fixedOf(view) : {}), [view]);
  const close = useCallback((changed: boolean) => {
    setOpen(null);
    if (changed) {
      ctxRef.current?.reload();
      setReloadKey((k) => k + 1);
    }
  }, []);
  if (!view) return <Text>未知的学员视图</Text>;

  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {view.hint}
        </Text>
      </Group>
      {view.source && view.source !== 'page' ? (
        <SourceTable key={reloadKey} view={view} actions={actions} />
      ) : (
        <ResourcePage
          def={studentResource}
          columns={columns}
          searchFields={searchFields}
          fixedFilters={fixed}
          hasPermission={(code) => (view.key !== 'all' && code === 'student_add' ? false : can(code))}
          rowActions={(ctx) => {
            ctxRef.current = ctx;
            return actions;
          }}
          exportName={view.title}
        />
      )}
      {open?.kind === 'detail' && <StudentDetail studentId={open.id} onClose={close} />}
      {open && open.kind !== 'detail' && (
        <StudentDialog kind={open.kind} student={{ id: Number(open.row.id), name: String(open.row.name), state: Number(open.row.state), integral: Number(open.row.integral ?? 0) }} onClose={close} />
      )}
    </Stack>
  );
}

/** The screen component of a view key (menus name `students/<key>`). */
export function viewScreen(viewKey: string) {
  function Screen() {
    return <StudentViewScreen viewKey={viewKey} />;
  }
  return Screen;
}

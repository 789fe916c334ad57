import { Button } from '@mantine/core';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { ResourcePage, columnsOf, useColumnOptions, type PageContext } from '../../components/ResourcePage';
import type { DataTableColumn, TableRow } from '../../components/DataTable';
import { useHasPermission } from '../../components/session';
import { formatDateTime } from '../../lib/format';
import { studentImportResource } from '../../contract/resources/students-import';
import { STUDENT_IMPORT_PERM, type ImportSummary } from '../../contract/student-import';
import { ImportDialog, downloadRefused } from './ImportDialog';

/** A history row as the dialog opens it: an unfinished import resumes from chunk 0 (chunks already done add nobody, and answer the real next one). */
function summaryOf(r: TableRow): ImportSummary {
  const state = Number(r.state);
  return {
    id: Number(r.id),
    file_name: String(r.file_name ?? ''),
    school_id: Number(r.school_id),
    total: Number(r.total),
    accepted: Number(r.accepted),
    refused: Number(r.refused),
    imported: Number(r.imported),
    updated: Number(r.updated ?? 0),
    unchanged: Number(r.unchanged ?? 0),
    state,
    chunks: 0,
    next_chunk: state === 3 || Number(r.accepted) === Number(r.imported) + Number(r.updated ?? 0) ? null : 0,
  };
}

/** The toolbar's 导入学员 button (only for holders of its operation code). */
function importButton(allowed: boolean, onClick: () => void): ReactNode {
  if (!allowed) return null;
  return (
    <Button size="xs" onClick={onClick}>
      导入学员
    </Button>
  );
}

/** 学员导入: the history of Excel imports (who, when, which file, rows accepted and refused) and the import itself. */
export default function ImportScreen() {
  const can = useHasPermission();
  const options = useColumnOptions(studentImportResource);
  const columns = useMemo<DataTableColumn<TableRow>[]>(
    () => [...columnsOf<TableRow>(studentImportResource, options), { prop: 'created_at', label: '导入时间', width: 165, formatter: (r) => formatDateTime(r.created_at as string) }],
    [options],
  );
  const [open, setOpen] = useState<{ initial: ImportSummary | null } | null>(null);
  const ctx = useRef<PageContext<TableRow> | null>(null);
  return (
    <>
      <ResourcePage
        def={studentImportResource}
        columns={columns}
        exportName={false}
        toolbar={(c) => {
          ctx.current = c;
          return importButton(can(STUDENT_IMPORT_PERM), () => setOpen({ initial: null }));
        }}
        rowActions={(c) => {
          ctx.current = c;
          return [
            { key: 'view', label: '查看', onClick: (r) => setOpen({ initial: { ...summaryOf(r), next_chunk: can(STUDENT_IMPORT_PERM) ? summaryOf(r).next_chunk : null } }) },
            { key: 'resume', label: '继续导入', color: 'green', perm: STUDENT_IMPORT_PERM, visible: (r) => summaryOf(r).next_chunk !== null, onClick: (r) => setOpen({ initial: summaryOf(r) }) },
            { key: 'refused', label: '下载拒绝行', color: 'orange', visible: (r) => Number(r.refused) > 0, onClick: (r) => void downloadRefused(summaryOf(r)) },
          ];
        }}
      />
      <ImportDialog opened={open !== null} initial={open?.initial ?? null} onClose={() => setOpen(null)} onChanged={() => ctx.current?.reload()} />
    </>
  );
}

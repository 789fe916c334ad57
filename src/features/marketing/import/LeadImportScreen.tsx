import { Button } from '@mantine/core';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { ResourcePage, columnsOf, useColumnOptions, type PageContext } from '../../../components/ResourcePage';
import type { DataTableColumn, TableRow } from '../../../components/DataTable';
import { useHasPermission } from '../../../components/session';
import { formatDateTime } from '../../../lib/format';
import { leadImportResource } from '../../../contract/resources/marketing-import';
import { LeadImportDialog, downloadRefused } from './LeadImportDialog';

/** The operation code of the 导入资源 button. */
const IMPORT_PERM = 'mkt_resource_import';

/** The toolbar's 导入资源 button (only for holders of its operation code). */
function importButton(allowed: boolean, onClick: () => void): ReactNode {
  if (!allowed) return null;
  return (
    <Button size="xs" onClick={onClick}>
      导入资源
    </Button>
  );
}

/** 资源导入: the history of Excel imports of leads (who, when, which file, rows imported, duplicate, refused) and the import itself. */
export default function LeadImportScreen() {
  const can = useHasPermission();
  const options = useColumnOptions(leadImportResource);
  const columns = useMemo<DataTableColumn<TableRow>[]>(
    () => [...columnsOf<TableRow>(leadImportResource, options), { prop: 'created_at', label: '导入时间', width: 165, formatter: (r) => formatDateTime(r.created_at as string) }],
    [options],
  );
  const [open, setOpen] = useState(false);
  const ctx = useRef<PageContext<TableRow> | null>(null);
  return (
    <>
      <ResourcePage
        def={leadImportResource}
        columns={columns}
        exportName={false}
        toolbar={(c) => {
          ctx.current = c;
          return importButton(can(IMPORT_PERM), () => setOpen(true));
        }}
        rowActions={(c) => {
          ctx.current = c;
          return [{ key: 'refused', label: '下载拒绝行', color: 'orange', visible: (r) => Number(r.refused) > 0, onClick: (r) => void downloadRefused(Number(r.id), String(r.file_name ?? '资源导入.xlsx')) }];
        }}
      />
      <LeadImportDialog opened={open} onClose={() => setOpen(false)} onImported={() => ctx.current?.reload()} />
    </>
  );
}

import { Modal } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ResourceDef } from '../../contract/resource';
import type { TableRow } from '../DataTable';
import { ResourcePage, type ResourcePageProps } from './ResourcePage';

export interface MasterDetailPageProps {
  master: ResourceDef;
  /** the rows belonging to one master row: their `detailKey` field holds the master's id */
  detail: ResourceDef;
  detailKey: string;
  /** the row button and the dialog title */
  detailTitle: string;
  masterProps?: Omit<ResourcePageProps, 'def'>;
  /** the dialog's width (default 80%) */
  size?: string;
}

/**
 * A list whose rows open the list of their own detail rows in a dialog (a template's lines, a
 * class path's steps, where a language pack is on sale): the detail list is filtered by, and new
 * detail rows start with, the opened row's id; its column naming the master is left out.
 */
export function MasterDetailPage({ master, detail, detailKey, detailTitle, masterProps, size = '80%' }: MasterDetailPageProps) {
  const [open, setOpen] = useState<TableRow | null>(null);
  const fixed = useMemo(() => (open ? { [detailKey]: Number(open.id) } : undefined), [open, detailKey]);
  const detailDef = useMemo<ResourceDef>(() => {
    const field = detail.fields[detailKey];
    if (!field) return detail;
    return { ...detail, fields: { ...detail.fields, [detailKey]: { ...field, list: false, search: undefined } } };
  }, [detail, detailKey]);
  const extraActions = masterProps?.rowActions;
  return (
    <>
      <ResourcePage
        {...masterProps}
        def={master}
        rowActions={(ctx) => [
          { key: 'detail', label: detailTitle, visible: (r) => Number(r.del_flag ?? 0) !== 1, onClick: setOpen },
          ...(extraActions ? extraActions(ctx) : []),
        ]}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? `${detailTitle}：${String(open.name ?? '')}` : detailTitle} size={size}>
        {open && fixed && <ResourcePage def={detailDef} fixedFilters={fixed} newDefaults={fixed} />}
      </Modal>
    </>
  );
}

import { Modal } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ResourcePage } from '../../../components/ResourcePage';
import type { TableRow } from '../../../components/DataTable';
import type { ResourceDef } from '../../../contract/resource';

/** A template list whose rows open their detail list (area templates, user templates); both soft-delete and recover. */
export function TemplatePage({ template, detail, detailTitle }: { template: ResourceDef; detail: ResourceDef; detailTitle: string }) {
  const [open, setOpen] = useState<TableRow | null>(null);
  const fixed = useMemo(() => (open ? { template_id: Number(open.id) } : undefined), [open]);
  return (
    <>
      <ResourcePage
        def={template}
        rowActions={() => [{ key: 'detail', label: detailTitle, visible: (r) => Number(r.del_flag ?? 0) !== 1, onClick: setOpen }]}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? `${detailTitle}：${String(open.name ?? '')}` : detailTitle} size="80%">
        {open && fixed && <ResourcePage def={detail} fixedFilters={fixed} newDefaults={fixed} />}
      </Modal>
    </>
  );
}

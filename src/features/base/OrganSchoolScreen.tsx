import { Modal } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { DataTableColumn, TableRow } from '../../components/DataTable';
import { ResourceForm, ResourcePage, columnsOf, useColumnOptions } from '../../components/ResourcePage';
import { organSchoolResource } from '../../contract/resources/base-school';
import { CODE_DIALOGS, type CodeDialog } from './organ-school/codeDialogs';
import { SchoolFileTabs } from './organ-school/SchoolFileTabs';

// under the campus column's prop, so the list's own campus column (a user of several campuses) is not shown twice
const NAME_COLUMN: DataTableColumn = { prop: 'school_id', label: '校区', minWidth: 130, fixed: 'left', formatter: (row) => String(row.school_name ?? '') };

/**
 * 校区档案: one file per campus. A row opens its tabs (basics, rent, contracts, property, pictures,
 * licences, change log) and the pay, POS and campus code dialogs; 营业/停业 is the declared action.
 */
export default function OrganSchoolScreen() {
  const options = useColumnOptions(organSchoolResource);
  const columns = useMemo(() => [NAME_COLUMN, ...columnsOf(organSchoolResource, options)], [options]);
  const [tabsOf, setTabsOf] = useState<TableRow | null>(null);
  const [code, setCode] = useState<{ dialog: CodeDialog; row: TableRow; reload: () => void } | null>(null);
  return (
    <>
      <ResourcePage
        def={organSchoolResource}
        columns={columns}
        dialogSize="xl"
        rowActions={(ctx) => [
          { key: 'tabs', label: '档案详情', onClick: setTabsOf },
          ...CODE_DIALOGS.map((d) => ({ key: d.key, label: d.label, perm: d.perm, onClick: (row: TableRow) => setCode({ dialog: d, row, reload: ctx.reload }) })),
        ]}
      />
      <Modal opened={tabsOf !== null} onClose={() => setTabsOf(null)} title={`校区档案：${String(tabsOf?.school_name ?? '')}`} size="90%">
        {tabsOf && <SchoolFileTabs fileId={Number(tabsOf.id)} schoolId={Number(tabsOf.school_id)} />}
      </Modal>
      <Modal opened={code !== null} onClose={() => setCode(null)} title={code ? `${code.dialog.label}：${String(code.row.school_name ?? '')}` : ''}>
        {code && (
          <ResourceForm
            def={code.dialog.def}
            mode="update"
            initial={code.row}
            onClose={(saved) => {
              if (saved) code.reload();
              setCode(null);
            }}
          />
        )}
      </Modal>
    </>
  );
}

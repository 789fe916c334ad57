import { Modal } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { TableRow } from '../../../components/DataTable';
import { ResourcePage } from '../../../components/ResourcePage';
import { dataPermissionDetailResource, dataPermissionResource } from '../../../contract/resources/system';
import type { DataTableColumn } from '../../../components/DataTable';

const COLUMNS: DataTableColumn[] = [
  { prop: 'role_name', label: '角色', minWidth: 120 },
  { prop: 'role_code', label: '角色编码', minWidth: 120 },
  { prop: 'kind', label: '范围', width: 140, formatter: (r) => (Number(r.kind) === 1 ? '全部校区' : Number(r.kind) === 2 ? '指定校区/组织' : '不设置') },
  { prop: 'remark', label: '备注', minWidth: 160 },
  { prop: 'updated_at', label: '更新时间', width: 160 },
];

const DETAIL_COLUMNS: DataTableColumn[] = [
  { prop: 'target_type', label: '对象类型', width: 100, formatter: (r) => (r.target_type === 'school' ? '校区' : '组织') },
  { prop: 'target_name', label: '校区/组织', minWidth: 160 },
];

/** 数据权限: each role's data scope and its listed campuses/organisations. */
export default function DataPermissionPage() {
  const [open, setOpen] = useState<TableRow | null>(null);
  const fixed = useMemo(() => (open ? { permission_id: Number(open.id) } : undefined), [open]);
  return (
    <>
      <ResourcePage def={dataPermissionResource} columns={COLUMNS} rowActions={() => [{ key: 'detail', label: '明细', onClick: setOpen }]} />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? `数据权限明细：${String(open.role_name ?? '')}` : '数据权限明细'} size="70%">
        {fixed && <ResourcePage def={dataPermissionDetailResource} columns={DETAIL_COLUMNS} fixedFilters={fixed} newDefaults={fixed} searchFields={[]} />}
      </Modal>
    </>
  );
}

import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { api } from '../../../api/client';
import type { QueryValue } from '../../../api/request';
import type { TreeNode } from '../../../contract/menu';
import { BatchDeleteButton, DataTable, type DataTableColumn, type DataTableHandle, type RowAction } from '../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../components/session';
import { GrantDialog } from '../shared/GrantDialog';
import { checkedOf } from '../shared/grantTree';
import { confirmDelete } from '../../../components/feedback';
import { RoleDialog } from './RoleDialog';
import { emptyRoleForm, roleFormOf, type RoleFormValues, type RoleRow } from './roleForm';
import { RoleScopeDialog } from './RoleScopeDialog';

const SEARCH: SearchField[] = [
  { name: 'name', label: '角色名称', input: 'text' },
  { name: 'code', label: '角色编码', input: 'text' },
];

const yesNo = (v: unknown) => (Number(v) === 1 ? '是' : '否');
export const ROLE_COLUMNS: DataTableColumn<RoleRow>[] = [
  { prop: 'name', label: '角色名称', minWidth: 120 },
  { prop: 'code', label: '角色编码', minWidth: 120 },
  { prop: 'all_schools', label: '全部校区', width: 80, align: 'center', formatter: (r) => yesNo(r.all_schools) },
  { prop: 'state', label: '状态', width: 70, align: 'center', formatter: (r) => (Number(r.state) === 1 ? '启用' : '停用') },
  { prop: 'order_num', label: '排序', width: 70, align: 'center', sortable: true },
  { prop: 'remark', label: '备注', minWidth: 160 },
];

async function loadRoleMenus(id: number): Promise<{ tree: TreeNode[]; checked: string[] }> {
  const tree = await api.get<TreeNode[]>('api/v1/system/get_role_menu_tree', { role_id: id });
  return { tree, checked: checkedOf(tree) };
}

/** 角色管理: roles, their menus and buttons (save_role_menu), their data permission. */
export default function RolePage() {
  const can = useHasPermission();
  const table = useRef<DataTableHandle<RoleRow>>(null);
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [seq, setSeq] = useState(0);
  const [edit, setEdit] = useState<RoleFormValues | null>(null);
  const [grantFor, setGrantFor] = useState<RoleRow | null>(null);
  const [scopeFor, setScopeFor] = useState<RoleRow | null>(null);
  const reload = useCallback(() => table.current?.reload(), []);

  const actions = useMemo<RowAction<RoleRow>[]>(
    () => [
      { key: 'edit', label: '编辑', perm: 'update_role', onClick: (r) => setEdit(roleFormOf(r)) },
      { key: 'menus', label: '分配菜单', perm: 'save_role_menu', onClick: setGrantFor },
      { key: 'scope', label: '数据权限', perm: 'update_data_perssion', onClick: setScopeFor },
      {
        key: 'delete',
        label: '删除',
        perm: 'del_role',
        color: 'red',
        visible: (r) => r.code !== 'RC999',
        onClick: async (r) => {
          if (await confirmDelete('api/v1/system/del_role', [r.id])) reload();
        },
      },
    ],
    [reload],
  );

  return (
    <Stack gap={8}>
      <SearchForm
        fields={SEARCH}
        onSearch={(q) => {
          setQuery(q);
          setSeq((s) => s + 1);
        }}
      />
      <DataTable<RoleRow>
        api="api/v1/system/find_role_page"
        columns={ROLE_COLUMNS}
        query={query}
        searchSeq={seq}
        selectable
        actions={actions}
        actionsWidth={240}
        tableRef={table}
        tableKey="system_role"
        headerHeight={60}
        toolbar={
          <>
            {can('add_role') && (
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEdit(emptyRoleForm())}>
                新增
              </Button>
            )}
            {can('del_role') && (
              <BatchDeleteButton url={'api/v1/system/del_role'} table={table} onDeleted={reload} />
            )}
          </>
        }
      />
      <RoleDialog initial={edit} onClose={() => setEdit(null)} onSaved={reload} />
      <GrantDialog
        title="分配菜单"
        subject={grantFor}
        load={loadRoleMenus}
        saveUrl="api/v1/system/save_role_menu"
        bodyOf={(id, menuIds) => ({ role_id: id, menu_ids: menuIds })}
        onClose={() => setGrantFor(null)}
      />
      <RoleScopeDialog role={scopeFor} onClose={() => setScopeFor(null)} />
    </Stack>
  );
}

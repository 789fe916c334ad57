import { Button, Stack } from '@mantine/core';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { QueryValue } from '../../../api/request';
import { BatchDeleteButton, DataTable, type DataTableColumn, type DataTableHandle, type RowAction } from '../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../components/session';
import { TreePanel } from '../../../components/TreePanel';
import { TreeLayout } from '../shared/TreeLayout';
import { confirmDelete } from '../../../components/feedback';
import { FromTemplateDialog } from './FromTemplateDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserDialog } from './UserDialog';
import { emptyUserForm, userFormOf, type UserFormValues, type UserRow } from './userForm';
import { userStateText } from '../../../lib/format/userState';

const SEARCH: SearchField[] = [
  { name: 'login_id', label: '账号', input: 'text' },
  { name: 'name', label: '姓名', input: 'text' },
  { name: 'phone', label: '手机号', input: 'text' },
  { name: 'school_id', label: '校区', input: 'select', options: { kind: 'schools' } },
  { name: 'state', label: '状态', input: 'select', options: { kind: 'static', items: [{ value: 1, text: '启用' }, { value: 0, text: '停用' }] } },
];

export const USER_COLUMNS: DataTableColumn<UserRow>[] = [
  { prop: 'login_id', label: '账号', minWidth: 110, sortable: true },
  { prop: 'name', label: '姓名', minWidth: 90, sortable: true },
  { prop: 'phone', label: '手机号', width: 120 },
  { prop: 'org_name', label: '所属组织', minWidth: 120 },
  { prop: 'role_names', label: '角色', minWidth: 120 },
  { prop: 'school_names', label: '校区', minWidth: 160 },
  { prop: 'state', label: '状态', width: 70, align: 'center', formatter: (r) => userStateText(r.state, r.locked) },
  { prop: 'created_at', label: '创建时间', width: 150, sortable: true, show: false },
];

/** 用户管理: staff accounts with their roles and campuses; password reset. */
export default function UserPage() {
  const can = useHasPermission();
  const table = useRef<DataTableHandle<UserRow>>(null);
  const [form, setForm] = useState<Record<string, QueryValue>>({});
  const [org, setOrg] = useState('');
  const [seq, setSeq] = useState(0);
  const [edit, setEdit] = useState<UserFormValues | null>(null);
  const [reset, setReset] = useState<UserRow | null>(null);
  const [picking, setPicking] = useState(false);
  const query = useMemo(() => ({ ...form, org_id: org }), [form, org]);
  const reload = useCallback(() => table.current?.reload(), []);
  const actions = useMemo<RowAction<UserRow>[]>(
    () => [
      { key: 'edit', label: '编辑', perm: 'update_user', onClick: (r) => setEdit(userFormOf(r)) },
      { key: 'password', label: '重置密码', perm: 'update_password', onClick: setReset },
      {
        key: 'delete',
        label: '删除',
        perm: 'del_user',
        color: 'red',
        onClick: async (r) => {
          if (await confirmDelete('api/v1/system/del_user', [r.id])) reload();
        },
      },
    ],
    [reload],
  );
  return (
    <TreeLayout tree={<TreePanel title="组织" url="api/v1/system/get_org_tree" showAll value={org} onSelect={(id) => (setOrg(id), setSeq((s) => s + 1))} />}>
      <Stack gap={8}>
        <SearchForm fields={SEARCH} onSearch={(q) => (setForm(q), setSeq((s) => s + 1))} onReset={() => setOrg('')} />
        <DataTable<UserRow>
          api="api/v1/system/find_user_page"
          columns={USER_COLUMNS}
          query={query}
          searchSeq={seq}
          selectable
          actions={actions}
          actionsWidth={170}
          tableRef={table}
          tableKey="system_user"
          exportOptions={{ name: '用户' }}
          headerHeight={60}
          toolbar={
            <>
              {can('add_user') && (
                <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEdit(emptyUserForm())}>
                  新增
                </Button>
              )}
              {can('add_user') && (
                <Button size="xs" variant="light" leftSection={<IconTemplate size={14} />} onClick={() => setPicking(true)}>
                  从模板创建
                </Button>
              )}
              {can('del_user') && (
                <BatchDeleteButton url={'api/v1/system/del_user'} table={table} onDeleted={reload} />
              )}
            </>
          }
        />
      </Stack>
      <UserDialog initial={edit} onClose={() => setEdit(null)} onSaved={reload} />
      <ResetPasswordDialog user={reset} onClose={() => setReset(null)} />
      <FromTemplateDialog
        opened={picking}
        onClose={() => setPicking(false)}
        onPicked={(f) => {
          setPicking(false);
          setEdit(f);
        }}
      />
    </TreeLayout>
  );
}

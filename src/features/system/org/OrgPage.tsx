import { Button, Modal, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { QueryValue } from '../../../api/request';
import { BatchDeleteButton, DataTable, type DataTableColumn, type DataTableHandle, type RowAction } from '../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../components/session';
import { TreePanel } from '../../../components/TreePanel';
import { TreeLayout } from '../shared/TreeLayout';
import { confirmDelete } from '../../../components/feedback';
import { ORG_TREE_URL, OrgDialog } from './OrgDialog';
import { ORG_KINDS, emptyOrgForm, orgFormOf, type OrgFormValues, type OrgRow } from './orgForm';

const SEARCH: SearchField[] = [
  { name: 'name', label: '组织名称', input: 'text' },
  { name: 'code', label: '编码', input: 'text' },
  { name: 'kind', label: '类型', input: 'select', options: { kind: 'static', items: ORG_KINDS.map((k) => ({ value: k.value, text: k.label })) } },
];

export const ORG_COLUMNS: DataTableColumn<OrgRow>[] = [
  { prop: 'name', label: '组织名称', minWidth: 160 },
  { prop: 'code', label: '编码', minWidth: 100 },
  { prop: 'kind_name', label: '类型', width: 80 },
  { prop: 'leader', label: '负责人', width: 90 },
  { prop: 'phone', label: '电话', width: 120 },
  { prop: 'address', label: '地址', minWidth: 150 },
  { prop: 'state', label: '状态', width: 70, align: 'center', formatter: (r) => (Number(r.state) === 1 ? '启用' : '停用') },
  { prop: 'order_num', label: '排序', width: 70, align: 'center', sortable: true },
];

const USER_COLUMNS: DataTableColumn[] = [
  { prop: 'login_id', label: '账号', minWidth: 100 },
  { prop: 'name', label: '姓名', minWidth: 100 },
  { prop: 'phone', label: '手机号', minWidth: 120 },
  { prop: 'state', label: '状态', width: 70, formatter: (r) => (Number(r.state) === 1 ? '启用' : '停用') },
];

/** 组织管理: the organisation tree beside the list; a node filters the list to its subtree. */
export default function OrgPage() {
  const can = useHasPermission();
  const table = useRef<DataTableHandle<OrgRow>>(null);
  const [form, setForm] = useState<Record<string, QueryValue>>({});
  const [node, setNode] = useState<{ id: string; label: string }>({ id: '', label: '' });
  const [seq, setSeq] = useState(0);
  const [treeKey, setTreeKey] = useState(0);
  const [edit, setEdit] = useState<OrgFormValues | null>(null);
  const [usersOf, setUsersOf] = useState<OrgRow | null>(null);
  const query = useMemo(() => ({ ...form, cn_id: node.id }), [form, node.id]);
  const reload = useCallback(() => {
    table.current?.reload();
    setTreeKey((k) => k + 1);
  }, []);

  const actions = useMemo<RowAction<OrgRow>[]>(
    () => [
      { key: 'edit', label: '编辑', perm: 'update_org', onClick: (r) => setEdit(orgFormOf(r)) },
      { key: 'users', label: '人员', onClick: setUsersOf },
      {
        key: 'delete',
        label: '删除',
        perm: 'del_org',
        color: 'red',
        onClick: async (r) => {
          if (await confirmDelete('api/v1/system/del_org', [r.id])) reload();
        },
      },
    ],
    [reload],
  );

  return (
    <TreeLayout
      tree={
        <TreePanel
          title="组织"
          url={ORG_TREE_URL}
          showAll
          value={node.id}
          reloadKey={treeKey}
          onSelect={(id, label) => {
            setNode({ id, label });
            setSeq((s) => s + 1);
          }}
        />
      }
    >
      <Stack gap={8}>
        <SearchForm
          fields={SEARCH}
          onSearch={(q) => {
            setForm(q);
            setSeq((s) => s + 1);
          }}
          onReset={() => setNode({ id: '', label: '' })}
        />
        <DataTable<OrgRow>
          api="api/v1/system/find_org_page"
          columns={ORG_COLUMNS}
          query={query}
          searchSeq={seq}
          selectable
          actions={actions}
          actionsWidth={140}
          tableRef={table}
          tableKey="system_org"
          headerHeight={60}
          toolbar={
            <>
              {can('add_org') && (
                <Button
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setEdit(emptyOrgForm(node.id ? { id: node.id } : undefined))}
                >
                  新增
                </Button>
              )}
              {can('del_org') && (
                <BatchDeleteButton url={'api/v1/system/del_org'} table={table} onDeleted={reload} />
              )}
            </>
          }
        />
      </Stack>
      <OrgDialog initial={edit} onClose={() => setEdit(null)} onSaved={reload} />
      <Modal opened={usersOf !== null} onClose={() => setUsersOf(null)} title={usersOf ? `人员：${usersOf.name}` : '人员'} size="lg">
        {usersOf && <DataTable api="api/v1/system/get_org_users" columns={USER_COLUMNS} query={{ id: usersOf.id }} headerHeight={200} />}
      </Modal>
    </TreeLayout>
  );
}

import { Box, Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { QueryValue } from '../../../api/request';
import type { Menu } from '../../../contract/menu';
import { BatchDeleteButton, DataTable, type DataTableColumn, type DataTableHandle, type RowAction } from '../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../components/session';
import { TreePanel } from '../../../components/TreePanel';
import { TreeLayout } from '../shared/TreeLayout';
import { confirmDelete } from '../../../components/feedback';
import { MENU_TREE_URL, MenuDialog } from './MenuDialog';
import { emptyMenuForm, menuFormOf, type MenuFormValues } from './menuForm';

type MenuRow = Menu & Record<string, unknown>;

/** The menu screen's single-delete confirm, verbatim from spec doc 000 §8 (other screens use the shared text). */
export const MENU_CONFIRM_DELETE = '确认删除这个用户吗？';

/** The tree query of spec doc 000 §3. */
const TREE_QUERY = { del_falg: 0, hidden: 0, type_op: '>=', type: 0 };
/**
 * The list query of spec doc 000 §3 (type_op '>=', type 0) beside the form and the node. Its
 * `hidden 0` is left out on purpose: the table has a 隐藏 column and a hidden menu must stay
 * reachable for editing.
 */
const LIST_BASE = { type_op: '>=', type: 0 };

const SEARCH_FIELDS: SearchField[] = [
  { name: 'name', label: '菜单名称', input: 'text' },
  { name: 'code', label: '编码', input: 'text' },
];

const COLUMNS: DataTableColumn<MenuRow>[] = [
  { prop: 'name', label: '名称', minWidth: 140 },
  { prop: 'url', label: '路径', minWidth: 160 },
  { prop: 'component', label: '组件', minWidth: 160 },
  { prop: 'code', label: '编码', minWidth: 140 },
  { prop: 'order_num', label: '排序', width: 70, align: 'center', sortable: true },
  { prop: 'hidden', label: '隐藏', width: 70, align: 'center', formatter: (r) => (Number(r.hidden) === 1 ? '是' : '否') },
];

/** 菜单管理 (spec doc 000 §2, §5, §8). */
export default function MenuPage() {
  const can = useHasPermission();
  const table = useRef<DataTableHandle<MenuRow>>(null);
  const [form, setForm] = useState<Record<string, QueryValue>>({});
  const [node, setNode] = useState('');
  const [seq, setSeq] = useState(0);
  const [treeKey, setTreeKey] = useState(0);
  const [dialog, setDialog] = useState<MenuFormValues | null>(null);

  const query = useMemo(() => ({ ...LIST_BASE, ...form, cn_id: node }), [form, node]);
  const reload = useCallback(() => {
    table.current?.reload();
    setTreeKey((k) => k + 1);
  }, []);

  const actions = useMemo<RowAction<MenuRow>[]>(
    () => [
      { key: 'edit', label: '编辑', onClick: (row) => setDialog(menuFormOf(row)) },
      {
        key: 'delete',
        label: '删除',
        perm: 'del_menu',
        color: 'red',
        onClick: async (row) => {
          if (await confirmDelete('api/v1/system/del_menu', [row.id], { message: MENU_CONFIRM_DELETE })) reload();
        },
      },
    ],
    [reload],
  );

  return (
    <TreeLayout
      tree={
        <TreePanel
          title="菜单"
          url={MENU_TREE_URL}
          params={TREE_QUERY}
          value={node}
          reloadKey={treeKey}
          onSelect={(id) => {
            setNode(id);
            setSeq((s) => s + 1);
          }}
        />
      }
    >
      <Stack gap={8}>
        <SearchForm
          fields={SEARCH_FIELDS}
          onSearch={(q) => {
            setForm(q);
            setSeq((s) => s + 1);
          }}
          onReset={() => setNode('')}
        />
        <Box>
          <DataTable<MenuRow>
            api="api/v1/system/find_menu_page"
            columns={COLUMNS}
            query={query}
            searchSeq={seq}
            selectable
            actions={actions}
            actionsWidth={110}
            tableRef={table}
            headerHeight={60}
            toolbar={
              <>
                {can('add_menu') && (
                  <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setDialog(emptyMenuForm(node))}>
                    新增
                  </Button>
                )}
                <BatchDeleteButton url="api/v1/system/del_menu" table={table} onDeleted={reload} />
              </>
            }
          />
        </Box>
      </Stack>
      <MenuDialog initial={dialog} onClose={() => setDialog(null)} onSaved={reload} />
    </TreeLayout>
  );
}

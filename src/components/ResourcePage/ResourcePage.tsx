import { Box, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { QueryValue } from '../../api/request';
import { DEL_FLAG_COLUMN, isLocked, permCode, type ResourceDef } from '../../contract/resource';
import { DataTable, type DataTableColumn, type DataTableHandle, type RowAction, type TableQuery, type TableRow } from '../DataTable';
import { CONFIRM_BATCH_DELETE, CONFIRM_DELETE, NOTHING_SELECTED, confirmAction, notifyError, notifySuccess, notifyWarning } from '../feedback';
import { SearchForm, initialValues, searchFieldsOf, toQuery, type SearchField } from '../SearchForm';
import { exclusiveConflict } from '../../contract/search';
import { useHasPermission } from '../session';
import { TreePanel } from '../TreePanel';
import { callUrl, writeCall } from './calls';
import { columnsOf, useColumnOptions } from './columns';
import { useCampusColumn, withCampusColumn, withCampusSearch, type CampusColumn } from './campus';
import { ResourceForm, type ResourceFormProps } from './ResourceForm';
import { useDeclaredActions } from './actions';
import { errorMessage } from '../../api/client';

export { CONFIRM_DELETE, CONFIRM_BATCH_DELETE };

/** Operation codes of the page's buttons; `null` shows the button to everyone (the server still checks). */
export interface PagePerms {
  add: string | null;
  update: string | null;
  delete: string | null;
  batchDelete: string | null;
  recover: string | null;
}

export interface TreeFilter {
  title: string;
  url: string;
  params?: Record<string, QueryValue>;
  /** the query parameter the selected node sets */
  field: string;
  showAll?: boolean;
}

/** What extra toolbar buttons and row actions can use. */
export interface PageContext<Row extends TableRow> {
  reload(): void;
  selectedRows(): Row[];
  openAdd(initial?: Record<string, unknown>): void;
  openEdit(row: Row): void;
  /** the current filters, fixed and tree filters included */
  query: TableQuery;
}

export interface ResourcePageProps<Row extends TableRow = TableRow> {
  def: ResourceDef;
  /** replaces the columns derived from the declaration */
  columns?: DataTableColumn<Row>[];
  /** replaces the search fields derived from the declaration */
  searchFields?: SearchField[];
  perms?: Partial<PagePerms>;
  toolbar?: (ctx: PageContext<Row>) => ReactNode;
  rowActions?: (ctx: PageContext<Row>) => RowAction<Row>[];
  treeFilter?: TreeFilter;
  /** filters every call carries (a parent id, a type) */
  fixedFilters?: TableQuery;
  /** replaces the dialog form */
  FormComponent?: ComponentType<ResourceFormProps>;
  /** values a new record starts with */
  newDefaults?: Record<string, unknown>;
  exportName?: string | false;
  confirmDeleteMessage?: string;
  hasPermission?: (code: string) => boolean;
  /** called after any successful write (e.g. to reload a tree) */
  onChanged?: () => void;
  dialogSize?: string;
}

/**
 * A whole list screen from a declaration: search form, table with paging and column settings,
 * 新增 / 批量删除, row 编辑 / 删除 / 恢复, and the dialog form. Special screens compose it with props.
 */
export function ResourcePage<Row extends TableRow = TableRow>(props: ResourcePageProps<Row>) {
  const { def, treeFilter, fixedFilters, FormComponent = ResourceForm, newDefaults, exportName, onChanged } = props;
  const sessionCan = useHasPermission();
  const can = props.hasPermission ?? sessionCan;
  const perms: PagePerms = {
    add: permCode(def, 'add'),
    update: permCode(def, 'update'),
    delete: permCode(def, 'delete'),
    batchDelete: permCode(def, 'delete'),
    recover: permCode(def, 'recover'),
    ...props.perms,
  };
  const allowed = (code: string | null) => code === null || can(code);

  const table = useRef<DataTableHandle<Row>>(null);
  // the declared date defaults apply from the first page call, as the form shows them
  const [search, setSearch] = useState<TableQuery>(() => {
    const fields = props.searchFields ?? searchFieldsOf(def);
    return toQuery(fields, initialValues(fields));
  });
  const [searchSeq, setSearchSeq] = useState(0);
  const [node, setNode] = useState('');
  const [showDeleted, setShowDeleted] = useState(false);
  const [dialog, setDialog] = useState<{ mode: 'add' | 'update'; initial: Record<string, unknown>; key: number } | null>(null);
  const [treeVersion, setTreeVersion] = useState(0);
  const { ref: headerRef, height: headerHeight } = useElementSize();

  const query = useMemo<TableQuery>(() => {
    const q: TableQuery = { ...search, ...fixedFilters };
    if (treeFilter && node) q[treeFilter.field] = node;
    if (showDeleted) q[DEL_FLAG_COLUMN] = 1;
    return q;
  }, [search, fixedFilters, treeFilter, node, showDeleted]);

  const options = useColumnOptions(def);
  const campus = useCampusColumn<Row>(def);
  const columns = useMemo(() => withCampusColumn(props.columns ?? columnsOf<Row>(def, options), campus), [props.columns, def, options, campus]);
  const searchFields = useMemo(() => withCampusSearch(props.searchFields ?? searchFieldsOf(def), campus as CampusColumn<TableRow>), [props.searchFields, def, campus]);

  const reload = useCallback(() => table.current?.reload(), []);
  const queryClient = useQueryClient();
  const changed = useCallback(() => {
    reload();
    setTreeVersion((v) => v + 1);
    // option lists and column texts may come from this very resource (a parent picker, a tree):
    // without this a record added a moment ago is missing from the selects for five minutes
    void queryClient.invalidateQueries({ queryKey: ['options'] });
    void queryClient.invalidateQueries({ queryKey: ['column-options'] });
    onChanged?.();
  }, [reload, onChanged, queryClient]);

  const openAdd = useCallback(
    (initial?: Record<string, unknown>) =>
      setDialog({ mode: 'add', initial: { ...newDefaults, ...(treeFilter && node ? { [treeFilter.field]: node } : {}), ...initial }, key: Date.now() }),
    [newDefaults, treeFilter, node],
  );
  const openEdit = useCallback((row: Row) => setDialog({ mode: 'update', initial: { ...row }, key: Date.now() }), []);

  const removeIds = useCallback(
    async (ids: unknown[], message: string) => {
      if (!(await confirmAction(message))) return;
      try {
        const env = await writeCall(def, 'delete', ids.map((id) => ({ id })));
        if (env.code !== 200) {
          notifyError(env.msg || '删除失败');
          return;
        }
        notifySuccess('删除成功');
        table.current?.clearSelection();
        changed();
      } catch (e) {
        notifyError(errorMessage(e, '删除失败'));
      }
    },
    [def, changed],
  );

  const recover = useCallback(
    async (row: Row) => {
      try {
        const env = await writeCall(def, 'recover', [{ id: row.id }]);
        if (env.code !== 200) {
          notifyError(env.msg || '恢复失败');
          return;
        }
        notifySuccess('恢复成功');
        changed();
      } catch (e) {
        notifyError(errorMessage(e, '恢复失败'));
      }
    },
    [def, changed],
  );

  const ctx: PageContext<Row> = useMemo(
    () => ({ reload, selectedRows: () => table.current?.selectedRows() ?? [], openAdd, openEdit, query }),
    [reload, openAdd, openEdit, query],
  );

  const hasUpdate = !!callUrl(def, 'update');
  const hasDelete = !!callUrl(def, 'delete');
  const hasRecover = !!callUrl(def, 'recover');
  const confirmDelete = props.confirmDeleteMessage ?? CONFIRM_DELETE;
  const rowActionsProp = props.rowActions;
  const selectedRows = useCallback(() => table.current?.selectedRows() ?? [], []);
  const declared = useDeclaredActions<Row>(def, can, selectedRows, changed);
  const declaredRowActions = declared.rowActions;
  const actions = useMemo<RowAction<Row>[]>(() => {
    const list: RowAction<Row>[] = [];
    const live = (r: Row) => Number(r[DEL_FLAG_COLUMN] ?? 0) !== 1;
    const changeable = (r: Row) => live(r) && !isLocked(def, r);
    if (hasUpdate && allowed(perms.update)) list.push({ key: 'edit', label: '编辑', visible: changeable, onClick: openEdit });
    if (hasDelete && allowed(perms.delete)) list.push({ key: 'delete', label: '删除', color: 'red', visible: changeable, onClick: (r) => void removeIds([r.id], confirmDelete) });
    if (hasRecover && allowed(perms.recover)) list.push({ key: 'recover', label: '恢复', color: 'green', visible: (r) => !live(r), onClick: (r) => void recover(r) });
    return [...list, ...declaredRowActions, ...(rowActionsProp ? rowActionsProp(ctx) : [])];
    // perms is rebuilt each render from props; its codes are what matter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, hasUpdate, hasDelete, hasRecover, perms.update, perms.delete, perms.recover, can, openEdit, removeIds, recover, confirmDelete, rowActionsProp, ctx, declaredRowActions]);

  const batchDelete = async () => {
    const rows = table.current?.selectedRows() ?? [];
    if (!rows.length) {
      notifyWarning(NOTHING_SELECTED);
      return;
    }
    await removeIds(
      rows.map((r) => r.id),
      CONFIRM_BATCH_DELETE,
    );
  };

  const toolbar = (
    <>
      {callUrl(def, 'add') && allowed(perms.add) && (
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => openAdd()}>
          新增
        </Button>
      )}
      {hasDelete && allowed(perms.batchDelete) && (
        <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} onClick={batchDelete}>
          批量删除
        </Button>
      )}
      {declared.toolbar}
      {props.toolbar?.(ctx)}
      {def.softDelete && hasRecover && (
        <Checkbox size="xs" label="查看已删除" checked={showDeleted} onChange={(e) => setShowDeleted(e.currentTarget.checked)} />
      )}
    </>
  );

  const pageUrl = callUrl(def, 'page');
  const closeDialog = (saved: boolean) => {
    setDialog(null);
    if (saved) changed();
  };

  return (
    <Group align="flex-start" gap={12} wrap="nowrap">
      {treeFilter && (
        <TreePanel
          title={treeFilter.title}
          url={treeFilter.url}
          params={treeFilter.params}
          showAll={treeFilter.showAll}
          value={node}
          reloadKey={treeVersion}
          onSelect={(id) => {
            setNode(id);
            setSearchSeq((s) => s + 1);
          }}
        />
      )}
      <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
        <Box ref={headerRef}>
          {searchFields.length > 0 && (
            <SearchForm
              fields={searchFields}
              onSearch={(q) => {
                setSearch(q);
                setSearchSeq((s) => s + 1);
              }}
              onReset={() => setNode('')}
              blockReason={(q) => exclusiveConflict(def, q)}
            />
          )}
        </Box>
        {pageUrl && (
          <DataTable<Row>
            api={pageUrl}
            method={def.pageMethod}
            columns={columns}
            query={query}
            searchSeq={searchSeq}
            defaultSort={def.defaultSort}
            selectable={hasDelete || (def.actions ?? []).some((a) => (a.ui ?? 'both') === 'both' || a.ui === 'bulk')}
            actions={actions}
            hasPermission={can}
            tableKey={def.name}
            exportOptions={exportName === false ? undefined : { name: exportName ?? def.title }}
            toolbar={toolbar}
            headerHeight={headerHeight}
            tableRef={table}
          />
        )}
      </Stack>
      {declared.dialog}
      <Modal opened={!!dialog} onClose={() => closeDialog(false)} title={dialog ? `${dialog.mode === 'add' ? '新增' : '编辑'}${def.title}` : ''} size={props.dialogSize ?? 'lg'}>
        {dialog && <FormComponent key={dialog.key} def={def} mode={dialog.mode} initial={dialog.initial} onClose={closeDialog} />}
      </Modal>
    </Group>
  );
}

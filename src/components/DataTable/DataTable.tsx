import { Box, Button, Group, Loader, Pagination, Progress, Select, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode, type Ref, type UIEvent } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, formatSort, parseSort, type SortSpec } from '../../contract/paging';
import { notifyError, notifySuccess, notifyWarning } from '../feedback';
import { useHasPermission } from '../session';
import { ColumnSettings } from './ColumnSettings';
import { prefsOf, useColumnPrefs, type ColumnPref } from './columnPrefs';
import { runExport } from './exportTable';
import { HeaderCheckbox } from './HeaderCheckbox';
import { callList, pageOf, type TablePage } from './loadPage';
import { searchBlockReason } from './searchRules';
import { SelectionStore } from './selection';
import { BodyRow, type ColumnLayout, type RowKey } from './TableBody';
import type { DataTableColumn, DataTableHandle, ExportOptions, RowAction, TableQuery, TableRow } from './types';
import { useLazyRows } from './useLazyRows';
import classes from './DataTable.module.css';
import { errorMessage } from '../../api/client';
import { isCancelled } from '../../api/request';

/** Space the layout takes above a table besides its own header (spec doc 001 §9). */
export const TABLE_HEIGHT_OFFSET_PX = 241;
const CHECK_WIDTH = 36;
const DEFAULT_FIXED_WIDTH = 120;
const EMPTY_QUERY: TableQuery = {};
/**
 * Of the rendered rows (350, 700, … as the user scrolls), only those near the viewport are in the
 * DOM: a table of thousands of rows then lays out, scrolls and selects as fast as one of thirty.
 */
const WINDOW_MIN_ROWS = 120;
const OVERSCAN_ROWS = 20;

export interface DataTableProps<Row extends TableRow> {
  /** list api, e.g. `api/v1/system/find_menu_page` */
  api: string;
  method?: 'GET' | 'POST_FORM';
  columns: readonly DataTableColumn<Row>[];
  /** the applied filters; a new value goes back to page 1 */
  query?: TableQuery;
  /** bump to search again with an unchanged query */
  searchSeq?: number;
  rowKey?: string;
  defaultSort?: string;
  selectable?: boolean;
  onSelectionChange?: (rows: Row[]) => void;
  actions?: readonly RowAction<Row>[];
  /** width of the 操作 column; absent: room for every action the user may run, on one line */
  actionsWidth?: number;
  /** operation-code check; defaults to the signed-in user's */
  hasPermission?: (code: string) => boolean;
  /** key of the per-user column preferences; none: no column settings */
  tableKey?: string;
  exportOptions?: ExportOptions;
  /** buttons left of the table's own tools */
  toolbar?: ReactNode;
  /** height of what sits above the table (search form): table height = 100vh − 241px − this */
  headerHeight?: number;
  size?: 'xs' | 'sm' | 'md';
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  tableRef?: Ref<DataTableHandle<Row>>;
  /** turn the answer's rows into display rows (joins, computed fields) */
  mapRows?: (rows: Row[]) => Row[];
  /** reload every this many ms (task lists that change on their own) */
  refetchInterval?: number;
}

const SIZE_STYLE: Record<'xs' | 'sm' | 'md', CSSProperties> = {
  xs: { ['--table-font-size' as string]: 'var(--mantine-font-size-xs)', ['--table-cell-py' as string]: '2px' },
  sm: { ['--table-font-size' as string]: 'var(--mantine-font-size-sm)', ['--table-cell-py' as string]: '4px' },
  md: { ['--table-font-size' as string]: 'var(--mantine-font-size-md)', ['--table-cell-py' as string]: '8px' },
};

/** Whether the body shows a state line (loading, error, empty) instead of rows. */
function stateRowShown(pending: boolean, error: boolean, rowCount: number): boolean {
  return pending || error || rowCount === 0;
}

function nextSort(current: SortSpec | undefined, prop: string): SortSpec | undefined {
  if (!current || current.prop !== prop) return { prop, desc: false };
  if (!current.desc) return { prop, desc: true };
  return undefined;
}

function widthOf<Row extends TableRow>(c: DataTableColumn<Row>): number {
  return c.width ?? c.minWidth ?? DEFAULT_FIXED_WIDTH;
}

/** Cell classes and sticky offsets of the visible columns. */
// A CJK glyph of the table's text and an action's side padding (DataTable.module.css .action), in px.
const GLYPH_PX = 14;
const ACTION_PAD_PX = 8;
const CELL_PAD_PX = 16;

/** The 操作 column's width when every action shows: they stay on one line instead of being clipped. */
function fitActions(actions: readonly Pick<RowAction, 'label'>[]): number {
  return Math.max(60, CELL_PAD_PX + actions.reduce((w, a) => w + a.label.length * GLYPH_PX + ACTION_PAD_PX, 0));
}

function layoutOf<Row extends TableRow>(columns: readonly DataTableColumn<Row>[], selectable: boolean, actionsWidth: number): ColumnLayout<Row>[] {
  let left = selectable ? CHECK_WIDTH : 0;
  let right = actionsWidth;
  const rightOffsets = new Map<string, number>();
  for (let i = columns.length - 1; i >= 0; i -= 1) {
    const c = columns[i];
    if (c.fixed === 'right') {
      rightOffsets.set(c.prop, right);
      right += widthOf(c);
    }
  }
  return columns.map((column) => {
    const style: CSSProperties = { textAlign: column.align ?? 'left' };
    if (column.width) style.width = column.width;
    if (column.minWidth) style.minWidth = column.minWidth;
    let className = classes.td;
    if (column.fixed === 'left') {
      style.left = left;
      style.width = widthOf(column);
      left += widthOf(column);
      className = `${classes.td} ${classes.fixed}`;
    } else if (column.fixed === 'right') {
      style.right = rightOffsets.get(column.prop);
      style.width = widthOf(column);
      className = `${classes.td} ${classes.fixed} ${classes.fixedRight}`;
    }
    return { column, style, className };
  });
}

/**
 * The shared list table (spec doc 001 §3, §4, §9): server paging and sorting, loading/empty/error
 * states, lazy rendering beyond 350 rows, selection, row actions by operation code and row rule,
 * per-user column preferences, export through `__export__`.
 */
export function DataTable<Row extends TableRow>(props: DataTableProps<Row>) {
  const {
    api,
    method,
    columns,
    query = EMPTY_QUERY,
    searchSeq = 0,
    rowKey = 'id',
    defaultSort,
    selectable = false,
    onSelectionChange,
    actions,
    actionsWidth,
    tableKey,
    exportOptions,
    toolbar,
    headerHeight = 0,
    size = 'sm',
    pageSizes = PAGE_SIZES,
    defaultPageSize = DEFAULT_PAGE_SIZE,
    tableRef,
    mapRows,
    refetchInterval,
  } = props;
  const sessionCan = useHasPermission();
  const can = props.hasPermission ?? sessionCan;

  const queryKeyText = JSON.stringify(query);
  const [applied, setApplied] = useState<{ query: TableQuery; seq: number }>(() => ({ query, seq: searchSeq }));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [sort, setSort] = useState<SortSpec | undefined>(() => parseSort(defaultSort));
  const sortText = sort ? formatSort(sort) : undefined;

  useEffect(() => {
    const blocked = searchBlockReason(query);
    if (blocked) {
      notifyWarning(blocked);
      return;
    }
    setApplied((a) => (JSON.stringify(a.query) === queryKeyText && a.seq === searchSeq ? a : { query, seq: searchSeq }));
    setPage(1);
    // the text form of the query stands for its content; a parent re-creating the same object is no new search
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryKeyText, searchSeq]);

  const result = useQuery({
    queryKey: ['data-table', api, method, applied.query, applied.seq, page, pageSize, sortText],
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval,
    queryFn: async ({ signal }): Promise<TablePage<Row>> => {
      try {
        const env = await callList<Row>({ api, method, query: applied.query, page, rows: pageSize, sort: sortText, signal });
        if (env.code !== 200) {
          notifyError(env.msg || '加载失败');
          return { rows: [], total: 0, unpaged: false };
        }
        return pageOf(env.data);
      } catch (e) {
        // Leaving the screen or searching again cancels this page: React Query drops it, nobody is told.
        if (!signal.aborted && !isCancelled(e)) notifyError(errorMessage(e, '加载失败'));
        throw e;
      }
    },
  });

  const data = result.data;
  const rows = useMemo(() => {
    const list = result.isError ? [] : (data?.rows ?? []);
    return mapRows ? mapRows(list) : list;
  }, [data, result.isError, mapRows]);
  const total = result.isError ? 0 : (data?.total ?? 0);
  const lazy = useLazyRows(rows.length, rows);

  // Column preferences and the visible layout.
  const prefs = useColumnPrefs(tableKey, columns);
  const visibleColumns = useMemo(() => prefs.columns.filter((c) => c.show !== false), [prefs.columns]);
  const allowedActions = useMemo(() => (actions ?? []).filter((a) => !a.perm || can(a.perm)), [actions, can]);
  const effActionsWidth = allowedActions.length ? (actionsWidth ?? fitActions(allowedActions)) : 0;
  const layout = useMemo(() => layoutOf(visibleColumns, selectable, effActionsWidth), [visibleColumns, selectable, effActionsWidth]);
  const actionsStyle = useMemo<CSSProperties>(() => ({ right: 0, width: effActionsWidth, textAlign: 'center' }), [effActionsWidth]);

  // Selection lives outside React state. A new page of rows starts with nothing selected; the same
  // rows fetched again (a refresh, a search that finds them again) keep theirs, so a tick made
  // while a refresh was on its way is not undone by its answer. Rows without a key of their own
  // are known only by position, so new rows always start unselected.
  const store = useMemo(() => new SelectionStore<RowKey>(), []);
  const keyOf = useCallback((row: Row, i: number): RowKey => {
    const k = row[rowKey];
    return typeof k === 'string' || typeof k === 'number' ? k : i;
  }, [rowKey]);
  const keys = useMemo(() => rows.map(keyOf), [rows, keyOf]);
  const rowByKey = useMemo(() => new Map(rows.map((r, i) => [keys[i], r])), [rows, keys]);
  useEffect(() => {
    const keyed = rows.every((r) => typeof r[rowKey] === 'string' || typeof r[rowKey] === 'number');
    if (keyed) store.retainOnly(new Set(keys));
    else store.clear();
  }, [rows, keys, rowKey, store]);
  const selectionCb = useRef(onSelectionChange);
  selectionCb.current = onSelectionChange;
  useEffect(
    () =>
      store.subscribeSummary(() => {
        const cb = selectionCb.current;
        if (cb) cb(store.keys().flatMap((k) => (rowByKey.has(k) ? [rowByKey.get(k) as Row] : [])));
      }),
    [store, rowByKey],
  );

  useImperativeHandle(
    tableRef,
    () => ({
      reload: () => void result.refetch(),
      selectedRows: () => store.keys().flatMap((k) => (rowByKey.has(k) ? [rowByKey.get(k) as Row] : [])),
      clearSelection: () => store.clear(),
    }),
    [result, store, rowByKey],
  );

  // Export.
  const [exporting, setExporting] = useState(false);
  const doExport = async () => {
    if (!exportOptions || exporting) return;
    setExporting(true);
    try {
      const out = await runExport({ api, method, query: applied.query, sort: sortText, columns: visibleColumns, options: exportOptions });
      if (out.kind === 'done') notifySuccess('导出成功');
      else if (out.kind === 'error') notifyError(out.message);
      else notifyWarning(out.message);
    } finally {
      setExporting(false);
    }
  };

  const labels = useMemo(() => Object.fromEntries(columns.map((c) => [c.prop, c.label])), [columns]);
  const defaults = useMemo(() => prefsOf(columns), [columns]);
  const saveColumns = async (next: ColumnPref[]) => {
    try {
      await prefs.save(next);
      notifySuccess('保存成功');
    } catch (e) {
      notifyError(errorMessage(e, '保存失败'));
    }
  };

  const scrollRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 0 });
  const [rowHeight, setRowHeight] = useState(0);
  const hasRows = lazy.count > 0 && !stateRowShown(result.isPending, result.isError, rows.length);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !hasRows) return;
    const first = el.querySelector('tbody tr[data-row-key]');
    const h = first ? first.getBoundingClientRect().height : 0;
    if (h > 0) setRowHeight(h);
    setView({ top: el.scrollTop, height: el.clientHeight });
  }, [hasRows, layout, rows]);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    lazy.onScroll(e);
    const el = e.currentTarget;
    // re-render only when the window moves by 5 rows; the overscan covers the rows in between
    const step = rowHeight * 5;
    const top = step > 0 ? Math.floor(el.scrollTop / step) * step : el.scrollTop;
    setView((v) => (v.top === top && v.height === el.clientHeight ? v : { top, height: el.clientHeight }));
  };

  // Fixed layout from the declared widths: columns keep their widths while rows come and go.
  const tableWidth = (selectable ? CHECK_WIDTH : 0) + visibleColumns.reduce((n, c) => n + widthOf(c), 0) + effActionsWidth;
  const colSpan = visibleColumns.length + (selectable ? 1 : 0) + (allowedActions.length ? 1 : 0);
  // Without a layout (jsdom) or for short tables every rendered row is in the DOM.
  const windowed = rowHeight > 0 && view.height > 0 && lazy.count > WINDOW_MIN_ROWS;
  const start = windowed ? Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN_ROWS) : 0;
  const end = windowed ? Math.min(lazy.count, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN_ROWS) : lazy.count;
  const showing = rows.slice(start, end);
  const firstLoad = result.isPending;
  let stateRow: ReactNode = null;
  if (firstLoad) stateRow = <Text size="sm">加载中…</Text>;
  else if (result.isError) stateRow = <Text size="sm" className={classes.stateError}>加载失败：{errorMessage(result.error, '请稍后重试')}</Text>;
  else if (!rows.length) stateRow = <Text size="sm">暂无数据</Text>;

  const sortIcon = (prop: string) => {
    if (sort?.prop !== prop) return <IconArrowsSort size={12} style={{ opacity: 0.4 }} />;
    return sort.desc ? <IconArrowDown size={12} /> : <IconArrowUp size={12} />;
  };

  return (
    <Box style={SIZE_STYLE[size]}>
      {(toolbar || exportOptions || prefs.enabled) && (
        <Group justify="space-between" mb={6} gap={6}>
          <Group gap={6}>{toolbar}</Group>
          <Group gap={6}>
            {exportOptions && (
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={exporting} onClick={doExport}>
                导出
              </Button>
            )}
            {prefs.enabled && <ColumnSettings prefs={prefsOf(prefs.columns)} labels={labels} defaults={defaults} saving={prefs.saving} onSave={saveColumns} />}
          </Group>
        </Group>
      )}
      {exporting && (
        <Box mb={6} role="status" aria-label="正在准备导出文件">
          <Progress value={100} animated striped size="sm" />
          <Text size="xs" c="dimmed">
            正在准备导出文件，请稍候…
          </Text>
        </Box>
      )}
      <div
        className={classes.scroll}
        style={{ maxHeight: `calc(100vh - ${TABLE_HEIGHT_OFFSET_PX}px - ${headerHeight}px)` }}
        onScroll={onScroll}
        ref={scrollRef}
        data-testid="data-table-scroll"
        data-rendered-rows={lazy.count}
        data-window={windowed ? `${start}-${end}` : 'all'}
      >
        <table className={classes.table} aria-busy={result.isFetching} aria-rowcount={rows.length} style={{ minWidth: tableWidth }}>
          <colgroup>
            {selectable && <col style={{ width: CHECK_WIDTH }} />}
            {visibleColumns.map((c) => (
              <col key={c.prop} style={{ width: widthOf(c) }} />
            ))}
            {allowedActions.length > 0 && <col style={{ width: effActionsWidth }} />}
          </colgroup>
          <thead>
            <tr>
              {selectable && (
                <th className={`${classes.th} ${classes.check} ${classes.fixed}`} style={{ left: 0 }}>
                  <HeaderCheckbox store={store} keys={keys} />
                </th>
              )}
              {layout.map(({ column, style, className }) => (
                <th
                  key={column.prop}
                  className={`${className.replace(classes.td, classes.th)} ${column.sortable ? classes.sortable : ''}`}
                  style={style}
                  onClick={column.sortable ? () => setSort((s) => nextSort(s, column.prop)) : undefined}
                  aria-sort={sort?.prop === column.prop ? (sort.desc ? 'descending' : 'ascending') : undefined}
                >
                  <Group gap={2} wrap="nowrap" justify={column.align === 'center' ? 'center' : column.align === 'right' ? 'flex-end' : 'flex-start'}>
                    <span>{column.label}</span>
                    {column.sortable && sortIcon(column.prop)}
                  </Group>
                </th>
              ))}
              {allowedActions.length > 0 && (
                <th className={`${classes.th} ${classes.fixed} ${classes.fixedRight}`} style={actionsStyle}>
                  操作
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {stateRow ? (
              <tr>
                <td colSpan={colSpan} className={classes.state}>
                  {stateRow}
                </td>
              </tr>
            ) : (
              <>
                {start > 0 && (
                  <tr aria-hidden>
                    <td colSpan={colSpan} style={{ height: start * rowHeight, padding: 0, border: 0 }} />
                  </tr>
                )}
                {showing.map((row, i) => (
                  <BodyRow key={keys[start + i]} row={row} rowKey={keys[start + i]} layout={layout} actions={allowedActions} actionsStyle={actionsStyle} store={selectable ? store : undefined} />
                ))}
                {end < lazy.count && (
                  <tr aria-hidden>
                    <td colSpan={colSpan} style={{ height: (lazy.count - end) * rowHeight, padding: 0, border: 0 }} />
                  </tr>
                )}
              </>
            )}
          </tbody>
        </table>
        {lazy.pending && (
          <Group justify="center" p={4}>
            <Loader size="xs" />
          </Group>
        )}
      </div>
      {!data?.unpaged && (
        <Group justify="flex-end" mt={6} gap={8}>
          <Text size="xs" c="dimmed">
            共 {total} 条
          </Text>
          <Select
            size="xs"
            w={96}
            aria-label="每页条数"
            allowDeselect={false}
            data={pageSizes.map((n) => ({ value: String(n), label: `${n}条/页` }))}
            value={String(pageSize)}
            onChange={(v) => {
              if (!v) return;
              setPageSize(Number(v));
              setPage(1);
            }}
          />
          <Pagination size="sm" total={Math.max(1, Math.ceil(total / pageSize))} value={page} onChange={setPage} />
        </Group>
      )}
      {result.isFetching && !firstLoad && <Progress value={100} animated size={2} mt={2} aria-label="加载中" />}
    </Box>
  );
}

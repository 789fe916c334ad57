import { memo, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import type { SelectionStore } from './selection';
import type { DataTableColumn, RowAction, TableRow } from './types';
import classes from './DataTable.module.css';

export type RowKey = string | number;

/** Where a fixed column sticks: px from its edge. */
export interface ColumnLayout<Row extends TableRow> {
  column: DataTableColumn<Row>;
  style: CSSProperties;
  className: string;
}

export function cellText<Row extends TableRow>(column: DataTableColumn<Row>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  const value = row[column.prop];
  if (column.formatter) return column.formatter(row, value);
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function RowCheckbox({ store, rowKey, label }: { store: SelectionStore<RowKey>; rowKey: RowKey; label: string }) {
  const checked = useSyncExternalStore(
    (l) => store.subscribeRow(rowKey, l),
    () => store.isSelected(rowKey),
  );
  return <input type="checkbox" aria-label={label} checked={checked} onChange={(e) => store.toggle(rowKey, e.currentTarget.checked)} />;
}

interface RowProps<Row extends TableRow> {
  row: Row;
  rowKey: RowKey;
  layout: readonly ColumnLayout<Row>[];
  actions: readonly RowAction<Row>[];
  actionsStyle: CSSProperties | undefined;
  store: SelectionStore<RowKey> | undefined;
}

function BodyRowInner<Row extends TableRow>({ row, rowKey, layout, actions, actionsStyle, store }: RowProps<Row>) {
  const shown = actions.filter((a) => !a.visible || a.visible(row));
  return (
    <tr className={classes.tr} data-row-key={rowKey}>
      {store && (
        <td className={`${classes.td} ${classes.check}`}>
          <RowCheckbox store={store} rowKey={rowKey} label={`选择第 ${String(rowKey)} 行`} />
        </td>
      )}
      {layout.map((l) => (
        <td key={l.column.prop} className={l.className} style={l.style}>
          {cellText(l.column, row)}
        </td>
      ))}
      {actions.length > 0 && (
        <td className={`${classes.td} ${classes.fixed} ${classes.fixedRight}`} style={actionsStyle}>
          {shown.map((a) => (
            <button key={a.key} type="button" className={classes.action} data-color={a.color} onClick={() => a.onClick(row)}>
              {a.label}
            </button>
          ))}
        </td>
      )}
    </tr>
  );
}

/** One table row; re-renders only when its row object or the column layout changes. */
export const BodyRow = memo(BodyRowInner) as typeof BodyRowInner;

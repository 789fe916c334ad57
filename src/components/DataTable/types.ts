import type { ReactNode } from 'react';
import type { QueryValue } from '../../api/request';

/** Any row the tables show: the api/v1 answers are plain JSON objects. */
export type TableRow = Record<string, unknown>;

/** A table column (spec doc 001 §3: prop, label, align, minWidth, sortable, fixed, show, formatter, render). */
export interface DataTableColumn<Row extends TableRow = TableRow> {
  prop: string;
  label: string;
  align?: 'left' | 'center' | 'right';
  minWidth?: number;
  /** fixed width in px (also what the user sets in column settings) */
  width?: number;
  sortable?: boolean;
  fixed?: 'left' | 'right';
  /** false hides the column until the user shows it */
  show?: boolean;
  /** text of a cell; cheap, called for each visible cell */
  formatter?: (row: Row, value: unknown) => string;
  /** custom cell content; keep it light, it runs for every row */
  render?: (row: Row) => ReactNode;
}

/** A row action: shown when the user has `perm` (if any) and `visible(row)` (if any) is true. */
export interface RowAction<Row extends TableRow = TableRow> {
  key: string;
  label: string;
  perm?: string;
  visible?: (row: Row) => boolean;
  color?: 'red' | 'blue' | 'green' | 'orange' | 'gray';
  onClick: (row: Row) => void;
}

export type TableQuery = Record<string, QueryValue>;

/** Export of the current search (spec doc 000 §7 / doc 001 §7 `__export__`). */
export interface ExportOptions {
  /** file / task name (__name__) */
  name: string;
  /** export is refused with `tip` when one of these query fields is empty */
  requires?: { fields: readonly string[]; tip: string };
}

/** What a parent can do with a mounted table. */
export interface DataTableHandle<Row extends TableRow = TableRow> {
  reload(): void;
  selectedRows(): Row[];
  clearSelection(): void;
}

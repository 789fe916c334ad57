import type { DataTableColumn, TableRow } from '../../components/DataTable';
import { formatDateTime } from '../../lib/format/date';

/** When a ledger row was posted: who did what shows beside it (操作人, 原因). */
export const POSTED_AT: DataTableColumn = { prop: 'created_at', label: '时间', minWidth: 150, formatter: (_r, v) => formatDateTime(v as string | null) };

/** Whether a row was corrected: 已冲正 (by which row), so nobody reverses it twice. */
export const REVERSED: DataTableColumn = {
  prop: 'reversed_by_id',
  label: '冲正',
  minWidth: 110,
  formatter: (row) => (row.reversed_by_id ? `已冲正（流水 ${String(row.reversed_by_id)}）` : row.reverses_id ? `冲正流水 ${String(row.reverses_id)}` : ''),
};

/** A points change with its sign: +20 granted, -5 deducted. */
const signed = (_r: TableRow, v: unknown): string => (Number(v) > 0 ? `+${String(v)}` : String(v ?? ''));

/** The ledger's declared columns with the change signed, followed by its time and correction columns. */
export function ledgerColumns<Row extends TableRow>(declared: DataTableColumn<Row>[]): DataTableColumn<Row>[] {
  const cols = declared.map((c) => (c.prop === 'points' ? { ...c, formatter: signed } : c));
  return [POSTED_AT as DataTableColumn<Row>, ...cols, REVERSED as DataTableColumn<Row>];
}

/**
 * One customer's ledger: the change and the balance first (what a narrow screen shows), then the
 * reason, time, who and kind; no campus column (one customer, one campus) and no customer column.
 */
export function customerLedgerColumns<Row extends TableRow>(declared: DataTableColumn<Row>[], customerColumn: string): DataTableColumn<Row>[] {
  const all = ledgerColumns(declared).filter((c) => c.prop !== customerColumn);
  const first = ['points', 'balance_after', 'reason'];
  const lead = first.flatMap((p) => all.filter((c) => c.prop === p));
  // a hidden campus column keeps the shared table from adding a shown one
  const campus = { prop: 'school_id', label: '校区', show: false } as DataTableColumn<Row>;
  return [...lead, ...all.filter((c) => !first.includes(c.prop)), campus];
}

/** The customer's points figures the crm_customer page answers besides the declared fields. */
export const CUSTOMER_POINT_COLUMNS: DataTableColumn[] = [
  { prop: 'earned', label: '累计获得', align: 'right', minWidth: 90 },
  { prop: 'used', label: '累计使用', align: 'right', minWidth: 90 },
  { prop: 'last_points_at', label: '最近积分变动', minWidth: 150, formatter: (_r, v) => formatDateTime(v as string | null) },
];

export const COMPLAINTS_COLUMN: DataTableColumn = { prop: 'complaints', label: '投诉次数', align: 'right', minWidth: 80 };

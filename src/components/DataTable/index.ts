export { DataTable, TABLE_HEIGHT_OFFSET_PX, type DataTableProps } from './DataTable';
export { BatchDeleteButton } from './BatchDeleteButton';
export type { DataTableColumn, DataTableHandle, ExportOptions, RowAction, TableQuery, TableRow } from './types';
export { searchBlockReason, HALT_TERMINATE_MSG } from './searchRules';
export { runExport, download as downloadExportFile, downloadFrom, downloadCallFile, exportColumns, EXPORT_TIMEOUT_MSG, EXPORT_FAILED_MSG, EXPORT_STATE, type ExportTask } from './exportTable';
export { LAZY_BATCH, LAZY_DELAY_MS } from './useLazyRows';
export { callList, pageOf } from './loadPage';

import { MARK_TEXT, type CheckInMark } from '../../../contract/classes';
import type { TableRow } from '../../../components/DataTable';

export function markText(_row: TableRow, v: unknown): string {
  return typeof v === 'string' && v in MARK_TEXT ? MARK_TEXT[v as CheckInMark] : '';
}

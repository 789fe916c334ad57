import type { DataTableColumn } from '../../components/DataTable';
import { FLOW_TYPES, optionText } from '../../contract/finance-accounts';
import { formatYuan } from '../../lib/format/money';

/** Columns of the account ledger (fin_stu_account_flow/page). */
export const FLOW_COLUMNS: readonly DataTableColumn[] = [
  { prop: 'created_at', label: '时间', width: 160, sortable: true },
  { prop: 'student_name', label: '学员', width: 100 },
  { prop: 'school_name', label: '校区', width: 130 },
  { prop: 'biz_type', label: '业务类型', width: 90, formatter: (_r, v) => optionText(FLOW_TYPES, v) },
  { prop: 'amount', label: '金额（元）', width: 110, align: 'right', sortable: true, formatter: (_r, v) => formatYuan(v) },
  { prop: 'balance_after', label: '变动后余额（元）', width: 130, align: 'right', formatter: (_r, v) => formatYuan(v) },
  { prop: 'ref_id', label: '业务单号', width: 160 },
  { prop: 'reason', label: '说明', minWidth: 180 },
  { prop: 'creator_name', label: '经办人', width: 90 },
];

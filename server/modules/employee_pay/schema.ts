import type { Generated } from 'kysely';
import type { BaseColumns } from '../../db/schema';

/** Tables of 薪酬提成 (migration 0920). */
export interface PayRuleTable extends BaseColumns {
  org_id: number;
  kind: string;
  /** JSON of the kind's rule (src/contract/employee_pay.ts RULE_SCHEMAS) */
  config: string;
}

export interface PaySheetTable {
  id: Generated<number>;
  school_id: number;
  kind: string;
  month: string;
  line_count: number;
  amount: number;
  rules: string;
  locked_by: number | null;
  locked_by_name: string | null;
  locked_at: string;
}

export interface PaySheetLineTable {
  id: Generated<number>;
  sheet_id: number;
  school_id: number;
  user_id: number;
  user_name: string;
  line_type: string;
  amount: number;
  items: string | null;
  reverses_id: number | null;
  reason: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

declare module '../../db/schema' {
  interface Database {
    pay_rule: PayRuleTable;
    pay_sheet: PaySheetTable;
    pay_sheet_line: PaySheetLineTable;
  }
}

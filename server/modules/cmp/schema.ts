import type { DeclaredTable } from '../../db/schema';
import type { cmpGenRuleResource, cmpPlanResource } from '../../../src/contract/resources/teaching-records';

/** The generated daily reports (migration 0940): a snapshot per rule, day and subject. */
export interface DailyReportTable {
  id: import('kysely').Generated<number>;
  rule_id: number;
  report_kind: number;
  report_date: string;
  subject_key: string;
  city_id: number | null;
  school_id: number | null;
  staff_id: number | null;
  /** JSON of ReportContent (src/contract/cmp.ts) */
  content: string;
  generated_at: string;
  generated_by: number | null;
  regenerate_count: number;
  regenerated_at: string | null;
  regenerated_by: number | null;
}

declare module '../../db/schema' {
  interface Database {
    cmp_daily_report: DailyReportTable;
    /** 校区经营计划 and the rules generating the daily reports: typed from their declarations */
    cmp_plan: DeclaredTable<typeof cmpPlanResource>;
    cmp_gen_rule: DeclaredTable<typeof cmpGenRuleResource>;
  }
}

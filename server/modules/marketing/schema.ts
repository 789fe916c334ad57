import type { BaseColumns, DeclaredTable } from '../../db/schema';
import type { leadImportResource } from '../../../src/contract/resources/marketing-import';
import type {
  callCenterLogResource,
  moveResource,
  poolRuleResource,
  recordResource,
  resourceResource,
  stuAllotTmkResource,
} from '../../../src/contract/resources/marketing';

/** Tables of the marketing area's leads, typed from their declarations (resources/marketing.ts). */
type Campus<T> = T & { school_id: number };

declare module '../../db/schema' {
  interface Database {
    mkt_resource: Campus<DeclaredTable<typeof resourceResource, 'pool' | 'stage' | 'is_important' | 'app_allow' | 'follow_count'>> & { del_flag: number };
    mkt_record: Campus<DeclaredTable<typeof recordResource>>;
    mkt_resource_move: Campus<DeclaredTable<typeof moveResource>>;
    mkt_pool_rule: Campus<DeclaredTable<typeof poolRuleResource>>;
    mkt_stu_allot_tmk: Campus<DeclaredTable<typeof stuAllotTmkResource>>;
    mkt_call_center_log: Campus<DeclaredTable<typeof callCenterLogResource>>;
    mkt_resource_import: Campus<DeclaredTable<typeof leadImportResource>>;
    mkt_resource_import_row: LeadImportRowTable;
  }
}

/** A refused row of a lead import (migration 1330): the file's cell texts (JSON, template order) and why. */
export interface LeadImportRowTable extends BaseColumns {
  import_id: number;
  row_no: number;
  msg: string;
  cells: string;
}

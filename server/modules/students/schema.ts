import type { DeclaredTable } from '../../db/schema';
import type {
  attractTrafficResource,
  freezeOffResource,
  freezeResource,
  integralLogResource,
  kwAnalysisResource,
  parentResource,
  rzIntegralResource,
  scoreResource,
  stopApplyResource,
  teacherScoreResource,
  textbookResource,
} from '../../../src/contract/resources/students';
import type { studentImportResource } from '../../../src/contract/resources/students-import';
import type { BaseColumns } from '../../db/schema';

/**
 * Tables of the students area: the declared ones typed from their declarations (campus rows carry
 * school_id, soft-deleted ones del_flag), and the parent-child links of migration 0310. The
 * student table itself is typed where it was first read (server/modules/classes/schema.ts), from
 * the same declaration.
 */
type Campus<T> = T & { school_id: number };

export interface ParentLinkTable extends BaseColumns {
  school_id: number;
  student_id: number;
  parent_id: number;
  is_primary: number;
}

declare module '../../db/schema' {
  interface Database {
    stu_parent: Campus<DeclaredTable<typeof parentResource>> & { del_flag: number };
    stu_parent_student: ParentLinkTable;
    student_integral_log: Campus<DeclaredTable<typeof integralLogResource>>;
    student_freeze: Campus<DeclaredTable<typeof freezeResource>>;
    student_freeze_off_apply: Campus<DeclaredTable<typeof freezeOffResource>>;
    student_stop_apply: Campus<DeclaredTable<typeof stopApplyResource>>;
    student_attract_traffic: Campus<DeclaredTable<typeof attractTrafficResource>>;
    stu_class_type_textbook: Campus<DeclaredTable<typeof textbookResource>>;
    student_rz_integral: Campus<DeclaredTable<typeof rzIntegralResource>>;
    student_kw_jfx: Campus<DeclaredTable<typeof kwAnalysisResource>>;
    student_score: Campus<DeclaredTable<typeof scoreResource>>;
    tch_stu_score: Campus<DeclaredTable<typeof teacherScoreResource>>;
  }
}

/** A row of a student import (migration 1160); the import itself is declared (student_import). */
export interface StudentImportRowTable extends BaseColumns {
  import_id: number;
  row_no: number;
  chunk_no: number | null;
  status: number;
  school_id: number | null;
  name: string;
  parent_phone: string | null;
  msg: string;
  /** JSON of the add call's body (accepted rows) */
  body: string | null;
  /** JSON of the row's cell texts in the template's column order */
  cells: string;
  student_id: number | null;
}

declare module '../../db/schema' {
  interface Database {
    student_import: Campus<DeclaredTable<typeof studentImportResource>>;
    student_import_row: StudentImportRowTable;
  }
}

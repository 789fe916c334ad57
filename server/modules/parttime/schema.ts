import type { Generated } from 'kysely';

/** Tables of the part-time acquirers (migration 0700_parttime). */
interface Stamped {
  id: Generated<number>;
  created_at: string | null;
  updated_at: string | null;
  created_by: number | null;
  updated_by: number | null;
}

export interface PtPartTimeUserTable extends Stamped {
  school_id: number;
  name: string;
  phone: string;
  gender: number | null;
  state: Generated<number>;
  monthly_target: Generated<number>;
  seller_user_id: number | null;
  joined_on: string | null;
  remark: string | null;
  del_flag: Generated<number>;
}

export interface PtPartTimeUserLogTable {
  id: Generated<number>;
  part_time_user_id: number;
  school_id: number;
  action: string;
  content: string;
  created_by: number | null;
  created_at: string;
}

export interface PtAcquirerStudentTable extends Stamped {
  school_id: number;
  part_time_user_id: number;
  name: string;
  parent_name: string | null;
  parent_phone: string;
  gender: number | null;
  grade: number | null;
  address: string | null;
  remark: string | null;
  state: Generated<number>;
  resource_id: number | null;
  collected_at: string;
}

export interface PtAcquirerAttendanceTable extends Stamped {
  school_id: number;
  part_time_user_id: number;
  work_date: string;
  punch_in_at: string | null;
  punch_out_at: string | null;
  place: string | null;
}

declare module '../../db/schema' {
  interface Database {
    pt_part_time_user: PtPartTimeUserTable;
    pt_part_time_user_log: PtPartTimeUserLogTable;
    pt_acquirer_student: PtAcquirerStudentTable;
    pt_acquirer_attendance: PtAcquirerAttendanceTable;
  }
}

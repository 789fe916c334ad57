import type { BaseColumns, DeclaredTable } from '../../db/schema';
import type { noticeResource } from '../../../src/contract/resources/messages';

export { NOTICE_STATES } from '../../../src/contract/resources/messages';
export type NoticeTarget = 'all' | 'roles' | 'schools';

/** sys_notice as declared (content: sanitised HTML; target_ids: comma-joined role or school ids). */
export type NoticeTable = DeclaredTable<typeof noticeResource, 'state' | 'target_type' | 'is_top'>;

export interface UserMessageTable extends BaseColumns {
  user_id: number;
  notice_id: number | null;
  title: string;
  header: string | null;
  content: string;
  publisher: string | null;
  message_time: string;
  is_top: number;
  read_status: number;
  read_time: string | null;
  is_flag: number;
  del_flag: number;
}

declare module '../../db/schema' {
  interface Database {
    sys_notice: NoticeTable;
    sys_user_message: UserMessageTable;
  }
}

import type { BaseColumns } from '../../db/schema';

export const NOTICE_STATES = { DRAFT: '草稿', PUBLISHED: '已发布', OFFLINE: '已下线' } as const;
export type NoticeTarget = 'all' | 'roles' | 'schools';

export interface NoticeTable extends BaseColumns {
  title: string;
  header: string | null;
  /** sanitised HTML */
  content: string;
  state: string;
  target_type: string;
  /** comma-joined role or school ids */
  target_ids: string | null;
  is_top: number;
  publish_time: string | null;
  publisher: string | null;
  files: string | null;
  del_flag: number;
}

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

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowText } from '../../lib/time';
import './tables';

/** What one batch of bell messages says; a notice's own fields come with it when it is published. */
export interface UserMessages {
  userIds: readonly number[];
  title: string;
  content: string;
  publisher: string;
  /** the published notice the messages carry (null: a message from the system) */
  noticeId?: number | null;
  header?: string | null;
  isTop?: number;
  /** who sent them (null: the system) */
  by?: number | null;
  now?: string;
}

/**
 * Bell messages to some users, in the caller's transaction: what other areas send (an approval
 * waiting, an application decided) and what publishing a notice delivers. Duplicated ids get one
 * message; inserts go 500 rows at a time (SQLite's bound on a statement's parameters).
 */
export async function sendUserMessages(db: Kysely<Database>, msg: UserMessages): Promise<void> {
  const ids = [...new Set(msg.userIds)].filter((id) => id > 0);
  const now = msg.now ?? nowText();
  const by = msg.by ?? null;
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('sys_user_message')
      .values(
        ids.slice(i, i + 500).map((user_id) => ({
          user_id,
          notice_id: msg.noticeId ?? null,
          title: msg.title.slice(0, 128),
          header: msg.header ?? null,
          content: msg.content,
          publisher: msg.publisher,
          message_time: now,
          is_top: msg.isTop ?? 0,
          read_status: 0,
          read_time: null,
          is_flag: 0,
          del_flag: 0,
          created_at: now,
          updated_at: now,
          created_by: by,
          updated_by: by,
        })),
      )
      .execute();
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowText } from '../../lib/time';
import './tables';

/**
 * A user message (the bell) from the system to some users, in the caller's transaction: what
 * other areas send (an approval waiting, an application decided). Duplicated ids get one message.
 */
export async function sendUserMessages(db: Kysely<Database>, msg: { userIds: readonly number[]; title: string; content: string; publisher: string }): Promise<void> {
  const ids = [...new Set(msg.userIds)].filter((id) => id > 0);
  if (ids.length === 0) return;
  const now = nowText();
  await db
    .insertInto('sys_user_message')
    .values(
      ids.map((user_id) => ({
        user_id,
        notice_id: null,
        title: msg.title.slice(0, 128),
        header: null,
        content: msg.content,
        publisher: msg.publisher,
        message_time: now,
        is_top: 0,
        read_status: 0,
        read_time: null,
        is_flag: 0,
        del_flag: 0,
        created_at: now,
        updated_at: now,
        created_by: null,
        updated_by: null,
      })),
    )
    .execute();
}

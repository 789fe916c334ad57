/**
 * User messages (spec doc 000 §3 names the fields; the answers' shapes are not shown there and are
 * defined here, as server/modules/messages/messages.ts answers them).
 */

/** One message of the signed-in user. */
export interface UserMessage {
  message_id: number;
  message_title: string;
  message_Header?: string | null;
  /** sanitised HTML (notice content) */
  message_content: string;
  message_time: string;
  publisher: string | null;
  /** 0 unread, 1 read */
  read_status: number;
  /** 1 marked (starred) */
  is_flag: number;
  is_top?: number;
  notice_id?: number | null;
}

/** GET user_message/top_all: the unread count and the latest ten messages, pinned first. */
export interface TopAllData {
  unread: number;
  list: UserMessage[];
}

/** POST user_message/read `{msg_id: number[]}` answers the unread count left. */
export interface ReadData {
  unread: number;
}

/** POST user_message/mark `{ids, mark_type: 'mark'|'cancel'}` and delete `[{id}]` answer how many. */
export interface CountData {
  count: number;
}

/**
 * The signed-in user as the app keeps it, and the session's messages, without the session's zod
 * schemas (./session): the app shell reads these before the first screen (issue 11, offline cold
 * start), and ./session re-exports them.
 */

export interface SessionRole {
  id: number;
  code: string;
  name?: string;
}

export interface TopMessage {
  message_id: number;
  message_title: string;
  message_content: string;
  read_status: number;
}

/** The session user (spec doc 000 §3), kept under `session_user` in local storage. */
export interface SessionUser {
  id: number;
  token: string;
  name: string;
  /** attachment id */
  avatar: string | null;
  login_id: string;
  domain: string;
  roles: SessionRole[];
  isAdmin: boolean;
  city: string | null;
  unread_msg_number: number;
  top_msg: TopMessage[];
  /** set when the password must be changed before anything else (production first sign-in) */
  must_change_password?: boolean;
  /**
   * When the session ends whatever happens (epoch ms; SESSION_ABSOLUTE_HOURS after sign-in). The app
   * keeps its token until then, across browser restarts, so a device signed in online keeps working
   * offline; the server may end it earlier (idle time-out, sign-out, password change).
   */
  session_expires_ms?: number;
  /**
   * The server's clock when it answered (epoch ms). The token's cookies live session_expires_ms −
   * server_now_ms, measured on the server's clock: on the device's, a tablet whose clock ran a day
   * ahead got cookies already expired and its sign-in never finished.
   */
  server_now_ms?: number;
}

/**
 * The answer (code 403) to every call but modify_password and logout while the password must be
 * changed: first sign-in of a production administrator, or after an administrator reset it. The app
 * recognises it and shows the forced change.
 */
export const PASSWORD_CHANGE_REQUIRED_MSG = '请先修改密码（首次登录或密码被重置后须修改）';

/** Password rule: 8-64 characters with at least a letter and a digit. */
export const PASSWORD_RULE_MSG = '密码须为8-64位，且同时包含字母和数字';

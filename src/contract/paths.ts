/**
 * Paths (relative to the site root) of the calls the app shell makes. Where the spec says
 * "path not shown" the choice is made here, in the style of its neighbours, and documented.
 */
export const PATHS = {
  login: 'api/v1/sso/login',
  logout: 'api/v1/sso/logout',
  thirdLogin: 'api/v1/auth/third_login',
  thirdLogout: 'api/v1/auth/third_logout',
  /** where the third-party provider is configured: GET answers `{enabled, authorize_url, client_id, scope, logout_url}` */
  thirdConfig: 'api/v1/auth/third_config',
  getInfo: 'api/v1/sys_user/get_info',
  modifyInfo: 'api/v1/sys_user/modify_info',
  modifyPassword: 'api/v1/system/modify_password',
  /**
   * Sidebar: GET with `type=0&type_op==&user_id=` answers the menu tree (TreeNode<MenuRouteTag>[]);
   * with `type=2&type_op==&rows=10000` answers the user's operation codes as `{content: Menu[], totalSize}`.
   */
  sidebar: 'api/v1/system/sidebar',
  /** The user's schools: `{ all: boolean, schools: SchoolOption[] }` (path not shown in the spec). */
  userSchools: 'api/v1/sys_user/get_user_school',
  optionSetByCode: 'api/v1/system/get_optionset_by_code',
  topMessages: 'api/v1/user_message/top_all',
  messagePage: 'api/v1/user_message/page',
  messageRead: 'api/v1/user_message/read',
  messageMark: 'api/v1/user_message/mark',
  messageDelete: 'api/v1/user_message/delete',
  /** Feedback submit (path not shown in the spec; base_feedback is its list). */
  feedbackAdd: 'api/v1/base_feedback/add',
  feedbackPage: 'api/v1/base_feedback/page',
  upload: 'api/v1/sys_attachment/upload',
  download: 'api/v1/sys_attachment/download',
  /** `?id=1,2,3` answers the attachment records (the spec's "lookup, ids comma-joined"). */
  attachmentGet: 'api/v1/sys_attachment/get',
  attachmentDelete: 'api/v1/sys_attachment/delete',
  /** `?id=1,2` answers `[{id, url}]`: short-lived signed download addresses, usable without the session headers. */
  attachmentSign: 'api/v1/sys_attachment/sign',
  exportDownload: 'api/v1/excel_export/download',
  exportStatusPage: 'api/v1/excel_export_status/page',
  exportStatusCancel: 'api/v1/excel_export_status/cancel',
  tableColPage: 'api/v1/system/find_table_col_userpage',
  tableColAdd: 'api/v1/system/add_table_col_user',
  tableColUpdate: 'api/v1/system/update_table_col_user',
  health: 'api/v1/health',
} as const;

/** A school (campus) the user may work in. */
export interface SchoolOption {
  id: number;
  name: string;
  code: string | null;
  city_id: number | null;
  city_name: string | null;
}

/** Answer of PATHS.userSchools. */
export interface UserSchools {
  all: boolean;
  schools: SchoolOption[];
}

/** An option-set answer: `data.value` is a JSON list of `{value, text}`. */
export interface OptionSetAnswer {
  id: number;
  code: string;
  name: string;
  value: string;
}

export interface Attachment {
  id: number;
  ext: string;
  name: string;
  url: string;
  size: number;
  /** audio only, milliseconds */
  duration: number | null;
}

/** Answer of an export start: the file is fetched through excel_export/download with these as query. */
export interface ExportStarted {
  file_id: number;
  name: string;
}

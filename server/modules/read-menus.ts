import type { Hono } from 'hono';
import type { AppEnv } from '../lib/context';
import { ANY_SIGNED_IN, declareRead } from '../lib/auth';
import { callPath, readersOf, type ResourceDef } from '../../src/contract/resource';
import { RESOURCES } from '../../src/contract/resources';
import { TEACHING_SCREENS } from '../../src/contract/classes';
import { STUDENT_SCREENS } from '../../src/contract/students';

/**
 * Who may read what: every read names the menus (screen codes of src/contract/menus) whose
 * screens make it; auth.ts's readPermissionMiddleware checks it for every request, as assertPerm
 * checks a write's operation code. A read named nowhere is refused to all but RC999.
 *
 * A declaration names its readers where it is declared: a resource its `readBy`
 * (src/contract/resource.ts), a special call its `perm` (src/contract/call.ts). This file names the
 * readers of the hand-written reads only, and adds to a declared resource the screens of the
 * declarations whose fields refer to it.
 */

/** Screen codes (menus of type 1) of the seeded screens. */
export const SCREENS = {
  menu: 'system_menu',
  user: 'system_user',
  role: 'system_role',
  org: 'system_org',
  area: 'system_area',
  areaTemplate: 'system_area_template',
  userTemplate: 'system_user_template',
  domain: 'system_domain',
  optionset: 'system_optionset',
  tag: 'system_tag',
  appFun: 'system_app_fun',
  dataPermission: 'system_data_permission',
  notice: 'system_notice',
  feedback: 'base_feedback',
  tableCol: 'system_table_col',
  guide: 'system_guide',
  district: 'base_district',
  organ: 'base_organ',
  subCompany: 'base_sub_company',
  staffFile: 'base_user',
  classManage: 'base_class_manage',
  classDetail: 'base_class_detail',
  timetable: 'educational_timetable',
  arrange: 'educational_arrange',
  frontDeskCheckIn: 'educational_front_desk_check_in',
  teacherCheckIn: 'educational_teacher_check_in',
  checkInRecords: 'educational_check_in',
  leaveMakeup: 'educational_leave_makeup',
  absence: 'educational_absence',
  attendanceProgress: 'educational_attendance_progress',
  teacherLeave: 'educational_tea_leave',
  classData: 'educational_class_data',
  classDegree: 'classes_class_degree',
  holiday: 'base_holiday_set',
  swapDay: 'base_swap_day',
  classroom: 'base_classroom',
  student: 'students_student',
  classType: 'products_class_type',
  clockIn: 'workflow_clock_in',
  /** front-desk devices (issue 11): device/page is declared by its call's perm (src/contract/device.ts) */
  device: 'system_device',
  wfTodo: 'workflow_todo_list',
  wfDone: 'workflow_done_list',
  wfApplies: 'workflow_my_applies',
  wfMonitor: 'workflow_module',
  wfDefineList: 'workflow_define_list',
  wfDefineEdit: 'workflow_define_edit',
} as const;

const S = SCREENS;

/** Lists served by hand-written handlers that option sources name (SYSTEM_LISTS), by their own screens. */
const LIST_SCREENS: Readonly<Record<string, readonly string[]>> = {
  system_user: [S.user, S.staffFile],
  sys_user: [S.user, S.staffFile],
  system_role: [S.role, S.user, S.appFun, S.dataPermission],
};

/**
 * The screens that read a list: its own, and those of every declaration whose fields take their
 * options from it (a class's 主讲老师 select reads the user list, a lesson's 学员 the students).
 */
export function screensReading(name: string, own: readonly string[]): string[] {
  const out = new Set(own);
  for (const def of RESOURCES) {
    const refers = Object.values(def.fields).some((f) => f.ref?.resource === name || (f.options?.kind === 'resource' && f.options.resource === name));
    if (refers) for (const s of readersOf(def) ?? []) out.add(s);
  }
  return [...out];
}

/** Menus whose holders may read a declared resource (its `readBy`); undefined when the declaration names none. */
export function resourceReadMenus(def: ResourceDef): string[] | undefined {
  const own = readersOf(def);
  return own ? screensReading(def.name, own) : undefined;
}

const USER_LIST = [...new Set([...screensReading('system_user', LIST_SCREENS.system_user), ...screensReading('sys_user', LIST_SCREENS.sys_user)])];
const ROLE_LIST = screensReading('system_role', LIST_SCREENS.system_role);
/** Workflow screens that pick users: 加签 and 转交 in the task center and the monitor, named approvers in the designer. */
const WF_USER_PICKERS = [S.wfTodo, S.wfMonitor, S.wfDefineList, S.wfDefineEdit];
const USER_PICKERS = [S.user, S.staffFile, S.notice, S.dataPermission, ...TEACHING_SCREENS, ...WF_USER_PICKERS];

/**
 * Hand-written reads: `METHOD path` (under api/v1) → the menus whose screens make them. Reads
 * declared with defineCall (src/contract, e.g. the classes area's) carry their menus themselves.
 */
const HAND_WRITTEN_READS: Readonly<Record<string, readonly string[]>> = {
  // one's own session, menus, campuses, messages, exports, column settings and option sets
  'GET auth/third_config': [ANY_SIGNED_IN],
  'GET health': [ANY_SIGNED_IN],
  'GET sys_user/get_info': [ANY_SIGNED_IN],
  'GET sys_user/get_user_school': [ANY_SIGNED_IN],
  'GET system/sidebar': [ANY_SIGNED_IN],
  'POST system/sidebar': [ANY_SIGNED_IN],
  'POST system/find_permissions': [ANY_SIGNED_IN],
  'GET system/get_optionset_by_code': [ANY_SIGNED_IN],
  'GET user_message/top_all': [ANY_SIGNED_IN],
  'POST user_message/page': [ANY_SIGNED_IN],
  'GET excel_export_status/page': [ANY_SIGNED_IN],
  'GET excel_export/download': [ANY_SIGNED_IN],
  'GET system/find_table_col_userpage': [ANY_SIGNED_IN],
  'GET sys_attachment/get': [ANY_SIGNED_IN],
  'GET sys_attachment/download': [ANY_SIGNED_IN],
  'GET sys_attachment/sign': [ANY_SIGNED_IN],
  'GET sys_guide/detail': [ANY_SIGNED_IN],
  // trees of the cascading pickers (organisations, areas, menus): names only
  'GET system/tree_list': [ANY_SIGNED_IN],
  'GET system/get_org_tree': [ANY_SIGNED_IN],

  // users
  'GET system/find_user_page': USER_LIST,
  'GET sys_user/page': USER_LIST,
  'GET system/get_user': [S.user, S.staffFile, S.userTemplate],
  'GET system/get_user_roles': [S.user, S.staffFile],
  'POST system/get_org_by_userid': [S.user, S.staffFile],
  'GET sys_user/is_exist': [S.user, S.staffFile],
  'GET sys_user/school_role_page': [S.user, S.role],
  'GET sys_user/role_school_page': [S.user, S.role],
  'GET sys_user/get_user_options': USER_PICKERS,
  'GET sys_user/get_user_by_order_role': USER_PICKERS,
  'GET sys_user/get_user_by_load_school_role': USER_PICKERS,
  'GET sys_user/get_user_by_organ_school_role': USER_PICKERS,
  // organisations
  'GET system/find_org_page': [S.org],
  'GET system/get_org': [S.org, S.user, S.role, S.notice, S.staffFile, S.dataPermission],
  'GET system/get_org_users': [S.org],
  // roles, menus, grants
  'GET system/find_role_page': ROLE_LIST,
  'POST system/find_role_page': ROLE_LIST,
  'POST system/role_all': [...ROLE_LIST, S.notice, S.staffFile, S.wfDefineList, S.wfDefineEdit],
  'GET system/role_map': [S.role, S.user],
  'POST system/get_role': [S.role],
  'POST system/find_role_menu': [S.role],
  'GET system/find_role_menu_page': [S.role],
  'GET system/get_role_menu_tree': [S.role],
  'GET system_data_perssion/get_by_role_id': [S.role, S.dataPermission],
  'GET system_data_perssion/get_by_all_role': [S.role, S.dataPermission],
  'GET system/find_menu_page': [S.menu, S.role, S.domain],
  'POST system/find_menu_page': [S.menu, S.role, S.domain],
  'GET system/get_menu_tree': [S.menu, S.role, S.domain],
  'GET system/get_domain_menu_tree': [S.domain],
  'GET sys_app/find_role_app_fun_page': [S.appFun],
  'GET sys_app/get_role_app_fun': [S.appFun],
  'GET sys_app/get_role_app_fun_tree': [S.appFun],
  // other administration
  'GET system/find_optionset_page': [S.optionset],
  'POST sys_notice/page': [S.notice],
  'POST system/get_tag_group': [S.tag, ...STUDENT_SCREENS],
  'POST system/get_tag': [S.tag, ...STUDENT_SCREENS],
};

/** Names the menus of every read the app serves (declared resources' page/get/tree and the hand-written ones). */
export function declareReads(app: Hono<AppEnv>): void {
  for (const def of RESOURCES) {
    const menus = resourceReadMenus(def);
    if (!menus) continue;
    for (const call of ['page', 'get', 'tree'] as const) {
      const path = callPath(def, call);
      if (path) declareRead(app, call === 'page' && def.pageMethod === 'POST_FORM' ? 'POST' : 'GET', path, menus);
    }
  }
  for (const [key, menus] of Object.entries(HAND_WRITTEN_READS)) {
    const [method, path] = key.split(' ');
    declareRead(app, method as 'GET' | 'POST', path, menus);
  }
}

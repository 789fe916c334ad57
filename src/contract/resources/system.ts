import { STUDENT_SCREENS } from '../students';
import { defineResource, type TreeRules } from '../resource';

/**
 * System-administration entities that are plain CRUD (spec doc 000 §7). The spec names their calls
 * `api/v1/system/<verb>_<entity>`, so each declaration maps its standard calls onto those names.
 * Areas, templates and their details are soft-deleted with a recover call (spec doc 000 §4).
 */

function systemCalls(entity: string, withTree = false) {
  return {
    page: `system/find_${entity}_page`,
    get: `system/get_${entity}`,
    add: `system/add_${entity}`,
    update: `system/update_${entity}`,
    delete: `system/del_${entity}`,
    recover: `system/recover_${entity}`,
    tree: withTree ? `system/get_${entity}_tree` : false,
  } as const;
}

export const AREA_LEVELS = [
  { value: 1, text: '大区' },
  { value: 2, text: '省份' },
  { value: 3, text: '城市' },
  { value: 4, text: '区县' },
] as const;

export const areaResource = defineResource({
  name: 'system_area',
  readBy: ['system_area', 'system_area_template'],
  title: '区域',
  table: 'sys_area',
  scope: 'global',
  softDelete: true,
  perm: 'area',
  permStyle: 'verb_first',
  defaultSort: 'order_num',
  calls: systemCalls('area', true),
  tree: { parent: 'parent_id', text: 'name', columns: ['code'] },
  fields: {
    name: { type: 'string', label: '区域名称', required: true, max: 64, search: 'like' },
    code: { type: 'string', label: '区域编码', max: 32, search: 'eq', unique: true },
    parent_id: { type: 'int', label: '上级区域', min: 0, default: 0, input: 'tree', options: { kind: 'tree', url: 'api/v1/system/get_area_tree' }, search: 'eq', index: true },
    level: { type: 'int', label: '级别', options: { kind: 'static', items: AREA_LEVELS }, search: 'eq', list: { format: 'option' } },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const areaTemplateResource = defineResource({
  name: 'system_area_template',
  readBy: ['system_area_template'],
  title: '区域模板',
  table: 'sys_area_template',
  scope: 'global',
  softDelete: true,
  perm: 'area_template',
  permStyle: 'verb_first',
  calls: systemCalls('area_template'),
  fields: {
    name: { type: 'string', label: '模板名称', required: true, max: 64, search: 'like', unique: true },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const areaTemplateDetailResource = defineResource({
  name: 'system_area_template_detail',
  readBy: ['system_area_template'],
  title: '区域模板明细',
  table: 'sys_area_template_detail',
  scope: 'global',
  softDelete: true,
  perm: 'area_template_detail',
  permStyle: 'verb_first',
  calls: systemCalls('area_template_detail'),
  fields: {
    template_id: { type: 'int', label: '区域模板', required: true, min: 1, search: 'eq', index: true, ref: { resource: 'system_area_template', label: ['name'] } },
    area_id: { type: 'int', label: '区域', required: true, min: 1, search: 'eq', options: { kind: 'tree', url: 'api/v1/system/get_area_tree' }, input: 'tree', ref: { resource: 'system_area', label: ['name'] } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const userTemplateResource = defineResource({
  name: 'system_user_template',
  readBy: ['system_user_template', 'system_user', 'base_user'],
  title: '用户模板',
  table: 'sys_user_template',
  scope: 'global',
  softDelete: true,
  perm: 'user_template',
  permStyle: 'verb_first',
  calls: systemCalls('user_template'),
  fields: {
    name: { type: 'string', label: '模板名称', required: true, max: 64, search: 'like', unique: true },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const userTemplateDetailResource = defineResource({
  name: 'system_user_template_detail',
  readBy: ['system_user_template', 'system_user', 'base_user'],
  title: '用户模板明细',
  table: 'sys_user_template_detail',
  scope: 'global',
  softDelete: true,
  perm: 'user_template_detail',
  permStyle: 'verb_first',
  calls: systemCalls('user_template_detail'),
  fields: {
    template_id: { type: 'int', label: '用户模板', required: true, min: 1, search: 'eq', index: true, ref: { resource: 'system_user_template', label: ['name'] } },
    user_id: { type: 'int', label: '用户', required: true, min: 1, search: 'eq', ref: { resource: 'sys_user', label: ['name'] } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const domainResource = defineResource({
  name: 'system_domain',
  readBy: ['system_domain'],
  title: '域',
  table: 'sys_domain',
  scope: 'global',
  perm: 'domain',
  permStyle: 'verb_first',
  defaultSort: 'order_num',
  calls: {
    page: 'system/find_domain_page',
    get: 'system/get_domain',
    add: 'system/add_domain',
    update: 'system/update_domain',
    delete: 'system/del_domain',
    tree: 'system/get_domain_tree',
  },
  tree: { parent: 'parent_id', text: 'name', columns: ['code'] },
  fields: {
    name: { type: 'string', label: '域名称', required: true, max: 64, search: 'like' },
    code: { type: 'string', label: '域编码', required: true, max: 64, search: 'eq', unique: true, pattern: { re: '^[A-Za-z0-9_.-]+$', msg: '域编码只能包含字母、数字、点、下划线和短横线' } },
    parent_id: { type: 'int', label: '上级域', min: 0, default: 0, input: 'tree', options: { kind: 'tree', url: 'api/v1/system/get_domain_tree' } },
    url: { type: 'string', label: '访问地址', max: 255 },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const APP_FUN_TYPES = [
  { value: 0, text: '目录' },
  { value: 1, text: '功能' },
] as const;

export const appFunResource = defineResource({
  name: 'sys_app_fun',
  readBy: ['system_app_fun'],
  title: '应用功能',
  table: 'sys_app_fun',
  scope: 'global',
  perm: 'app_fun',
  permStyle: 'verb_first',
  defaultSort: 'order_num',
  calls: {
    page: 'sys_app/find_app_fun_page',
    add: 'sys_app/add_app_fun',
    update: 'sys_app/update_app_fun',
    delete: 'sys_app/del_app_fun',
    tree: 'sys_app/get_app_fun_tree',
    get: false,
  },
  tree: { parent: 'parent_id', text: 'name', noun: '功能', columns: ['code'] },
  fields: {
    name: { type: 'string', label: '功能名称', required: true, max: 64, search: 'like' },
    code: { type: 'string', label: '功能编码', required: true, max: 64, search: 'eq', unique: true },
    parent_id: { type: 'int', label: '上级功能', min: 0, default: 0, input: 'tree', options: { kind: 'tree', url: 'api/v1/sys_app/get_app_fun_tree' } },
    type: { type: 'int', label: '类型', default: 1, options: { kind: 'static', items: APP_FUN_TYPES }, search: 'eq', list: { format: 'option' } },
    url: { type: 'string', label: '页面地址', max: 255 },
    icon: { type: 'string', label: '图标', max: 64 },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const DATA_PERMISSION_KINDS = [
  { value: 1, text: '全部校区' },
  { value: 2, text: '指定校区/组织' },
] as const;

/** One data permission per role: the schools (campuses) the role's users reach. */
export const dataPermissionResource = defineResource({
  name: 'system_data_permission',
  readBy: ['system_data_permission', 'system_role'],
  title: '数据权限',
  table: 'sys_data_permission',
  scope: 'global',
  perm: 'data_permission',
  permStyle: 'verb_first',
  calls: {
    page: 'system/find_data_permission_page',
    add: 'system/add_data_permission',
    update: 'system/update_data_permission',
    delete: 'system/del_data_permission',
    get: false,
  },
  fields: {
    role_id: { type: 'int', label: '角色', required: true, min: 1, search: 'eq', unique: true, ref: { resource: 'system_role', label: ['name'] } },
    kind: { type: 'int', label: '范围', required: true, options: { kind: 'static', items: DATA_PERMISSION_KINDS }, search: 'eq', list: { format: 'option' } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const DATA_PERMISSION_TARGETS = [
  { value: 'school', text: '校区' },
  { value: 'org', text: '组织' },
] as const;

export const dataPermissionDetailResource = defineResource({
  name: 'system_data_permission_detail',
  readBy: ['system_data_permission', 'system_role'],
  title: '数据权限明细',
  table: 'sys_data_permission_detail',
  scope: 'global',
  perm: 'data_permission_detail',
  permStyle: 'verb_first',
  calls: {
    page: 'system/find_data_permission_detail_page',
    add: 'system/add_data_permission_detail',
    update: 'system/update_data_permission_detail',
    delete: 'system/del_data_permission_detail',
    get: false,
  },
  fields: {
    permission_id: { type: 'int', label: '数据权限', required: true, min: 1, search: 'eq', index: true },
    target_type: { type: 'string', label: '对象类型', required: true, options: { kind: 'static', items: DATA_PERMISSION_TARGETS }, search: 'eq', list: { format: 'option' } },
    target_id: { type: 'int', label: '校区/组织', required: true, min: 1, search: 'eq' },
  },
});

export const tagGroupResource = defineResource({
  name: 'system_tag_group',
  readBy: ['system_tag', ...STUDENT_SCREENS],
  title: '标签组',
  table: 'sys_tag_group',
  scope: 'global',
  perm: 'tag_group',
  permStyle: 'verb_first',
  defaultSort: 'order_num',
  calls: {
    page: 'system_tag_group/page',
    add: 'system_tag_group/add',
    update: 'system_tag_group/update',
    delete: 'system_tag_group/delete',
    get: false,
  },
  fields: {
    name: { type: 'string', label: '标签组名称', required: true, max: 32, search: 'like', unique: true },
    multiple: { type: 'bool', label: '可多选', default: 1, list: { format: 'bool', width: 80 } },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const tagResource = defineResource({
  name: 'system_tag',
  readBy: ['system_tag', ...STUDENT_SCREENS],
  title: '标签',
  table: 'sys_tag',
  scope: 'global',
  perm: 'tag',
  permStyle: 'verb_first',
  defaultSort: 'order_num',
  calls: {
    page: 'system/tag_page',
    add: 'system/add_tag',
    update: 'system/update_tag',
    delete: 'system/del_tag',
    get: false,
  },
  fields: {
    group_id: { type: 'int', label: '标签组', required: true, min: 1, search: 'eq', index: true, ref: { resource: 'system_tag_group', label: ['name'] } },
    name: { type: 'string', label: '标签名称', required: true, max: 32, search: 'like' },
    color: { type: 'string', label: '颜色', max: 16, pattern: { re: '^#[0-9A-Fa-f]{6}$', msg: '颜色格式应为 #RRGGBB' } },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 80 } },
  },
});

/** A tag on a student (`stu_id`), scoped to the student's school. */
export const userTagResource = defineResource({
  name: 'system_user_tag',
  readBy: ['system_tag', ...STUDENT_SCREENS],
  title: '学员标签',
  table: 'sys_user_tag',
  scope: 'school',
  perm: 'user_tag',
  permStyle: 'verb_first',
  calls: {
    page: 'system_tag_group/user_tag_page',
    add: 'system/add_user_tag',
    delete: 'system/del_user_tag',
    update: false,
    get: false,
  },
  fields: {
    stu_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', index: true, ref: { resource: 'student', label: ['name'] } },
    tag_id: { type: 'int', label: '标签', required: true, min: 1, search: 'eq', ref: { resource: 'system_tag', label: ['name', 'color'] } },
  },
});

export const FEEDBACK_STATES = [
  { value: '待处理', text: '待处理' },
  { value: '已处理', text: '已处理' },
] as const;

/**
 * User feedback (spec doc 000 §3: content, files). Any signed-in user submits through
 * `base_feedback/add` (a handler of its own, no operation code); the list screen manages them.
 */
export const feedbackResource = defineResource({
  name: 'base_feedback',
  readBy: ['base_feedback'],
  title: '用户反馈',
  table: 'base_feedback',
  scope: 'global',
  perm: 'feedback',
  permStyle: 'verb_first',
  calls: { add: false },
  fields: {
    content: { type: 'text', label: '反馈内容', required: true, max: 2000, search: 'like', list: { width: 320 } },
    files: { type: 'ids', label: '附件', input: 'attachment', list: false },
    user_id: { type: 'int', label: '提交人 id', readonly: true, list: false, form: false },
    user_name: { type: 'string', label: '提交人', readonly: true, search: 'like', max: 64, form: false },
    state: { type: 'string', label: '状态', default: '待处理', options: { kind: 'static', items: FEEDBACK_STATES }, search: 'eq' },
    reply: { type: 'text', label: '处理意见', max: 2000 },
  },
});

/**
 * Lists answered by hand-written handlers rather than declarations, which option sources of kind
 * `resource` may still name (a user picker names `system_user`). Paths relative to api/v1; GET.
 */
export const SYSTEM_LISTS: Readonly<Record<string, string>> = {
  system_user: 'system/find_user_page',
  sys_user: 'system/find_user_page',
  system_role: 'system/find_role_page',
};

export const SYSTEM_RESOURCES = [
  areaResource,
  areaTemplateResource,
  areaTemplateDetailResource,
  userTemplateResource,
  userTemplateDetailResource,
  domainResource,
  appFunResource,
  dataPermissionResource,
  dataPermissionDetailResource,
  tagGroupResource,
  tagResource,
  userTagResource,
  feedbackResource,
] as const;

/** The tree of a core table that has no resource declaration (its screens and calls are hand-written). */
export interface CoreTree {
  table: string;
  softDelete: boolean;
  /** the column the tree is ordered by (then id) */
  order: string;
  tree: TreeRules;
}

/**
 * Trees of the core tables, read and kept with the declarations' tree rules (server/lib/resource-tree.ts):
 * 组织 (system/get_org_tree, update_org, del_org) and 菜单 (system/get_menu_tree, the sidebar,
 * update_menu, del_menu), and both in the cascading picker's system/tree_list.
 */
export const CORE_TREES: readonly CoreTree[] = [
  {
    table: 'organisations',
    softDelete: true,
    order: 'order_num',
    tree: { parent: 'parent_id', text: 'name', noun: '组织', columns: ['code'], messages: { moved: '不能将组织移动到其自身或下级组织之下', hasChildren: '组织「{name}」下还有下级组织，请先删除下级组织' } },
  },
  {
    table: 'menus',
    softDelete: true,
    order: 'order_num',
    tree: { parent: 'parent', text: 'name', noun: '菜单', columns: ['code'], messages: { moved: '不能将菜单移动到其自身或下级菜单之下', hasChildren: '菜单「{name}」下还有子菜单，请先删除子菜单' } },
  },
];

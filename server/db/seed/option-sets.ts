import type { OptionItem } from '../../../src/contract/resource';

export interface OptionSetSeed {
  code: string;
  name: string;
  items: readonly OptionItem[];
}

/** Option sets the spec names and the system screens use. */
export const OPTION_SETS: readonly OptionSetSeed[] = [
  // The base address of the separate micro-service (acquirer students, part-time users): same origin.
  { code: 'micro_apis', name: '微服务地址', items: [{ value: '', text: 'openapi' }] },
  // Roles whose users see every campus (spec doc 000 §6: the per-campus option set).
  {
    code: 'all_school_roles',
    name: '全校区角色',
    items: [
      { value: 'RC999', text: '系统管理员' },
      { value: 'finance', text: '财务' },
    ],
  },
  {
    code: 'age_group',
    name: '年龄段',
    items: [
      { value: 611, text: '3岁以下' },
      { value: 612, text: '3-4岁' },
      { value: 613, text: '5-6岁' },
      { value: 614, text: '7-9岁' },
      { value: 615, text: '9岁以上' },
    ],
  },
  {
    code: 'sex',
    name: '性别',
    items: [
      { value: 1, text: '男' },
      { value: 2, text: '女' },
    ],
  },
  {
    code: 'user_state',
    name: '用户状态',
    items: [
      { value: 1, text: '启用' },
      { value: 0, text: '停用' },
    ],
  },
  {
    code: 'yes_no',
    name: '是否',
    items: [
      { value: 1, text: '是' },
      { value: 0, text: '否' },
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    items: [
      { value: 0, text: '目录' },
      { value: 1, text: '菜单' },
      { value: 2, text: '按钮' },
    ],
  },
  {
    code: 'org_kind',
    name: '组织类型',
    items: [
      { value: 'head', text: '总部' },
      { value: 'city', text: '城市/分公司' },
      { value: 'school', text: '校区' },
      { value: 'department', text: '部门' },
    ],
  },
  {
    code: 'notice_state',
    name: '通知状态',
    items: [
      { value: 0, text: '草稿' },
      { value: 1, text: '已发布' },
      { value: 2, text: '已下线' },
    ],
  },
  {
    code: 'export_state',
    name: '导出状态',
    items: [
      { value: 0, text: '排队中' },
      { value: 1, text: '导出中' },
      { value: 2, text: '已完成' },
      { value: 3, text: '失败' },
      { value: 4, text: '已取消' },
    ],
  },
];

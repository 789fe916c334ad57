import { defineResource, type FieldDef, type OptionItem, type ResourceDef } from '../resource';

/**
 * The marketing area's plans and targets, SMS templates and part-time acquirers (spec doc 001
 * "marketing": network plans of the head office, cities and campuses, channel plans, market plans,
 * marketer / seller / TA / campus targets, mkt_sms_template and group, mkt_part_time_user_city).
 * The shapes repeated per level are declared once here (`networkPlan`, `staffTarget`) and
 * instantiated; the server's rules (one row per month, city reach, actuals, SMS sending) are in
 * server/modules/marketing/plans. Paths the spec leaves unnamed are in src/contract/chosen-paths.ts.
 */

/** Menu codes of these screens (src/contract/menus/marketing.ts, the plans block). */
export const PLAN_SCREENS = {
  hqNetwork: 'mkt_hq_network_plan',
  hqChannel: 'mkt_hq_channel_network_plan',
  cityNetwork: 'mkt_city_network_plan',
  cityChannel: 'mkt_city_channel_network_plan',
  schoolNetwork: 'mkt_sch_network_plan',
  marketPlan: 'mkt_market_plan',
  marketerTarget: 'mkt_marketer_plan_target',
  sellerTarget: 'mkt_seller_target',
  schoolSign: 'mkt_school_sign',
  taTarget: 'mkt_ta_target',
  schoolTaPlan: 'mkt_school_ta_plan',
  smsTemplate: 'mkt_sms_template',
  partTimeUser: 'mkt_part_time_user_city',
} as const;

/** Online channels a network plan is split by. */
export const NETWORK_CHANNELS: readonly OptionItem[] = [
  { value: 1, text: '百度推广' },
  { value: 2, text: '抖音' },
  { value: 3, text: '小红书' },
  { value: 4, text: '微信公众号' },
  { value: 5, text: '大众点评' },
  { value: 6, text: '官网' },
  { value: 9, text: '其他' },
];

export const MARKET_PLAN_STATES: readonly OptionItem[] = [
  { value: 1, text: '草稿' },
  { value: 2, text: '执行中' },
  { value: 3, text: '已结束' },
];

export const MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

/** The month a plan or target is for (`2026-11`). */
const planMonth = {
  type: 'string',
  label: '计划月份',
  required: true,
  max: 7,
  pattern: { re: MONTH_PATTERN, msg: '计划月份格式应为 YYYY-MM，例如 2026-11' },
  placeholder: '例如 2026-11',
  search: 'eq',
  list: { width: 100, sortable: true },
} satisfies FieldDef;

/** A planned count (leads, visits, signs…): a whole number from 0. */
const target = (label: string) => ({ type: 'int', label, min: 0, max: 1_000_000, default: 0, list: { width: 100 } }) satisfies FieldDef;

/** What actually happened, counted by the server from the funnel; never written by a request. */
const actual = (label: string) => ({ type: 'int', label, readonly: true, list: { width: 100 } }) satisfies FieldDef;

const budget = { type: 'money', label: '预算', min: 0, list: { width: 110 } } satisfies FieldDef;
/** the signed orders' deal amount of the month (fen), counted by the server */
const actualAmount = { type: 'money', label: '实际业绩', readonly: true, list: { width: 110 } } satisfies FieldDef;
const remark = { type: 'string', label: '备注', max: 255 } satisfies FieldDef;

/**
 * A city (分公司: an organisation of kind city) chosen in the organisation tree; the server keeps
 * its name beside it and limits campus-bound callers to the cities of their campuses.
 */
const cityFields = {
  city_id: { type: 'int', label: '城市', required: true, min: 1, input: 'tree', options: { kind: 'tree', url: 'api/v1/system/get_org_tree' }, search: 'eq', list: false, index: true },
  city_name: { type: 'string', label: '城市', max: 64, readonly: true, list: { width: 110 } },
} satisfies Record<string, FieldDef>;

const channelField = { type: 'int', label: '推广渠道', required: true, options: { kind: 'static', items: NETWORK_CHANNELS }, search: 'eq', list: { format: 'option', width: 110 } } satisfies FieldDef;

/** The planned funnel of a network (online) plan, and its actuals. */
const networkTargets = {
  target_leads: target('目标资源量'),
  actual_leads: actual('实际资源量'),
  target_visits: target('目标到访量'),
  actual_visits: actual('实际到访量'),
  target_signs: target('目标签约量'),
  actual_signs: actual('实际签约量'),
  budget,
  remark,
} satisfies Record<string, FieldDef>;

export type PlanLevel = 'hq' | 'city' | 'school';

/** Which rows a plan or target is one of: its level's key columns and the month (server: one row each). */
export interface PlanKey {
  level: PlanLevel;
  /** columns besides the level's own (city_id, school_id) and the month */
  columns: readonly string[];
}

const LEVEL_TITLE: Record<PlanLevel, string> = { hq: '总部', city: '城市', school: '校区' };

/**
 * A network plan of one level, optionally split by channel: the head office's has no place column,
 * a city's names its city, a campus's is campus-scoped.
 */
function networkPlan<const N extends string, const L extends PlanLevel, const C extends boolean>(name: N, level: L, byChannel: C, readBy: readonly string[]) {
  // the level's and the channel's columns as types too (the server's table types are derived from them)
  const place = (level === 'city' ? cityFields : {}) as L extends 'city' ? typeof cityFields : Record<never, FieldDef>;
  const channel = (byChannel ? { channel: channelField } : {}) as C extends true ? { channel: typeof channelField } : Record<never, FieldDef>;
  return defineResource({
    name,
    readBy,
    title: `${LEVEL_TITLE[level]}${byChannel ? '渠道' : ''}网络推广计划`,
    table: name,
    scope: (level === 'school' ? 'school' : 'global') as ResourceDef['scope'] & (L extends 'school' ? 'school' : 'global'),
    perm: name,
    defaultSort: 'plan_month desc',
    fields: { ...place, plan_month: planMonth, ...channel, ...networkTargets },
  });
}

/** A staff member's monthly target at a campus (marketer, seller, TA): the staff, month and counts. */
function staffTarget<const N extends string, const T extends Record<string, FieldDef>>(name: N, title: string, staffLabel: string, targets: T, readBy: readonly string[]) {
  return defineResource({
    name,
    readBy,
    title,
    table: name,
    scope: 'school',
    perm: name,
    defaultSort: 'plan_month desc',
    fields: {
      user_id: { type: 'int', label: staffLabel, required: true, min: 1, search: 'eq', ref: { resource: 'sys_user', label: ['name'] } },
      plan_month: planMonth,
      ...targets,
      remark,
    },
  });
}

/** A campus's monthly target (signs, TA plan): the month and counts, campus-scoped. */
function campusTarget<const N extends string, const T extends Record<string, FieldDef>>(name: N, title: string, targets: T, readBy: readonly string[]) {
  return defineResource({ name, readBy, title, table: name, scope: 'school', perm: name, defaultSort: 'plan_month desc', fields: { plan_month: planMonth, ...targets, remark } });
}

const S = PLAN_SCREENS;
/** Campus plans and targets are read by their own screen and the head office's plan screens. */
const PLAN_READERS = [S.hqNetwork, S.cityNetwork, S.schoolNetwork];

export const hqNetworkPlanResource = networkPlan('mkt_hq_network_plan', 'hq', false, [S.hqNetwork]);
export const hqChannelNetworkPlanResource = networkPlan('mkt_hq_channel_network_plan', 'hq', true, [S.hqChannel]);
export const cityNetworkPlanResource = networkPlan('mkt_city_network_plan', 'city', false, [S.cityNetwork]);
export const cityChannelNetworkPlanResource = networkPlan('mkt_city_channel_network_plan', 'city', true, [S.cityChannel]);
export const schoolNetworkPlanResource = networkPlan('mkt_sch_network_plan', 'school', false, [S.schoolNetwork]);

/** 市场计划: a campus's marketing campaign over some days, with its channel, budget and lead target. */
export const marketPlanResource = defineResource({
  name: 'mkt_market_plan',
  readBy: [S.marketPlan, ...PLAN_READERS],
  title: '市场计划',
  table: 'mkt_market_plan',
  scope: 'school',
  perm: 'mkt_market_plan',
  defaultSort: 'start_date desc',
  fields: {
    name: { type: 'string', label: '计划名称', required: true, max: 64, search: 'like', list: { width: 180 } },
    channel: channelField,
    start_date: { type: 'date', label: '开始日期', required: true, search: 'range', list: { sortable: true } },
    end_date: { type: 'date', label: '结束日期', required: true },
    target_leads: target('目标资源量'),
    actual_leads: actual('实际资源量'),
    budget,
    state: { type: 'int', label: '状态', required: true, default: 1, options: { kind: 'static', items: MARKET_PLAN_STATES }, search: 'eq', list: { format: 'option', width: 90 } },
    content: { type: 'text', label: '计划内容', max: 2000 },
    remark,
  },
});

export const marketerTargetResource = staffTarget(
  'mkt_marketer_plan_target',
  '市场专员目标',
  '市场专员',
  { target_leads: target('目标资源量'), actual_leads: actual('实际资源量'), target_calls: target('目标外呼量'), actual_calls: actual('实际外呼量'), target_invites: target('目标邀约量'), actual_invites: actual('实际邀约量') },
  [S.marketerTarget, ...PLAN_READERS],
);

export const sellerTargetResource = staffTarget(
  'mkt_seller_target',
  '课程顾问目标',
  '课程顾问',
  { target_visits: target('目标接待量'), actual_visits: actual('实际接待量'), target_signs: target('目标签约量'), actual_signs: actual('实际签约量'), target_amount: { ...budget, label: '目标业绩' }, actual_amount: actualAmount },
  [S.sellerTarget, ...PLAN_READERS],
);

export const taTargetResource = staffTarget(
  'mkt_ta_target',
  '学管师目标',
  '学管师',
  { target_renewals: target('目标续费人数'), target_referrals: target('目标转介绍量'), actual_referrals: actual('实际转介绍量'), target_amount: { ...budget, label: '目标续费业绩' } },
  [S.taTarget, ...PLAN_READERS],
);

export const schoolSignResource = campusTarget(
  'mkt_school_sign',
  '校区签约目标',
  { target_signs: target('目标签约量'), actual_signs: actual('实际签约量'), target_amount: { ...budget, label: '目标业绩' }, actual_amount: actualAmount },
  [S.schoolSign, ...PLAN_READERS],
);

export const schoolTaPlanResource = campusTarget(
  'mkt_school_ta_plan',
  '校区学管计划',
  { target_renewals: target('目标续费人数'), target_referrals: target('目标转介绍量'), actual_referrals: actual('实际转介绍量'), target_amount: { ...budget, label: '目标续费业绩' } },
  [S.schoolTaPlan, ...PLAN_READERS],
);

/** 短信分组: groups the SMS templates (招生、通知、节日…). */
export const smsGroupResource = defineResource({
  name: 'mkt_sms_group',
  readBy: [S.smsTemplate],
  title: '短信分组',
  table: 'mkt_sms_group',
  scope: 'global',
  perm: 'mkt_sms_group',
  defaultSort: 'order_num',
  fields: {
    name: { type: 'string', label: '分组名称', required: true, max: 32, search: 'like', unique: true },
    order_num: { type: 'int', label: '排序', default: 0, min: 0, max: 9999, list: { sortable: true, width: 70 } },
    remark,
  },
});

/** 短信模板: a text with {姓名}-style placeholders, sent through the SMS provider (mkt_sms_template/send). */
export const smsTemplateResource = defineResource({
  name: 'mkt_sms_template',
  readBy: [S.smsTemplate],
  title: '短信模板',
  table: 'mkt_sms_template',
  scope: 'global',
  perm: 'mkt_sms_template',
  defaultSort: 'id desc',
  fields: {
    name: { type: 'string', label: '模板名称', required: true, max: 64, search: 'like', unique: true, list: { width: 160 } },
    group_id: { type: 'int', label: '短信分组', required: true, min: 1, search: 'eq', ref: { resource: 'mkt_sms_group', label: ['name'] } },
    sign_name: { type: 'string', label: '短信签名', required: true, max: 16, default: '智学教育', list: { width: 100 } },
    template_code: { type: 'string', label: '服务商模板编号', max: 32, pattern: { re: '^[A-Za-z0-9_.-]+$', msg: '服务商模板编号只能包含字母、数字、下划线、点和短横线' }, list: { width: 130, show: false } },
    content: { type: 'text', label: '短信内容', required: true, max: 500, list: { width: 320 }, placeholder: '可使用 {姓名}、{校区}、{时间} 等占位符' },
    state: { type: 'bool', label: '启用', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    remark,
  },
});

export const SMS_RECORD_STATES: readonly OptionItem[] = [
  { value: 1, text: '已记录（未发出）' },
  { value: 2, text: '已发送' },
  { value: 3, text: '发送失败' },
];

/** What the SMS provider was asked to send: written by mkt_sms_template/send only, read in the 短信模板 screen. */
export const smsRecordResource = defineResource({
  name: 'mkt_sms_record',
  readBy: [S.smsTemplate],
  title: '短信发送记录',
  table: 'mkt_sms_record',
  scope: 'global',
  perm: 'mkt_sms_record',
  defaultSort: 'id desc',
  calls: { add: false, update: false, delete: false },
  indexes: [['template_id', 'created_at']],
  fields: {
    template_id: { type: 'int', label: '短信模板', readonly: true, search: 'eq', ref: { resource: 'mkt_sms_template', label: ['name'], onDelete: 'allow' } },
    phone: { type: 'string', label: '手机号', readonly: true, max: 20, search: 'eq', mask: 'phone', list: { width: 120 } },
    content: { type: 'string', label: '短信内容', readonly: true, max: 600, list: { width: 320 } },
    provider: { type: 'string', label: '服务商', readonly: true, max: 32, list: { width: 100 } },
    provider_message_id: { type: 'string', label: '服务商回执编号', readonly: true, max: 64, list: { width: 160, show: false } },
    state: { type: 'int', label: '状态', readonly: true, options: { kind: 'static', items: SMS_RECORD_STATES }, search: 'eq', list: { format: 'option', width: 130 } },
    error: { type: 'string', label: '失败原因', readonly: true, max: 255 },
    sender_name: { type: 'string', label: '发送人', readonly: true, max: 64, list: { width: 90 } },
  },
});

/** 兼职人员: a part-time acquirer of a city (地推兼职), with a monthly lead target. */
export const partTimeUserCityResource = defineResource({
  name: 'mkt_part_time_user_city',
  readBy: [S.partTimeUser],
  title: '兼职人员',
  table: 'mkt_part_time_user_city',
  scope: 'global',
  perm: 'mkt_part_time_user_city',
  defaultSort: 'id desc',
  fields: {
    name: { type: 'string', label: '姓名', required: true, max: 32, search: 'like', list: { width: 90 } },
    phone: { type: 'string', label: '手机号', required: true, max: 11, search: 'eq', unique: true, mask: 'phone', pattern: { re: '^1\\d{10}$', msg: '手机号应为11位数字' }, list: { width: 120 } },
    ...cityFields,
    monthly_target: target('月目标资源量'),
    state: { type: 'bool', label: '在职', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    remark,
  },
});

/** The declarations of this file, for the area's list (resources/index.ts). */
export const MARKETING_PLAN_RESOURCES = [
  hqNetworkPlanResource,
  hqChannelNetworkPlanResource,
  cityNetworkPlanResource,
  cityChannelNetworkPlanResource,
  schoolNetworkPlanResource,
  marketPlanResource,
  marketerTargetResource,
  sellerTargetResource,
  taTargetResource,
  schoolSignResource,
  schoolTaPlanResource,
  smsGroupResource,
  smsTemplateResource,
  smsRecordResource,
  partTimeUserCityResource,
] as const;

/** The columns a plan is unique by besides its month (the server refuses a second row). */
export const PLAN_KEYS: Readonly<Record<string, PlanKey>> = {
  mkt_hq_network_plan: { level: 'hq', columns: [] },
  mkt_hq_channel_network_plan: { level: 'hq', columns: ['channel'] },
  mkt_city_network_plan: { level: 'city', columns: [] },
  mkt_city_channel_network_plan: { level: 'city', columns: ['channel'] },
  mkt_sch_network_plan: { level: 'school', columns: [] },
  mkt_marketer_plan_target: { level: 'school', columns: ['user_id'] },
  mkt_seller_target: { level: 'school', columns: ['user_id'] },
  mkt_ta_target: { level: 'school', columns: ['user_id'] },
  mkt_school_sign: { level: 'school', columns: [] },
  mkt_school_ta_plan: { level: 'school', columns: [] },
};

import { leadImportResource } from './marketing-import';
import { defineResource, type OptionItem } from '../resource';
import { GENDERS, GRADES, STUDENT_SOURCES } from './students';
import { LEAD_SCREENS, MKT_SCREEN } from '../marketing';

/**
 * The marketing area's leads (资源, spec doc 001 "Marketing resource (leads)"), their call records,
 * the timeline of pool moves, the per-campus pool rules, the TMK allotment of students and the
 * call-centre log. A lead is its own row (mkt_resource), linked to a student (student_id) once it
 * becomes one: see docs/marketing.md for why. Special calls (to_tmk, invalidate, check_phone_repeat,
 * …) are in src/contract/marketing.ts; the server side in server/modules/marketing.
 *
 * Other helpers of the marketing area keep their declarations in resources/marketing-*.ts.
 */

/** The pool a lead sits in (资源池). Moves between them are calls, never a plain update. */
export const LEAD_POOLS = [
  { value: 1, text: '待分配' },
  { value: 2, text: '电销跟进' },
  { value: 3, text: '顾问跟进' },
  { value: 4, text: '无效' },
  { value: 5, text: '公海' },
] as const satisfies readonly OptionItem[];

export const POOL = { unassigned: 1, tmk: 2, seller: 3, invalid: 4, public: 5 } as const;

/**
 * The funnel stage a lead reached (leads → called → invited → visited → trial → signed): only ever
 * raised, each first reached time stamped in its own column (stampFunnel, server/modules/marketing).
 */
export const LEAD_STAGES = [
  { value: 1, text: '新资源' },
  { value: 2, text: '已联系' },
  { value: 3, text: '已邀约' },
  { value: 4, text: '已到访' },
  { value: 5, text: '已试听' },
  { value: 6, text: '已签约' },
] as const satisfies readonly OptionItem[];

export type FunnelStage = 'called' | 'invited' | 'visited' | 'trial' | 'signed';
export const FUNNEL_STAGE_VALUE: Readonly<Record<FunnelStage, number>> = { called: 2, invited: 3, visited: 4, trial: 5, signed: 6 };
/** The column holding the time a lead first reached each stage. */
export const FUNNEL_STAMP_COLUMN: Readonly<Record<FunnelStage, string>> = { called: 'called_at', invited: 'invited_at', visited: 'visited_at', trial: 'trial_at', signed: 'signed_at' };

/** Results of a follow-up call (mkt_record). */
export const CALL_RESULTS: readonly OptionItem[] = [
  { value: 1, text: '有意向' },
  { value: 2, text: '考虑中' },
  { value: 3, text: '已邀约到访' },
  { value: 4, text: '无人接听' },
  { value: 5, text: '拒接/挂断' },
  { value: 6, text: '空号/错号' },
  { value: 7, text: '无意向' },
];

export const CALL_STATUSES: readonly OptionItem[] = [
  { value: 0, text: '未拨打' },
  { value: 1, text: '呼叫中' },
  { value: 2, text: '已接通' },
  { value: 3, text: '未接通' },
];

export const FOLLOW_WAYS: readonly OptionItem[] = [
  { value: 1, text: '电话' },
  { value: 2, text: '微信' },
  { value: 3, text: '短信' },
  { value: 4, text: '面谈' },
];

const PHONE = { re: '^1\\d{10}$', msg: '手机号应为11位数字，以1开头' } as const;
const staffRef = { resource: 'sys_user', label: ['name'] } as const;
const leadRef = { resource: 'mkt_resource', label: ['name'], onDelete: 'allow' } as const;

export const resourceResource = defineResource({
  name: 'mkt_resource',
  title: '资源',
  table: 'mkt_resource',
  scope: 'school',
  softDelete: true,
  perm: 'mkt_resource',
  readBy: LEAD_SCREENS,
  pageMethod: 'POST_FORM',
  defaultSort: 'created_at desc',
  // a campus's leads of one pool, newest first: every pool screen's search. Not a covering
  // listIndex: the lead has more columns than PostgreSQL allows in one index (32).
  indexes: [
    ['school_id', 'del_flag', 'pool', 'created_at'],
    ['school_id', 'del_flag', 'tmk_id', 'pool'],
    ['school_id', 'del_flag', 'seller_id', 'pool'],
    // one person's leads of a campus newest first (the owner filter): read in order, not sorted;
    // the stage and assignment date the owner's list filters on are in the index too, so the count
    // and the page test them there instead of reading each of the owner's ~1,400 leads (2M bench)
    ['school_id', 'del_flag', 'tmk_id', 'created_at', 'id', 'assigned_at', 'stage'],
    ['school_id', 'del_flag', 'seller_id', 'created_at', 'id', 'assigned_at', 'stage'],
    ['del_flag', 'pool', 'last_follow_at'],
    // the funnel report's cohort: a campus's leads created in a date range, whatever their pool
    ['school_id', 'del_flag', 'created_at'],
  ],
  exclusive: [['halt_order_time', 'terminate_order_time']],
  actions: [
    { name: 'set_important', label: '设为重点', column: 'is_important', value: 1, confirm: '确定将选中的资源设为重点资源吗？重点资源不会被回收到公海' },
    { name: 'set_unimportant', label: '取消重点', column: 'is_important', value: 0 },
    {
      // 资源 › APP登录编辑: whether the family may sign in to the app
      name: 'modify_app_allow',
      label: 'APP登录',
      column: 'app_allow',
      buttons: [
        { value: 1, label: '允许APP登录', color: 'green' },
        { value: 0, label: '禁止APP登录', color: 'gray' },
      ],
      ui: 'row',
    },
  ],
  fields: {
    name: { type: 'string', label: '学员姓名', required: true, max: 64, search: 'like', grams: true, list: { width: 100, fixed: 'left' } },
    gender: { type: 'int', label: '性别', options: { kind: 'static', items: GENDERS }, list: { format: 'option', width: 70 } },
    birthday: { type: 'date', label: '出生日期', list: { format: 'date', width: 110, show: false } },
    grade: { type: 'int', label: '年级', options: { kind: 'static', items: GRADES }, search: 'eq', list: { format: 'option', width: 100 } },
    parent_name: { type: 'string', label: '家长姓名', max: 64, search: 'like', list: { width: 100 } },
    parent_phone: { type: 'string', label: '联系电话', required: true, max: 11, pattern: PHONE, mask: 'phone', search: 'like', index: true, list: { width: 120 } },
    phone: { type: 'string', label: '学员电话', max: 11, pattern: PHONE, mask: 'phone', index: true, list: { width: 120, show: false } },
    source: { type: 'int', label: '来源', options: { kind: 'static', items: STUDENT_SOURCES }, search: 'eq', list: { format: 'option', width: 90 } },
    pool: { type: 'int', label: '资源池', default: 1, readonly: true, options: { kind: 'static', items: LEAD_POOLS }, search: 'in', list: { format: 'option', width: 90 } },
    stage: { type: 'int', label: '阶段', default: 1, readonly: true, options: { kind: 'static', items: LEAD_STAGES }, search: 'in', list: { format: 'option', width: 80 } },
    // no `ref` to sys_user: that would open the user list to every lead screen (telemarketers may
    // not read it); the names come from the lead hooks (tmk_name, seller_name)
    tmk_id: { type: 'int', label: '电销', readonly: true, search: 'eq', list: false },
    tmk_name: { type: 'string', label: '电销', max: 64, readonly: true, list: { width: 90 } },
    seller_id: { type: 'int', label: '课程顾问', readonly: true, search: 'eq', list: false },
    seller_name: { type: 'string', label: '课程顾问', max: 64, readonly: true, list: { width: 90 } },
    is_important: { type: 'bool', label: '重点资源', default: 0, readonly: true, search: 'eq', list: { format: 'bool', width: 80 } },
    app_allow: { type: 'bool', label: '允许APP登录', default: 0, readonly: true, list: { format: 'bool', width: 100, show: false } },
    intention: { type: 'int', label: '意向度', min: 0, max: 5, list: { width: 70, show: false } },
    attend_school: { type: 'string', label: '就读学校', max: 64, list: { show: false } },
    address: { type: 'string', label: '住址', max: 128, list: { show: false } },
    invalid_reason: { type: 'string', label: '无效原因', max: 255, readonly: true, list: { width: 140, show: false } },
    student_id: { type: 'int', label: '学员编号', readonly: true, search: 'eq', list: { width: 90, show: false } },
    assigned_at: { type: 'datetime', label: '分配时间', readonly: true, search: 'range', list: { format: 'datetime', width: 150, show: false } },
    last_follow_at: { type: 'datetime', label: '最近跟进', readonly: true, search: 'range', list: { format: 'datetime', width: 150, sortable: true } },
    next_follow_at: { type: 'datetime', label: '下次跟进', readonly: true, search: 'range', list: { format: 'datetime', width: 150, sortable: true } },
    follow_count: { type: 'int', label: '跟进次数', default: 0, readonly: true, list: { width: 80, sortable: true } },
    called_at: { type: 'datetime', label: '首次联系', readonly: true, list: { format: 'datetime', width: 150, show: false } },
    invited_at: { type: 'datetime', label: '首次邀约', readonly: true, list: { format: 'datetime', width: 150, show: false } },
    visited_at: { type: 'datetime', label: '首次到访', readonly: true, list: { format: 'datetime', width: 150, show: false } },
    trial_at: { type: 'datetime', label: '首次试听', readonly: true, list: { format: 'datetime', width: 150, show: false } },
    signed_at: { type: 'datetime', label: '签约时间', readonly: true, list: { format: 'datetime', width: 150, show: false } },
    halt_order_time: { type: 'datetime', label: '订单中止时间', readonly: true, search: 'range', list: { format: 'datetime', width: 150, show: false } },
    terminate_order_time: { type: 'datetime', label: '订单完成时间', readonly: true, search: 'range', list: { format: 'datetime', width: 150, show: false } },
    recycle_warned_at: { type: 'datetime', label: '回收提醒时间', readonly: true, list: false },
    remark: { type: 'string', label: '备注', max: 255, list: { show: false } },
  },
});

/** A follow-up record (跟进记录 / call_record): result, way, next follow-up; stamps the lead. */
export const recordResource = defineResource({
  name: 'mkt_record',
  title: '跟进记录',
  table: 'mkt_record',
  scope: 'school',
  perm: 'mkt_record',
  readBy: [...LEAD_SCREENS, MKT_SCREEN.callRecord],
  calls: { update: false },
  defaultSort: 'id desc',
  indexes: [['resource_id', 'id'], ['school_id', 'created_at']],
  fields: {
    resource_id: { type: 'int', label: '资源', required: true, search: 'eq', ref: leadRef, list: { width: 100 } },
    way: { type: 'int', label: '跟进方式', default: 1, options: { kind: 'static', items: FOLLOW_WAYS }, search: 'eq', list: { format: 'option', width: 80 } },
    result: { type: 'int', label: '跟进结果', required: true, options: { kind: 'static', items: CALL_RESULTS }, search: 'eq', list: { format: 'option', width: 100 } },
    content: { type: 'string', label: '跟进内容', required: true, max: 500, list: { width: 240 } },
    next_follow_at: { type: 'datetime', label: '下次跟进时间', list: { format: 'datetime', width: 150 } },
    call_id: { type: 'string', label: '通话编号', max: 64, readonly: true, index: true, list: { width: 120, show: false } },
    call_status: { type: 'int', label: '通话状态', default: 0, readonly: true, options: { kind: 'static', items: CALL_STATUSES }, search: 'eq', list: { format: 'option', width: 90 } },
    call_seconds: { type: 'int', label: '通话时长(秒)', default: 0, readonly: true, list: { width: 100 } },
    // stamped by the server (created_at is not a declared field, so the search needs its own column)
    follow_at: { type: 'datetime', label: '跟进时间', readonly: true, search: 'range', searchDefault: 'currentMonth', index: true, list: { format: 'datetime', width: 150, sortable: true } },
  },
});

/** Every move of a lead between pools and owners (the lead's timeline): appended, never edited. */
export const moveResource = defineResource({
  name: 'mkt_resource_move',
  title: '资源流转记录',
  table: 'mkt_resource_move',
  scope: 'school',
  perm: 'mkt_resource_move',
  readBy: LEAD_SCREENS,
  calls: { add: false, update: false, delete: false },
  indexes: [['resource_id', 'id']],
  fields: {
    resource_id: { type: 'int', label: '资源', required: true, search: 'eq', list: { width: 90 } },
    action: { type: 'string', label: '操作', required: true, max: 32, list: { width: 100 } },
    from_pool: { type: 'int', label: '原资源池', options: { kind: 'static', items: LEAD_POOLS }, list: { format: 'option', width: 90 } },
    to_pool: { type: 'int', label: '新资源池', options: { kind: 'static', items: LEAD_POOLS }, list: { format: 'option', width: 90 } },
    from_owner: { type: 'int', label: '原负责人', list: false },
    to_owner: { type: 'int', label: '新负责人', list: false },
    from_school: { type: 'int', label: '原校区', list: { show: false } },
    reason: { type: 'string', label: '原因', max: 255, list: { width: 200 } },
  },
});

/**
 * A campus's pool rules (公海规则): recycling after N days without follow-up or M days without a
 * deal, a warning K days before, caps per person, and the cool-down before a previous owner may
 * claim the same lead again. One row per campus; a campus without one uses RULE_DEFAULTS.
 */
export const poolRuleResource = defineResource({
  name: 'mkt_pool_rule',
  title: '公海规则',
  table: 'mkt_pool_rule',
  scope: 'school',
  perm: 'mkt_pool_rule',
  readBy: [MKT_SCREEN.poolRule],
  fields: {
    follow_days: { type: 'int', label: '未跟进回收天数', required: true, min: 1, max: 365, list: { width: 120 } },
    deal_days: { type: 'int', label: '未成交回收天数', required: true, min: 1, max: 3650, list: { width: 120 } },
    warn_days: { type: 'int', label: '提前提醒天数', default: 2, min: 0, max: 30, list: { width: 110 } },
    max_hold: { type: 'int', label: '每人持有上限', default: 500, min: 1, max: 100000, list: { width: 110 } },
    max_important: { type: 'int', label: '重点资源上限', default: 50, min: 0, max: 10000, list: { width: 110 } },
    max_claim_per_day: { type: 'int', label: '每日领取上限', default: 50, min: 1, max: 10000, list: { width: 110 } },
    cooldown_days: { type: 'int', label: '原负责人冷却天数', default: 7, min: 0, max: 365, list: { width: 130 } },
  },
});

export const RULE_DEFAULTS = { follow_days: 15, deal_days: 90, warn_days: 2, max_hold: 500, max_important: 50, max_claim_per_day: 50, cooldown_days: 7 } as const;

/** Allotment of existing students to a telemarketer (mkt_stu_allot_tmk): renewals, referrals. */
export const stuAllotTmkResource = defineResource({
  name: 'mkt_stu_allot_tmk',
  title: '学员分配电销',
  table: 'mkt_stu_allot_tmk',
  scope: 'school',
  perm: 'mkt_stu_allot_tmk',
  readBy: [MKT_SCREEN.stuAllotTmk],
  indexes: [['school_id', 'tmk_id']],
  fields: {
    resource_id: { type: 'int', label: '资源', required: true, search: 'eq', ref: leadRef, list: { width: 100 } },
    tmk_id: { type: 'int', label: '电销', required: true, search: 'eq', ref: staffRef, list: { width: 90 } },
    purpose: { type: 'string', label: '分配目的', max: 64, list: { width: 120 } },
    remark: { type: 'string', label: '备注', max: 255, list: { width: 160 } },
  },
});

/** What the call-centre and SMS provider did or, with the built-in provider, would have done. */
export const callCenterLogResource = defineResource({
  name: 'mkt_call_center_log',
  title: '呼叫中心记录',
  table: 'mkt_call_center_log',
  scope: 'school',
  perm: 'mkt_call_center_log',
  readBy: [MKT_SCREEN.callCenter],
  calls: { add: false, update: false, delete: false },
  fields: {
    provider: { type: 'string', label: '服务商', required: true, max: 32, list: { width: 90 } },
    kind: { type: 'string', label: '类型', required: true, max: 16, search: 'eq', options: { kind: 'static', items: [{ value: 'token', text: '获取令牌' }, { value: 'sms', text: '短信' }, { value: 'call', text: '外呼' }] }, list: { format: 'option', width: 90 } },
    target: { type: 'string', label: '号码', max: 32, mask: 'phone', list: { width: 120 } },
    content: { type: 'string', label: '内容', max: 500, list: { width: 260 } },
    call_id: { type: 'string', label: '通话编号', max: 64, list: { width: 140 } },
    resource_id: { type: 'int', label: '资源', search: 'eq', list: { width: 90 } },
    sent_at: { type: 'datetime', label: '时间', readonly: true, search: 'range', list: { format: 'datetime', width: 150 } },
  },
});

export const MARKETING_RESOURCES = [resourceResource, recordResource, moveResource, poolRuleResource, stuAllotTmkResource, callCenterLogResource, leadImportResource] as const;

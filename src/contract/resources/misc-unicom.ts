import { defineResource } from '../resource';

/**
 * 隐私号 (the carrier's privacy-number service, AXB): a staff member's call to a lead or student goes
 * through a middle number bound to the pair, so the customer's real number is never shown to staff.
 * Screen codes of its menus (src/contract/menus/misc.ts): who may read what.
 */
export const UNICOM_SCREEN = {
  /** 市场管理 › 隐私号通话: bindings of the caller's campuses (seek), bind, extend, release, call */
  binding: 'misc_unicom_binding',
  /** 系统管理 › 隐私号设置: a campus's account and default binding settings (set, default) */
  account: 'misc_unicom_account',
  /** 系统管理 › 服务商请求记录: what the built-in providers would have sent (administrator only) */
  providerLog: 'misc_provider_request',
} as const;

const TARGET_TYPES = [
  { value: 'lead', text: '资源' },
  { value: 'student', text: '学员' },
] as const;

export const BINDING_STATES = [
  { value: 1, text: '绑定中' },
  { value: 2, text: '已解绑' },
] as const;

/**
 * One binding of a middle number to (staff phone, customer phone). The customer's number is kept
 * only masked: the carrier holds the real one, and nothing here can show it to staff.
 * Written only by unicom/provide, update, release and call; read by unicom/seek.
 */
export const unicomBindingResource = defineResource({
  name: 'misc_unicom_binding',
  title: '隐私号绑定',
  table: 'misc_unicom_binding',
  scope: 'school',
  perm: 'unicom',
  readBy: [UNICOM_SCREEN.binding],
  defaultSort: 'id desc',
  calls: { page: 'unicom/seek', get: false, add: false, update: false, delete: false, recover: false, tree: false },
  indexes: [['school_id', 'state', 'id'], ['target_type', 'target_id']],
  fields: {
    target_type: { type: 'string', label: '对象类型', readonly: true, max: 16, search: 'eq', options: { kind: 'static', items: TARGET_TYPES }, list: { format: 'option', width: 80 } },
    target_id: { type: 'int', label: '对象编号', readonly: true, search: 'eq', list: { width: 80 } },
    target_name: { type: 'string', label: '客户', readonly: true, max: 64, search: 'like', list: { width: 100 } },
    customer_phone: { type: 'string', label: '客户号码', readonly: true, max: 16, list: { width: 120 } },
    middle_number: { type: 'string', label: '隐私号', readonly: true, max: 16, search: 'like', list: { width: 120 } },
    staff_name: { type: 'string', label: '员工', readonly: true, max: 64, search: 'like', list: { width: 90 } },
    staff_phone: { type: 'string', label: '员工号码', readonly: true, max: 16, mask: 'phone', list: { width: 120 } },
    expires_at: { type: 'datetime', label: '到期时间', readonly: true, list: { format: 'datetime', width: 150 } },
    record_call: { type: 'int', label: '通话录音', readonly: true, options: { kind: 'static', items: [{ value: 1, text: '录音' }, { value: 0, text: '不录音' }] }, list: { format: 'option', width: 80 } },
    state: { type: 'int', label: '状态', readonly: true, search: 'eq', options: { kind: 'static', items: BINDING_STATES }, list: { format: 'option', width: 80 } },
    call_count: { type: 'int', label: '通话次数', readonly: true, list: { width: 80 } },
    last_call_at: { type: 'datetime', label: '最近通话', readonly: true, list: { format: 'datetime', width: 150 } },
    bind_id: { type: 'string', label: '绑定编号', readonly: true, max: 64, list: { width: 200, show: false } },
    bound_at: { type: 'datetime', label: '绑定时间', readonly: true, search: 'range', list: { format: 'datetime', width: 150 } },
  },
});

export const PROVIDER_KINDS = [
  { value: 'sms_code', text: '验证码短信' },
  { value: 'bind', text: '隐私号绑定' },
  { value: 'update', text: '隐私号延期' },
  { value: 'release', text: '隐私号解绑' },
  { value: 'call', text: '隐私号呼叫' },
] as const;

/**
 * 服务商请求记录: every request the misc area's providers (verification-code SMS, privacy numbers)
 * made, with the provider's answer. The built-in providers send nothing and record here what they
 * would have sent; a verification code appears in full only here, a screen of the administrator.
 */
export const providerRequestResource = defineResource({
  name: 'misc_provider_request',
  title: '服务商请求记录',
  table: 'misc_provider_request',
  scope: 'global',
  perm: 'misc_provider_request',
  readBy: [UNICOM_SCREEN.providerLog],
  defaultSort: 'id desc',
  calls: { get: false, add: false, update: false, delete: false, recover: false, tree: false },
  indexes: [['kind', 'id'], ['target', 'id']],
  fields: {
    provider: { type: 'string', label: '服务商', readonly: true, max: 32, list: { width: 90 } },
    kind: { type: 'string', label: '类型', readonly: true, max: 16, search: 'eq', options: { kind: 'static', items: PROVIDER_KINDS }, list: { format: 'option', width: 100 } },
    target: { type: 'string', label: '号码', readonly: true, max: 16, search: 'like', list: { width: 120 } },
    request: { type: 'string', label: '请求内容', readonly: true, max: 1000, list: { width: 360 } },
    answer: { type: 'string', label: '服务商应答', readonly: true, max: 1000, list: { width: 260 } },
    sent_at: { type: 'datetime', label: '时间', readonly: true, search: 'range', list: { format: 'datetime', width: 150 } },
  },
});

export const UNICOM_RESOURCES = [unicomBindingResource, providerRequestResource] as const;

import { z } from '../zod';
import { answer, defineCall } from '../call';
import { defineResource } from '../resource';

/** Areas as named in spec calls.tsv, as the audit log records them. */
export const AUDIT_AREAS = [
  { value: 'system', text: '系统管理' },
  { value: 'base', text: '基础数据' },
  { value: 'products', text: '产品' },
  { value: 'classes', text: '教务' },
  { value: 'students', text: '学员' },
  { value: 'marketing', text: '市场' },
  { value: 'orders', text: '订单' },
  { value: 'finance', text: '财务' },
  { value: 'teaching', text: '教学' },
  { value: 'workflow', text: '流程' },
  { value: 'misc', text: '其他' },
] as const;

/** Screen (menu code) of 操作日志: reading the log needs it. */
export const LOGGER_SCREEN = 'system_logger';

/**
 * 操作日志: one row per write (who, when, which call, which rows, the changed fields before and
 * after), written by the machinery in the writing transaction (server/lib/audit.ts): the declared
 * add/update/delete/recover calls and every special call declared with defineCall. Read-only: its
 * only call is the spec's `logger/search`; filters by user, area, time and record id.
 */
export const auditLogResource = defineResource({
  name: 'logger',
  readBy: [LOGGER_SCREEN],
  title: '操作日志',
  table: 'audit_log',
  scope: 'global',
  perm: 'logger',
  defaultSort: 'id desc',
  calls: { page: 'logger/search', get: false, add: false, update: false, delete: false, recover: false, tree: false },
  indexes: [['user_id', 'id'], ['area', 'id'], ['at']],
  fields: {
    at: { type: 'datetime', label: '操作时间', readonly: true, search: 'range', list: { width: 160 } },
    user_id: { type: 'int', label: '操作人 id', readonly: true, search: 'eq', list: false },
    user_name: { type: 'string', label: '操作人', readonly: true, max: 64, search: 'like', list: { width: 100 } },
    area: { type: 'string', label: '业务区', readonly: true, max: 32, search: 'eq', options: { kind: 'static', items: AUDIT_AREAS }, list: { width: 90, format: 'option' } },
    title: { type: 'string', label: '操作', readonly: true, max: 64, list: { width: 140 } },
    call: { type: 'string', label: '调用', readonly: true, max: 128, search: 'like', list: { width: 240 } },
    table_name: { type: 'string', label: '数据表', readonly: true, max: 64, search: 'eq', list: { width: 140 } },
    /** `,3,17,`: the ids of the rows written, comma-framed so `record_id` finds one exactly */
    record_ids: { type: 'string', label: '记录 id', readonly: true, max: 2000, list: { width: 120 } },
    /** JSON: [{id, before: {field: value}, after: {field: value}}], changed fields only */
    changes: { type: 'text', label: '变更内容', readonly: true, list: { width: 420 } },
  },
});

export const loggerUserListCall = defineCall({
  area: 'misc',
  title: '操作日志中的用户',
  method: 'GET',
  path: 'api/v1/logger/user_list',
  perm: LOGGER_SCREEN,
  query: z.object({ name: z.string().max(64, '用户名称不能超过64个字符').optional() }),
  labels: { name: '用户名称' },
  answer: answer<{ value: number; text: string }[]>(),
});

export const LOGGER_RESOURCES = [auditLogResource] as const;

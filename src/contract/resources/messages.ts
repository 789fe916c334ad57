import { defineResource } from '../resource';

/** A notice's states (sys_notice.state): written as a draft, published to its targets, taken offline. */
export const NOTICE_STATES = { DRAFT: '草稿', PUBLISHED: '已发布', OFFLINE: '已下线' } as const;

/**
 * 通知公告 (sys_notice). Its list, dialog, add, update and delete are the messages area's own screen
 * and calls (rich text, targets: server/modules/messages/notices.ts); declared for its table type
 * and its two state changes, run by the declared actions' machinery: `sys_notice/publish` (发布,
 * operation code publish_notice: also stamps publish_time and publisher and puts a message in each
 * target user's box) and `sys_notice/offline` (下线, offline_notice), each with `[{ id }]`,
 * `{ ids }` or `{ id }`.
 */
export const noticeResource = defineResource({
  name: 'sys_notice',
  title: '通知公告',
  table: 'sys_notice',
  scope: 'global',
  softDelete: true,
  perm: 'notice',
  permStyle: 'verb_first',
  readBy: ['system_notice'],
  calls: { page: false, get: false, add: false, update: false, delete: false, recover: false, tree: false },
  fields: {
    title: { type: 'string', label: '标题', required: true, max: 128 },
    header: { type: 'string', label: '副标题', max: 128 },
    content: { type: 'text', label: '内容', required: true },
    state: {
      type: 'string',
      label: '状态',
      max: 8,
      options: { kind: 'static', items: Object.values(NOTICE_STATES).map((s) => ({ value: s, text: s })) },
    },
    target_type: { type: 'string', label: '发布范围', max: 16 },
    target_ids: { type: 'string', label: '发布对象', max: 1024 },
    is_top: { type: 'int', label: '置顶' },
    publish_time: { type: 'datetime', label: '发布时间', readonly: true },
    publisher: { type: 'string', label: '发布人', readonly: true, max: 64 },
    files: { type: 'string', label: '附件', max: 1024 },
  },
  actions: [
    { name: 'publish', label: '发布', column: 'state', value: NOTICE_STATES.PUBLISHED, ui: 'none' },
    { name: 'offline', label: '下线', column: 'state', value: NOTICE_STATES.OFFLINE, ui: 'none' },
  ],
});

export const MESSAGES_RESOURCES = [noticeResource] as const;

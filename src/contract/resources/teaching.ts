import { defineResource } from '../resource';
import { ANY_SIGNED_IN } from '../call';

/** Guide status: readers see published guides only; 草稿 is visible to those who manage guides. */
export const GUIDE_STATUS = { DRAFT: 0, PUBLISHED: 1 } as const;
export const GUIDE_STATUS_ITEMS = [
  { value: GUIDE_STATUS.DRAFT, text: '草稿' },
  { value: GUIDE_STATUS.PUBLISHED, text: '已发布' },
] as const;

/**
 * 操作指南 (sys_guide). Shapes not shown in the spec; defined here:
 * - standard add / update / delete / page (GET, `status`, `title` filters; `sort` ascending first);
 *   `content` is HTML, sanitised by the server; `status` and `publish_time` are set by publish only.
 * - POST sys_guide/publish `{ ids: number[], status?: 0 | 1 }` (default 1): publish, or take back
 *   to draft; answers `{ count }`.
 * - GET sys_guide/detail?id=: one guide with its content; a draft answers as missing unless the
 *   caller may edit guides.
 * - Reading needs no operation code; the page answers published guides only to readers.
 */
export const guideResource = defineResource({
  name: 'sys_guide',
  // published guides are read by everyone (操作指南); drafts only by their editors (the handler)
  readBy: [ANY_SIGNED_IN],
  title: '操作指南',
  table: 'sys_guide',
  scope: 'global',
  perm: 'guide',
  permStyle: 'verb_first',
  defaultSort: 'sort',
  calls: { get: false },
  fields: {
    title: { type: 'string', label: '标题', required: true, max: 128, search: 'like', list: { width: 280 } },
    content: { type: 'text', label: '内容', required: true, max: 200000, input: 'richtext', placeholder: '支持 HTML：<p>、<ol>、<img> 等' },
    status: {
      type: 'int',
      label: '状态',
      readonly: true,
      default: GUIDE_STATUS.DRAFT,
      options: { kind: 'static', items: GUIDE_STATUS_ITEMS },
      search: 'eq',
      form: false,
      list: { width: 90, format: 'option' },
    },
    sort: { type: 'int', label: '排序', min: 0, max: 9999, default: 0, list: { width: 80, sortable: true } },
    publish_time: { type: 'datetime', label: '发布时间', readonly: true, form: false, list: { width: 160, format: 'datetime' } },
  },
});

export const GUIDE_RESOURCES = [guideResource] as const;

/** Operation codes of the guide screen (verb-first, as the system screens). */
export const GUIDE_PERMS = { add: 'add_guide', update: 'update_guide', delete: 'del_guide', publish: 'publish_guide' } as const;

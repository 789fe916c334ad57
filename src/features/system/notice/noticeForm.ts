import type { FormErrors } from '../shared/formState';

/** Notice states as the server writes them (server/modules/messages/tables.ts). */
export const NOTICE_STATE = { DRAFT: '草稿', PUBLISHED: '已发布', OFFLINE: '已下线' } as const;

export type TargetType = 'all' | 'roles' | 'schools';

export const TARGET_TYPES: { value: TargetType; label: string }[] = [
  { value: 'all', label: '全部用户' },
  { value: 'roles', label: '指定角色' },
  { value: 'schools', label: '指定校区' },
];

export interface NoticeRow extends Record<string, unknown> {
  id: number;
  title: string;
  header: string | null;
  content: string;
  state: string;
  target_type: TargetType;
  target_ids: string | null;
  is_top: number;
  publish_time: string | null;
  publisher: string | null;
  files: string | null;
  created_at: string;
}

export interface NoticeFormValues extends Record<string, unknown> {
  id?: number;
  title: string;
  header: string;
  content: string;
  target_type: TargetType;
  /** comma-joined role or school ids */
  target_ids: string;
  is_top: boolean;
  files: string;
}

export function emptyNoticeForm(): NoticeFormValues {
  return { title: '', header: '', content: '', target_type: 'all', target_ids: '', is_top: false, files: '' };
}

export function noticeFormOf(r: NoticeRow): NoticeFormValues {
  return {
    id: r.id,
    title: r.title,
    header: r.header ?? '',
    content: r.content,
    target_type: r.target_type,
    target_ids: r.target_ids ?? '',
    is_top: Number(r.is_top) === 1,
    files: r.files ?? '',
  };
}

/** Text of the HTML without tags, to tell an empty editor from a written one. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function validateNotice(v: NoticeFormValues): FormErrors<NoticeFormValues> {
  const e: FormErrors<NoticeFormValues> = {};
  if (!v.title.trim()) e.title = '请输入标题';
  else if (v.title.trim().length > 128) e.title = '标题不能超过128个字符';
  if (v.header.trim().length > 128) e.header = '副标题不能超过128个字符';
  if (!plainText(v.content) && !/<img/i.test(v.content)) e.content = '请输入内容';
  if (v.target_type === 'roles' && !v.target_ids) e.target_ids = '请选择发布的角色';
  if (v.target_type === 'schools' && !v.target_ids) e.target_ids = '请选择发布的校区';
  return e;
}

export function noticeBody(v: NoticeFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: v.title.trim(),
    header: v.header.trim() || null,
    content: v.content,
    target_type: v.target_type,
    target_ids: v.target_type === 'all' ? '' : v.target_ids,
    is_top: v.is_top ? 1 : 0,
    files: v.files,
  };
  if (v.id !== undefined) body.id = v.id;
  return body;
}

export { targetText } from '../../../lib/format/noticeTarget';

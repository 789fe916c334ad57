/** 发布范围 of a notice as the notice list shows it (and its export writes it). */
export type NoticeTargetType = 'all' | 'roles' | 'schools';

/** 全部用户, or 角色：前台、校长 / 校区：… from the id lists and the names known. */
export function targetText(type: NoticeTargetType | string, ids: string | null, names: ReadonlyMap<string, string>): string {
  if (type === 'all') return '全部用户';
  const list = (ids ?? '').split(',').filter(Boolean).map((id) => names.get(id) ?? id);
  return `${type === 'roles' ? '角色' : '校区'}：${list.join('、')}`;
}

/** 置顶 as the notice list shows it. */
export function topText(isTop: unknown): string {
  return Number(isTop) === 1 ? '是' : '否';
}

import type { Attachment } from '../../contract/paths';

/** Upload limits and messages (spec doc 000 §5, §9). */
export const MAX_UPLOAD_BYTES = 157_286_400;
export const DEFAULT_FILE_LIMIT = 1_000_000;
export const MSG_COUNT = '上传失败，文件数量已达上额';
export const MSG_SIZE = '大小不得超过150M';
export const MSG_TYPE = '请上传正确的文件格式';
export const MSG_UPLOADED = '上传成功';
export const MSG_UPLOAD_FAILED = '上传失败';
export const MSG_DELETE_CONFIRM = '确定要删除操作吗？';
export const MSG_DELETED = '删除成功';
export const MSG_CANCELLED = '已取消';

/** Why a file may not be uploaded, or undefined. */
export function uploadRefusal(file: { size: number; type: string }, currentCount: number, limit: number, mediaOnly: boolean): string | undefined {
  if (currentCount >= limit) return MSG_COUNT;
  if (file.size > MAX_UPLOAD_BYTES) return MSG_SIZE;
  if (mediaOnly && !/^(audio|image|video)\//.test(file.type)) return MSG_TYPE;
  return undefined;
}

export type PreviewKind = 'video' | 'image' | 'download';

/** mp4/flv/f4v play in a video dialog, jif/png/jpg/jpeg show in an image dialog, the rest download. */
export function previewKind(ext: string | null | undefined): PreviewKind {
  const e = (ext ?? '').replace(/^\./, '').toLowerCase();
  if (['mp4', 'flv', 'f4v'].includes(e)) return 'video';
  if (['jif', 'png', 'jpg', 'jpeg'].includes(e)) return 'image';
  return 'download';
}

export function idsOf(list: readonly Attachment[]): string {
  return list.map((a) => a.id).join(',');
}

/** Records of a lookup answer: one record or a list. */
export function recordsOf(data: Attachment | Attachment[] | null | undefined): Attachment[] {
  if (!data) return [];
  return Array.isArray(data) ? data : [data];
}

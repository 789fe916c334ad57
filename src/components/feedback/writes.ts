import { request } from '../../api/request';
import { confirmAction, notifyError, notifySuccess, notifyWarning } from './notify';
import { errorMessage } from '../../api/client';

/** The delete confirms every list screen uses (menu management keeps the spec's own text, doc 000 §8). */
export const CONFIRM_DELETE = '确认删除这条记录吗？';
export const CONFIRM_BATCH_DELETE = '确认批量删除选中数据吗？';
export const NOTHING_SELECTED = '请选择要删除的数据';

/**
 * Posts a write and shows its result: `okMsg` on code 200, otherwise the server's msg (or
 * `failMsg` when it has none). A thrown transport error shows its own message. Answers the data on
 * success and undefined on failure, so callers only close dialogs and reload when it worked.
 */
export async function postWrite<T = unknown>(url: string, body: unknown, okMsg: string, failMsg: string): Promise<{ data: T } | undefined> {
  try {
    const env = await request<T>({ url, method: 'POST', data: body });
    if (env.code !== 200) {
      notifyError(env.msg || failMsg);
      return undefined;
    }
    notifySuccess(okMsg);
    return { data: env.data };
  } catch (e) {
    notifyError(errorMessage(e, failMsg));
    return undefined;
  }
}

/**
 * Asks the single or batch delete confirm (or `message`), then posts `[{id}, ...]` to `url` and
 * shows 删除成功 / the server's msg. True when deleted.
 */
export async function confirmDelete(url: string, ids: readonly (number | string)[], opts: { batch?: boolean; message?: string } = {}): Promise<boolean> {
  if (!ids.length) {
    notifyWarning(NOTHING_SELECTED);
    return false;
  }
  if (!(await confirmAction(opts.message ?? (opts.batch ? CONFIRM_BATCH_DELETE : CONFIRM_DELETE)))) return false;
  const done = await postWrite(
    url,
    ids.map((id) => ({ id })),
    '删除成功',
    '删除失败',
  );
  return done !== undefined;
}

/** Positive integer ids of table rows. */
export function idsOf(rows: readonly Record<string, unknown>[]): number[] {
  return rows.map((r) => Number(r.id)).filter((n) => Number.isInteger(n) && n > 0);
}

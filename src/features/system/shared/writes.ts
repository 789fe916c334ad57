import { request } from '../../../api/request';
import { confirmAction, notifyError, notifySuccess, notifyWarning } from '../../../components/feedback';

/** The confirm texts of the spec (doc 000 §8), used by every delete of system administration. */
export const CONFIRM_DELETE_ONE = '确认删除这个用户吗？';
export const CONFIRM_DELETE_MANY = '确认批量删除选中数据吗？';
export const NOTHING_SELECTED = '请先选择要操作的数据';

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
    notifyError(e instanceof Error && e.message ? e.message : failMsg);
    return undefined;
  }
}

/** Asks the spec's confirm (single or batch), then posts `[{id}, ...]` to `url`. True when deleted. */
export async function confirmDelete(url: string, ids: readonly number[], batch: boolean): Promise<boolean> {
  if (!ids.length) {
    notifyWarning(NOTHING_SELECTED);
    return false;
  }
  if (!(await confirmAction(batch ? CONFIRM_DELETE_MANY : CONFIRM_DELETE_ONE))) return false;
  const done = await postWrite(
    url,
    ids.map((id) => ({ id })),
    '删除成功',
    '删除失败',
  );
  return done !== undefined;
}

/** Ids of table rows (rows carry a numeric `id`). */
export function idsOf(rows: readonly Record<string, unknown>[]): number[] {
  return rows.map((r) => Number(r.id)).filter((n) => Number.isInteger(n) && n > 0);
}

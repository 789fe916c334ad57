import { request, RequestError } from '../api/request';
import { ApiCode } from '../contract/envelope';
import { OUTBOX_AGE_HEADER } from '../contract/call';
import type { OutboxItem } from './db';

/** What became of one attempt to send an outbox item. */
export type SendOutcome =
  | { kind: 'ok' }
  /** the server answered code ≠ 200: nothing was written, the user must fix or discard */
  | { kind: 'rejected'; msg: string }
  /** no usable answer (network, time-out, 5xx): try again later, in order */
  | { kind: 'retry'; msg: string }
  /** the session ended: keep everything until the user signs in again */
  | { kind: 'unauthorized'; msg: string };

export type OutboxSender = (item: OutboxItem) => Promise<SendOutcome>;

export const UNAUTHORIZED_MSG = '登录已失效，重新登录后自动提交';

/**
 * The server answers this while an earlier attempt with the same Idempotency-Key is still being
 * processed (our time-out fired first). That attempt may yet commit, so this is not a rejection:
 * retrying with the same key later gets its stored answer. Rejecting it would let the user retry
 * under a new key and write twice.
 */
export function isKeyInProgress(code: number, msg: string): boolean {
  return code === ApiCode.LOCKED || (code === ApiCode.CONFLICT && msg.includes('幂等键') && msg.includes('正在处理'));
}

/** Maps an answer or a failure of the request layer to what the outbox does next. */
export function classifyFailure(e: unknown): SendOutcome {
  if (e instanceof RequestError) {
    if (e.kind === 'http' && e.status !== undefined) {
      if (e.status === 401) return { kind: 'unauthorized', msg: UNAUTHORIZED_MSG };
      // transport faults and throttling pass; a 4xx (unknown path, too large, forbidden) never will
      if (e.status >= 500 || e.status === 408 || e.status === 429) return { kind: 'retry', msg: e.message };
      return { kind: 'rejected', msg: e.message };
    }
    return { kind: 'retry', msg: e.message };
  }
  return { kind: 'retry', msg: e instanceof Error ? e.message : String(e) };
}

/** Sends through the app's request layer, silently (no redirect to /login or /error). */
export function sendViaRequest(timeoutMs = 15_000): OutboxSender {
  return async (item) => {
    try {
      const env = await request({
        url: item.url,
        method: item.method,
        data: item.body,
        idempotencyKey: item.idempotencyKey,
        // when the user tapped: the server judges a replay by it (e.g. roll call opening before a lesson);
        // and the headers the write kept when queued (a front-desk device's person, offline/owner.ts)
        headers: { ...item.headers, [OUTBOX_AGE_HEADER]: String(Math.max(0, Date.now() - item.createdAt)) },
        silent: true,
        timeout: timeoutMs,
      });
      if (env.code === ApiCode.OK) return { kind: 'ok' };
      if (env.code === ApiCode.UNAUTHORIZED) return { kind: 'unauthorized', msg: UNAUTHORIZED_MSG };
      if (isKeyInProgress(env.code, env.msg ?? '')) return { kind: 'retry', msg: env.msg || '上一次提交仍在处理中' };
      return { kind: 'rejected', msg: env.msg || `提交被服务器拒绝（代码 ${env.code}）` };
    } catch (e) {
      return classifyFailure(e);
    }
  };
}

import { ApiCode, type Envelope } from '../contract/envelope';
import { CANCELLED_MSG, isCancelled, NETWORK_FAILED_MSG, request, RequestError, type QueryValue, type RequestOptions } from './request';

/** A business failure (code ≠ 200): `message` is the server's Chinese msg, shown as is. */
export class ApiFailure extends Error {
  readonly code: number;
  constructor(code: number, msg: string) {
    super(msg || '操作失败');
    this.name = 'ApiFailure';
    this.code = code;
  }
}

type CallOptions = Omit<RequestOptions, 'url' | 'method' | 'params' | 'data' | 'form' | 'multipart'>;

/** The data of a successful envelope, or an ApiFailure carrying the server's msg. */
export function unwrap<T>(env: Envelope<T>): T {
  if (env.code !== ApiCode.OK) throw new ApiFailure(env.code, env.msg);
  return env.data;
}

/** Typed calls returning `data` (React Query hooks use these; errors are ApiFailure or RequestError). */
export const api = {
  async get<T>(url: string, params?: Record<string, QueryValue>, opts?: CallOptions): Promise<T> {
    return unwrap(await request<T>({ ...opts, url, method: 'GET', params }));
  },
  async post<T>(url: string, data?: unknown, opts?: CallOptions): Promise<T> {
    return unwrap(await request<T>({ ...opts, url, method: 'POST', data: data ?? {} }));
  },
  async postForm<T>(url: string, form: Record<string, QueryValue>, opts?: CallOptions): Promise<T> {
    return unwrap(await request<T>({ ...opts, url, method: 'POST', form }));
  },
  async upload<T>(url: string, body: FormData, opts?: CallOptions): Promise<T> {
    return unwrap(await request<T>({ ...opts, url, method: 'POST', multipart: body }));
  },
};

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/**
 * The Chinese message to show for any failure of a call. The server's msg and the request layer's
 * messages are Chinese already; a browser's own error text (English, and in the browser's language)
 * is not shown: fetch failures read as a network failure, anything else as `fallback`.
 */
export function errorMessage(e: unknown, fallback = '操作失败'): string {
  if (isCancelled(e)) return CANCELLED_MSG;
  if (e instanceof ApiFailure || e instanceof RequestError) return e.message || fallback;
  // fetch rejects with a TypeError ("Failed to fetch", "NetworkError …", "Load failed")
  if (e instanceof TypeError && /fetch|network|load failed/i.test(e.message)) return NETWORK_FAILED_MSG;
  if (e instanceof Error && e.message && HAS_CHINESE.test(e.message)) return e.message;
  return fallback;
}

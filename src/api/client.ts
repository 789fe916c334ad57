import { ApiCode, type Envelope } from '../contract/envelope';
import { request, type QueryValue, type RequestOptions } from './request';

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

/** The message to show for any failure of a call. */
export function errorMessage(e: unknown, fallback = '操作失败'): string {
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}

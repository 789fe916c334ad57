import type { Envelope } from '../contract/envelope';

/**
 * The one request layer of the app. Every call to api/v1 goes through `request`.
 * It adds the session headers, applies the time-out, encodes forms (arrays comma-joined) and
 * maps transport failures to `RequestError`. A business failure (code ≠ 200) is NOT thrown:
 * the envelope is returned and the caller shows `msg`.
 *
 * Owned by the app shell (src/app wires `configureRequest` with the session and the navigation
 * for 401 and /error/{status}).
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  /** `api/v1/...`, `/api/v1/...` or `/mock/...` */
  url: string;
  method?: 'GET' | 'POST';
  params?: Record<string, QueryValue>;
  /** JSON body */
  data?: unknown;
  /** form-encoded body; arrays are comma-joined */
  form?: Record<string, QueryValue>;
  /** multipart body (uploads) */
  multipart?: FormData;
  /** milliseconds; default 30 s */
  timeout?: number;
  idempotencyKey?: string;
  /** further headers of this call (e.g. the outbox's age of a queued write) */
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** do not route to /login or /error/{status} on failure (background calls, outbox) */
  silent?: boolean;
}

/** 'aborted': the caller cancelled the request (its signal); not a failure to show. */
export type RequestErrorKind = 'network' | 'timeout' | 'http' | 'parse' | 'aborted';

export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  readonly status: number | undefined;
  constructor(kind: RequestErrorKind, message: string, status?: number) {
    super(message);
    this.name = 'RequestError';
    this.kind = kind;
    this.status = status;
  }
}

export const CANCELLED_MSG = '请求已取消';
export const NETWORK_FAILED_MSG = '网络连接失败，请检查网络';

/**
 * A request the app itself cancelled (React Query dropping a list the user has left, a newer search):
 * nothing went wrong, so nothing is shown.
 */
export function isCancelled(e: unknown): boolean {
  if (e instanceof RequestError) return e.kind === 'aborted';
  // DOMException is not an Error in every runtime: look at the name.
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/** The student-visit page call is slow on the existing backends (spec doc 000 §9). */
export const STUDENT_VISIT_TIMEOUT_MS = 50_000;
const STUDENT_VISIT_PAGE = 'api/v1/mkt_student_visit/page';

/** The time-out a call gets when the caller does not choose one. */
export function timeoutFor(url: string): number {
  const path = url.replace(/^\/+/, '').split('?')[0];
  return path === STUDENT_VISIT_PAGE ? STUDENT_VISIT_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
}

/** Hooks the app shell installs: headers of the session, and what to do on 401 / other HTTP errors. */
export interface RequestHooks {
  headers(): Record<string, string>;
  onUnauthorized(): void;
  onHttpError(status: number, message: string): void;
  /** base of `/mock/...` calls (configurable mock host) */
  mockBase: string;
  /** base of api calls; '' means same origin */
  apiBase: string;
}

let hooks: RequestHooks = {
  headers: () => ({}),
  onUnauthorized: () => undefined,
  onHttpError: () => undefined,
  mockBase: '',
  apiBase: '',
};

export function configureRequest(h: Partial<RequestHooks>): void {
  hooks = { ...hooks, ...h };
}

function encodeValue(v: QueryValue): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return v.join(',');
  return String(v);
}

export function toSearchParams(params: Record<string, QueryValue> | undefined): URLSearchParams {
  const sp = new URLSearchParams();
  if (!params) return sp;
  for (const [k, v] of Object.entries(params)) {
    const s = encodeValue(v);
    if (s !== undefined) sp.append(k, s);
  }
  return sp;
}

export function resolveUrl(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  if (url.startsWith('/mock/') || url.startsWith('mock/')) {
    return `${hooks.mockBase}${url.startsWith('/') ? url : `/${url}`}`;
  }
  return `${hooks.apiBase}${url.startsWith('/') ? url : `/${url}`}`;
}

/** The HTTP error catalogue of spec doc 000 §8. */
export function httpErrorMessage(status: number, url: string, serverMsg?: string): string {
  switch (status) {
    case 400:
      return '请求错误';
    case 401:
      return '未授权，请登录';
    case 403:
      return '拒绝访问';
    case 404:
      return `请求地址出错: ${url}`;
    case 408:
      return '请求超时';
    case 500:
      return serverMsg ? `服务器内部错误: ${serverMsg}` : '服务器内部错误';
    case 501:
      return '服务未实现';
    case 502:
      return '网关错误';
    case 503:
      return '服务不可用';
    case 504:
      return '网关超时';
    case 505:
      return 'HTTP版本不受支持';
    default:
      return `连接错误${status}`;
  }
}

export async function request<T = unknown>(opts: RequestOptions): Promise<Envelope<T>> {
  const method = opts.method ?? (opts.data !== undefined || opts.form || opts.multipart ? 'POST' : 'GET');
  const qs = toSearchParams(opts.params).toString();
  const url = resolveUrl(opts.url) + (qs ? `?${qs}` : '');
  const headers: Record<string, string> = { ...hooks.headers() };
  let body: BodyInit | undefined;
  if (opts.multipart) body = opts.multipart;
  else if (opts.form) {
    body = toSearchParams(opts.form).toString();
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  } else if (opts.data !== undefined) {
    body = JSON.stringify(opts.data);
    headers['Content-Type'] = 'application/json;charset=UTF-8';
  }
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  if (opts.headers) Object.assign(headers, opts.headers);

  const controller = new AbortController();
  const timeout = opts.timeout ?? timeoutFor(opts.url);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);

  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal: controller.signal, credentials: 'omit' });
  } catch {
    if (timedOut) throw new RequestError('timeout', httpErrorMessage(408, url));
    // The browser's own text ("signal is aborted without reason") never reaches a user.
    if (opts.signal?.aborted) throw new RequestError('aborted', CANCELLED_MSG);
    throw new RequestError('network', NETWORK_FAILED_MSG);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }

  if (!res.ok) {
    let serverMsg: string | undefined;
    try {
      const j = (await res.json()) as Partial<Envelope>;
      serverMsg = typeof j.msg === 'string' ? j.msg : undefined;
    } catch {
      serverMsg = undefined;
    }
    const message = httpErrorMessage(res.status, url, serverMsg);
    if (!opts.silent) {
      if (res.status === 401) hooks.onUnauthorized();
      else hooks.onHttpError(res.status, message);
    }
    throw new RequestError('http', message, res.status);
  }
  try {
    return (await res.json()) as Envelope<T>;
  } catch {
    throw new RequestError('parse', '服务器返回的数据无法解析');
  }
}

/**
 * The session headers the request layer sends, for the few calls that cannot go through `request`:
 * uploads with progress (XMLHttpRequest) and file downloads (fetch → blob).
 */
export function authHeaders(): Record<string, string> {
  return { ...hooks.headers() };
}

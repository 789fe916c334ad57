import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureRequest, httpErrorMessage, isCancelled, request, RequestError, timeoutFor, DEFAULT_TIMEOUT_MS, STUDENT_VISIT_TIMEOUT_MS } from '../../../src/api/request';
import { api, ApiFailure, errorMessage } from '../../../src/api/client';

type FetchArgs = [string, RequestInit];
let calls: FetchArgs[] = [];

function answer(status: number, body: unknown) {
  return vi.fn(async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

const onUnauthorized = vi.fn();
const onHttpError = vi.fn();

beforeEach(() => {
  calls = [];
  onUnauthorized.mockReset();
  onHttpError.mockReset();
  configureRequest({
    headers: () => ({ token: 'tk', Authorization: 'Bearer abc' }),
    onUnauthorized,
    onHttpError,
    mockBase: 'http://mock.example',
    apiBase: '',
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request layer', () => {
  it('sends the session headers and encodes query parameters with arrays comma-joined', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 200, msg: '成功', data: 1 }));
    await request({ url: 'api/v1/x/page', params: { page: 1, ids: [1, 2, 3], empty: undefined, name: '王' } });
    const [url, init] = calls[0];
    expect(url).toBe('/api/v1/x/page?page=1&ids=1%2C2%2C3&name=%E7%8E%8B');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).token).toBe('tk');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect(init.credentials).toBe('omit');
  });

  it('form-encodes POST bodies with arrays comma-joined', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 200, msg: '成功', data: null }));
    await api.postForm('api/v1/sys_notice/page', { page: 1, state: [1, 2] });
    const [, init] = calls[0];
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(init.body).toBe('page=1&state=1%2C2');
  });

  it('sends JSON bodies for writes', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 200, msg: '成功', data: { id: 3 } }));
    const data = await api.post<{ id: number }>('api/v1/x/add', { name: 'a' });
    expect(data).toEqual({ id: 3 });
    expect(calls[0][1].body).toBe('{"name":"a"}');
    expect((calls[0][1].headers as Record<string, string>)['Content-Type']).toContain('application/json');
  });

  it('sends /mock calls to the configured mock host', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 200, msg: '', data: null }));
    await request({ url: '/mock/demo/list' });
    expect(calls[0][0]).toBe('http://mock.example/mock/demo/list');
  });

  it('returns a business failure to the caller instead of throwing; api.* throws ApiFailure with msg', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 409, msg: '编码已存在', data: null }));
    const env = await request({ url: 'api/v1/x/add', data: {} });
    expect(env).toEqual({ code: 409, msg: '编码已存在', data: null });
    await expect(api.post('api/v1/x/add', {})).rejects.toEqual(new ApiFailure(409, '编码已存在'));
    expect(onHttpError).not.toHaveBeenCalled();
  });

  it('uses 30 s by default and 50 s for the student-visit page call', () => {
    expect(timeoutFor('api/v1/x/page')).toBe(DEFAULT_TIMEOUT_MS);
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    expect(timeoutFor('api/v1/mkt_student_visit/page')).toBe(50_000);
    expect(timeoutFor('/api/v1/mkt_student_visit/page')).toBe(STUDENT_VISIT_TIMEOUT_MS);
  });

  it('aborts after the time-out with 请求超时', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const p = request({ url: 'api/v1/slow' });
    const caught = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    await vi.advanceTimersByTimeAsync(2);
    const e = (await caught) as RequestError;
    expect(e).toBeInstanceOf(RequestError);
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe('请求超时');
  });

  it.each([
    [400, '请求错误'],
    [403, '拒绝访问'],
    [404, '请求地址出错: /api/v1/nope'],
    [408, '请求超时'],
    [500, '服务器内部错误: 数据库不可用'],
    [501, '服务未实现'],
    [502, '网关错误'],
    [503, '服务不可用'],
    [504, '网关超时'],
    [505, 'HTTP版本不受支持'],
  ])('maps HTTP %i to %s and sends the user to /error/{status}', async (status, message) => {
    vi.stubGlobal('fetch', answer(status, { code: status, msg: '数据库不可用', data: null }));
    await expect(request({ url: 'api/v1/nope' })).rejects.toMatchObject({ kind: 'http', status, message });
    expect(onHttpError).toHaveBeenCalledWith(status, message);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps 500 without a server msg to 服务器内部错误', () => {
    expect(httpErrorMessage(500, '/x')).toBe('服务器内部错误');
  });

  it('on 401 calls the unauthorized hook (session cleared, /login) and not the error page', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 401, msg: '未授权，请登录', data: null }));
    await expect(request({ url: 'api/v1/x' })).rejects.toMatchObject({ status: 401, message: '未授权，请登录' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onHttpError).not.toHaveBeenCalled();
  });

  it('silent calls do not navigate', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 401, msg: '', data: null }));
    await expect(request({ url: 'api/v1/x', silent: true })).rejects.toBeInstanceOf(RequestError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('messages a user sees are Chinese', () => {
  it('a request the caller cancelled is a quiet RequestError, not the browser text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        await new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('signal is aborted without reason', 'AbortError'))));
        return new Response('{}');
      }),
    );
    const ctl = new AbortController();
    const pending = request({ url: 'api/v1/x/page', signal: ctl.signal });
    ctl.abort();
    const e = await pending.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RequestError);
    expect((e as RequestError).kind).toBe('aborted');
    expect(isCancelled(e)).toBe(true);
    expect(errorMessage(e)).toBe('请求已取消');
    expect(onHttpError).not.toHaveBeenCalled();
  });

  it('browser errors map to Chinese; Chinese messages pass as they are', () => {
    expect(isCancelled(new DOMException('signal is aborted without reason', 'AbortError'))).toBe(true);
    expect(errorMessage(new DOMException('signal is aborted without reason', 'AbortError'))).toBe('请求已取消');
    expect(errorMessage(new TypeError('Failed to fetch'), '加载失败')).toBe('网络连接失败，请检查网络');
    expect(errorMessage(new TypeError('NetworkError when attempting to fetch resource.'))).toBe('网络连接失败，请检查网络');
    expect(errorMessage(new Error('Unexpected token < in JSON'), '加载失败')).toBe('加载失败');
    expect(errorMessage(new ApiFailure(400, '班级名称不能为空'))).toBe('班级名称不能为空');
    expect(errorMessage(new Error('保存失败：名称重复'))).toBe('保存失败：名称重复');
    expect(errorMessage('x', '操作失败')).toBe('操作失败');
  });
});

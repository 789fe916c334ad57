import type { Hono, MiddlewareHandler } from 'hono';
import { EXPORT_ROW_CAP } from '../../src/contract/paging';
import type { AppEnv } from './context';
import { exportTextOf, isExportRequest, runListExport } from './export-hook';
import { callPath, type ResourceDef } from '../../src/contract/resource';
import { RESOURCES } from '../../src/contract/resources';

/** A declaration whose page a hand-written handler serves: its columns export as their cells show them. */
function declarationOfPage(path: string): ResourceDef | undefined {
  return RESOURCES.find((d) => `/api/v1/${callPath(d, 'page') ?? ''}` === path);
}
import { assertJsonDepth } from './validate';

/** Parameters that steer the export and are not filters of the list. */
const EXPORT_KEYS = ['__export__', '__name__', '__columns__'];

interface PageAnswer {
  code: number;
  data: { content: Record<string, unknown>[]; totalSize: number };
}

function isPageAnswer(body: unknown): body is PageAnswer {
  if (!body || typeof body !== 'object') return false;
  const b = body as { code?: unknown; data?: unknown };
  if (b.code !== 200 || !b.data || typeof b.data !== 'object') return false;
  const d = b.data as { content?: unknown; totalSize?: unknown };
  return Array.isArray(d.content) && typeof d.totalSize === 'number';
}

type Body = { kind: 'none' } | { kind: 'form'; params: URLSearchParams } | { kind: 'json'; value: Record<string, unknown> };

/** The list call's parameters: query string plus a form or JSON object body (other bodies are not lists). */
async function readParams(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<{ params: Record<string, string>; body: Body }> {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(c.req.queries())) params[k] = v.join(',');
  if (c.req.method !== 'POST') return { params, body: { kind: 'none' } };
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(await c.req.text());
    for (const key of new Set(form.keys())) params[key] = form.getAll(key).join(',');
    return { params, body: { kind: 'form', params: form } };
  }
  if (type.includes('application/json')) {
    let value: unknown;
    const text = await c.req.text();
    // refused before parsing: a 10,000-deep body would overflow JSON.stringify below
    assertJsonDepth(text);
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      return { params, body: { kind: 'none' } };
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { params, body: { kind: 'none' } };
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) params[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return { params, body: { kind: 'json', value: value as Record<string, unknown> } };
  }
  return { params, body: { kind: 'none' } };
}

/** Whether a request may carry `__export__` at all; cheap enough for every request. */
async function mayExport(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<boolean> {
  if (c.req.url.includes('__export__')) return true;
  if (c.req.method !== 'POST') return false;
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('application/json')) return false;
  // The body is read once and cached for the handler; only a body naming the flag is parsed here.
  return (await c.req.text()).includes('__export__');
}

/**
 * "Any list call with `__export__=true` starts an export", for every list the app serves, without
 * each handler having to remember it. A handler that exports by itself (mountResource, option sets,
 * notices: they fetch up to the cap in one query) answers `{file_id}` and is left alone. Any other
 * list that answers a page `{content, totalSize}` is exported here: the same call (same session,
 * filters, sort and scope) is replayed in-process page by page without the export parameters and
 * the rows it answers go to the export module. Registered outside the request transaction so the
 * replayed calls run as ordinary requests.
 */
export function listExportMiddleware(appOf: () => Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await mayExport(c))) return next();
    const { params, body } = await readParams(c);
    if (!isExportRequest(params)) return next();
    await next();
    const res = c.res;
    if (!(res.headers.get('content-type') ?? '').includes('application/json')) return;
    let answer: unknown;
    try {
      answer = JSON.parse(await res.clone().text()) as unknown;
    } catch {
      return;
    }
    if (!isPageAnswer(answer)) return;

    const headers = new Headers(c.req.raw.headers);
    headers.delete('idempotency-key');
    headers.delete('content-length');
    const base = new URL(c.req.url);
    for (const k of EXPORT_KEYS) base.searchParams.delete(k);
    const fetchPage = async (page: number, rows: number): Promise<PageAnswer | undefined> => {
      const url = new URL(base);
      let payload: string | undefined;
      if (body.kind === 'form') {
        const form = new URLSearchParams(body.params);
        for (const k of EXPORT_KEYS) form.delete(k);
        form.set('page', String(page));
        form.set('rows', String(rows));
        payload = form.toString();
      } else if (body.kind === 'json') {
        const value: Record<string, unknown> = { ...body.value, page, rows };
        for (const k of EXPORT_KEYS) delete value[k];
        payload = JSON.stringify(value);
      } else {
        url.searchParams.set('page', String(page));
        url.searchParams.set('rows', String(rows));
      }
      const replay = await appOf().fetch(new Request(url, { method: c.req.method, headers, body: payload }));
      const parsed = (await replay.json().catch(() => undefined)) as unknown;
      return isPageAnswer(parsed) ? parsed : undefined;
    };

    const title = params['__name__'] || '导出数据';
    c.res = undefined;
    c.res = await runListExport({
      c,
      title,
      def: declarationOfPage(c.req.path),
      asShown: exportTextOf(c.req.path),
      params,
      fetchRows: async (limit) => {
        const cap = Math.min(limit, EXPORT_ROW_CAP);
        const out: Record<string, unknown>[] = [];
        // A list that serves fewer rows than asked per page is walked with its own page size.
        let size = cap;
        for (let page = 1; out.length < cap; page++) {
          let got = await fetchPage(page, size);
          // A list that refuses so large a page (code 400) is walked 100 rows at a time.
          if (!got && page === 1 && size > 100) got = await fetchPage(page, (size = 100));
          if (!got || got.data.content.length === 0) break;
          if (page === 1) size = got.data.content.length;
          out.push(...got.data.content);
          if (out.length >= got.data.totalSize || got.data.content.length < size) break;
        }
        return out.slice(0, cap);
      },
    });
  };
}

import type { Context } from 'hono';
import { MAX_ROWS } from '../../../src/contract/paging';
import { reportQuery, type ReportAnswer, type ReportCell, type ReportColumn, type ReportDef } from '../../../src/contract/reports';
import { reportCellText } from '../../../src/lib/format/reportCell';
import type { AppConfig } from '../../config';
import type { AppEnv, Principal } from '../../lib/context';
import { assertRead, principalFromCookies } from '../../lib/auth';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { check, queryObject } from '../../lib/validate';
import { runReport } from './run';
import type { ReportSource } from './source';

/**
 * GET /ureport/preview?_u=<report code>&<filters>: the printable page of a report (the spec's report
 * preview address on the configured report host; here the report host is this server). The browser
 * opens it by address, so the session comes from the app's cookies; the report's own operation
 * code and the caller's campuses apply exactly as to its api/v1 call (a campus out of reach is
 * missing). Every answer is a Chinese HTML page, errors included, never a 5xx.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const STYLE = `body{font-family:"Noto Sans CJK SC","Microsoft YaHei",sans-serif;font-size:12px;margin:16px;color:#222}
h1{font-size:18px;margin:0 0 4px}p{margin:2px 0;color:#555}table{border-collapse:collapse;width:100%;margin-top:8px}
th,td{border:1px solid #999;padding:3px 6px}th{background:#f0f0f0}td.n{text-align:right;font-variant-numeric:tabular-nums}
tfoot td{font-weight:bold;background:#fafafa}.hint{color:#888}@media print{.hint{display:none}body{margin:0}}`;

function page(title: string, body: string, status: number): Response {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

export function reportHtml(def: ReportDef, a: ReportAnswer, filterText: string, who: string): string {
  const num = (c: ReportColumn) => c.kind !== 'text';
  const head = def.columns.map((c) => `<th>${esc(c.label)}</th>`).join('');
  const row = (r: Record<string, ReportCell>) => def.columns.map((c) => `<td${num(c) ? ' class="n"' : ''}>${esc(reportCellText(c, r[c.prop]))}</td>`).join('');
  const body = a.content.length ? a.content.map((r) => `<tr>${row(r)}</tr>`).join('') : `<tr><td colspan="${def.columns.length}">所选条件下没有数据</td></tr>`;
  return `<h1>${esc(def.title)}</h1><p>统计区间：${esc(a.from)} 至 ${esc(a.to)}（北京时间）${filterText ? `；${esc(filterText)}` : ''}</p><p>${esc(def.note)}</p><p>打印人：${esc(who)}　打印时间：${esc(nowText())}　共 ${a.totalSize} 行</p><p class="hint">按 Ctrl+P（Mac：⌘+P）打印本页。</p><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody><tfoot><tr>${row(a.totals)}</tr></tfoot></table>`;
}

function errorPage(status: number, msg: string): Response {
  return page('报表预览', `<h1>报表预览</h1><p>${esc(msg)}</p>`, status);
}

export async function servePreview(c: Context<AppEnv>, config: AppConfig, sources: readonly ReportSource[]): Promise<Response> {
  const principal: Principal | undefined = await principalFromCookies(c, config);
  if (!principal) return errorPage(401, '登录已失效，请重新登录后再打开报表预览');
  const params = queryObject(c);
  const source = sources.find((s) => s.def.code === params._u);
  if (!source) return errorPage(404, params._u ? '报表不存在' : '请指定要预览的报表');
  try {
    assertRead(principal, [source.def.code]);
    const query = check(reportQuery(source.def), { ...params, page: '1', rows: String(MAX_ROWS) }, source.call.labels);
    const answer = await runReport(c.var.db, principal, source, query);
    const q = query as Readonly<Record<string, unknown>>;
    const filterText = source.def.filters
      .map((f) => {
        const v = q[f.name];
        const opt = f.options.find((o) => String(o.value) === v);
        return opt ? `${f.label}：${opt.text}` : '';
      })
      .filter(Boolean)
      .join('；');
    const org = query.org_id === undefined ? '' : ((await c.var.db.selectFrom('organisations').select('name').where('id', '=', query.org_id).executeTakeFirst())?.name ?? '');
    return page(source.def.title, reportHtml(source.def, answer, [org ? `城市或校区：${org}` : '', filterText].filter(Boolean).join('；'), principal.name), 200);
  } catch (err) {
    if (err instanceof ApiError) return errorPage(err.code === 403 ? 403 : err.code === 404 ? 404 : 400, err.message);
    console.error('报表预览失败:', err);
    return errorPage(400, '报表预览失败，请稍后重试');
  }
}

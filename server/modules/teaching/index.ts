import type { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { GUIDE_PERMS, GUIDE_STATUS, guideResource } from '../../../src/contract/resources/teaching';
import type { AppDeps, AppEnv } from '../../lib/context';
import type { DeclaredTable } from '../../db/schema';
import { hasPerm, assertPerm } from '../../lib/auth';
import { ApiError, notFound, ok } from '../../lib/http';
import { check, parseQuery, readJson } from '../../lib/validate';
import { mountResource } from '../../lib/resource-routes';
import { plainTextOf, sanitizeNoticeHtml } from '../../lib/html-sanitize';
import { nowText } from '../../lib/time';
import { mountWrite } from '../../lib/call-routes';
import { diffRow } from '../../lib/audit';
import { registerRecords } from './records';
import { registerResultCalls } from './results';

/** 操作指南: written by administrators, read by every signed-in user from the user menu. */
export type GuideTable = DeclaredTable<typeof guideResource, 'status' | 'sort'>;

declare module '../../db/schema' {
  interface Database {
    sys_guide: GuideTable;
  }
}

const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z
    .array(z.coerce.number({ error: '指南 id 必须是数字' }).int('指南 id 必须是整数').positive('指南 id 必须是正整数'), { error: '请选择操作指南' })
    .min(1, '请选择操作指南')
    .max(1000, '一次最多发布 1000 条'),
);
const publishSchema = z.object(
  {
    ids: idList,
    status: z.coerce.number({ error: '状态只能是 0 或 1' }).int().refine((n) => n === 0 || n === 1, '状态只能是 0 或 1').default(GUIDE_STATUS.PUBLISHED),
  },
  { error: '请求体必须是对象' },
);
const detailQuery = z.object({ id: z.coerce.number({ error: 'id 必须是数字' }).int('id 必须是整数').positive('id 必须是正整数') });

/** HTML that keeps formatting only; refused when nothing readable is left. */
function cleanContent(html: unknown): string {
  const content = sanitizeNoticeHtml(String(html ?? ''));
  if (plainTextOf(content) === '' && !/<img/i.test(content)) throw new ApiError(400, '请输入内容');
  return content;
}

/**
 * The teaching area: 操作指南 (sys_guide) here; the teaching records, the declarations behind the
 * teaching screens (./records.ts) and their special calls (./results.ts; docs/teaching.md).
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  registerRecords(app);
  registerResultCalls(app);
  mountResource(app, guideResource, {
    beforeWrite(_ctx, row, mode) {
      if (row.content !== undefined) row.content = cleanContent(row.content);
      // New guides start as drafts; status and publish time change through publish only.
      if (mode === 'add') {
        row.status = GUIDE_STATUS.DRAFT;
        row.publish_time = null;
        row.sort ??= 0;
      }
    },
    // Readers (no right to edit guides) see published guides only.
    extendPage(qb, _query, ctx) {
      if (hasPerm(ctx.principal, GUIDE_PERMS.update)) return qb;
      return qb.where(sql.ref('sys_guide.status'), '=', GUIDE_STATUS.PUBLISHED);
    },
  });

  mountWrite(app, '/api/v1/sys_guide/publish', { area: 'teaching', title: '发布操作指南', table: 'sys_guide' }, async (c, log) => {
    assertPerm(c.var.principal, GUIDE_PERMS.publish);
    const body = check(publishSchema, await readJson(c), { ids: '操作指南', status: '状态' });
    const ids = [...new Set(body.ids)];
    const db = c.var.db;
    const found = await db.selectFrom('sys_guide').select(['id', 'status', 'publish_time']).where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw notFound();
    const now = nowText();
    const after = { status: body.status, publish_time: body.status === GUIDE_STATUS.PUBLISHED ? now : null };
    await db
      .updateTable('sys_guide')
      .set({ ...after, updated_at: now, updated_by: c.var.principal.userId })
      .where('id', 'in', ids)
      .execute();
    await log(found.map((g) => diffRow(g.id, g, after)));
    return ok(c, { count: ids.length });
  });

  app.get('/api/v1/sys_guide/detail', async (c) => {
    const { id } = parseQuery(c, detailQuery, { id: 'id' });
    const row = await c.var.db.selectFrom('sys_guide').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== GUIDE_STATUS.PUBLISHED && !hasPerm(c.var.principal, GUIDE_PERMS.update)) throw notFound();
    return ok(c, row);
  });
}

// Public module: what other areas may call.
export { planRevenueTarget } from './plan-target';

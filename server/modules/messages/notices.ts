import type { Hono } from 'hono';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { idListSchema } from '../../../src/contract/resource';
import { PAGE_LABELS, pageQuerySchema } from '../../../src/contract/paging';
import type { AppEnv } from '../../lib/context';
import type { Database } from '../../db/schema';
import { ApiError, notFound, ok } from '../../lib/http';
import { assertPerm } from '../../lib/auth';
import { check, formObject, readJson } from '../../lib/validate';
import { countOf, likeInsensitive, likePattern } from '../../db/dialect';
import { isExportRequest, runListExport } from '../../lib/export-hook';
import { nowText } from '../../lib/time';
import { plainTextOf, sanitizeNoticeHtml } from './sanitize';
import { sendUserMessages } from './send';
import { NOTICE_STATES, type NoticeTable, type NoticeTarget } from './tables';
import { noticeResource } from '../../../src/contract/resources/messages';
import { mountResource } from '../../lib/resource-routes';
import { postRead } from '../../lib/tx';
import { mountWrite } from '../../lib/call-routes';
import { diffRow } from '../../lib/audit';
import { targetText, topText } from '../../../src/lib/format/noticeTarget';

const idsText = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(',') : v === null || v === undefined ? '' : String(v)),
  z.string().regex(/^(\d+(,\d+)*)?$/, '发布对象格式不正确'),
);

const noticeFields = {
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(128, '标题不能超过128个字符'),
  header: z.string().trim().max(128, '副标题不能超过128个字符').nullable().optional(),
  content: z.string({ error: '请输入内容' }).min(1, '请输入内容').max(200000, '内容不能超过200000个字符'),
  target_type: z.enum(['all', 'roles', 'schools'], { error: '发布范围只能是 全部、指定角色 或 指定校区' }).default('all'),
  target_ids: idsText.optional(),
  is_top: z.preprocess((v) => (v === true ? 1 : v === false ? 0 : v), z.coerce.number().int().min(0).max(1, '置顶只能是 0 或 1')).optional(),
  files: idsText.optional(),
};
const LABELS = { title: '标题', header: '副标题', content: '内容', target_type: '发布范围', target_ids: '发布对象', is_top: '置顶', files: '附件' };

const addSchema = z.object(noticeFields);
const updateSchema = z.object({
  id: z.coerce.number({ error: 'id 必须是数字' }).int().positive('id 必须是正整数'),
  title: noticeFields.title.optional(),
  header: noticeFields.header,
  content: noticeFields.content.optional(),
  target_type: z.enum(['all', 'roles', 'schools'], { error: '发布范围只能是 全部、指定角色 或 指定校区' }).optional(),
  target_ids: noticeFields.target_ids,
  is_top: noticeFields.is_top,
  files: noticeFields.files,
});

const pageSchema = pageQuerySchema.extend({
  title: z.string().trim().max(128).optional(),
  state: z
    .string()
    .optional()
    .refine((s) => !s || s.split(',').every((x) => (Object.values(NOTICE_STATES) as string[]).includes(x)), '状态只能是 草稿、已发布 或 已下线'),
  publish_time_start: z.string().regex(/^\d{4}-\d{2}-\d{2}/, '发布时间格式应为 YYYY-MM-DD').optional().or(z.literal('')),
  publish_time_end: z.string().regex(/^\d{4}-\d{2}-\d{2}/, '发布时间格式应为 YYYY-MM-DD').optional().or(z.literal('')),
});
const SORTABLE = new Set(['id', 'title', 'state', 'publish_time', 'created_at', 'updated_at', 'is_top']);

async function checkTargets(db: Kysely<Database>, type: string, ids: string | undefined | null): Promise<void> {
  if (type === 'all') return;
  const list = (ids ?? '').split(',').filter(Boolean).map(Number);
  if (list.length === 0) throw new ApiError(400, type === 'roles' ? '请选择发布的角色' : '请选择发布的校区');
  const found =
    type === 'roles'
      ? await db.selectFrom('roles').select('id').where('id', 'in', list).execute()
      : await db.selectFrom('organisations').select('id').where('id', 'in', list).where('kind', '=', 'school').where('del_flag', '=', 0).execute();
  if (found.length !== new Set(list).size) throw new ApiError(400, type === 'roles' ? '发布的角色不存在' : '发布的校区不存在');
}

/** Active users the notice reaches. */
async function targetUsers(db: Kysely<Database>, type: NoticeTarget, targetIds: string | null): Promise<number[]> {
  const ids = (targetIds ?? '').split(',').filter(Boolean).map(Number);
  let q = db.selectFrom('users').select('users.id').where('users.state', '=', 1).where('users.del_flag', '=', 0);
  if (type === 'roles') q = q.where('users.id', 'in', db.selectFrom('user_roles').select('user_id').where('role_id', 'in', ids.length ? ids : [0]));
  if (type === 'schools') q = q.where('users.id', 'in', db.selectFrom('user_schools').select('user_id').where('school_id', 'in', ids.length ? ids : [0]));
  return (await q.orderBy('users.id').execute()).map((r) => r.id);
}

/** Publishing puts one message in each target user's box; a re-publish only adds the missing ones. */
async function deliver(db: Kysely<Database>, n: Selectable<NoticeTable>, publisher: string, now: string, by: number): Promise<number> {
  const users = await targetUsers(db, n.target_type as NoticeTarget, n.target_ids);
  const have = new Set((await db.selectFrom('sys_user_message').select('user_id').where('notice_id', '=', n.id).execute()).map((r) => r.user_id));
  const fresh = users.filter((u) => !have.has(u));
  await sendUserMessages(db, { userIds: fresh, noticeId: n.id, title: n.title, header: n.header || plainTextOf(n.content, 60), content: n.content, isTop: n.is_top, publisher, by, now });
  return fresh.length;
}

async function liveNotice(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('sys_notice').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export function registerNotices(app: Hono<AppEnv>): void {
  postRead(app, '/api/v1/sys_notice/page', async (c) => {
    const params = await formObject(c);
    const q = check(pageSchema, params, { ...PAGE_LABELS, state: '状态' });
    let qb = c.var.db.selectFrom('sys_notice').selectAll().where('del_flag', '=', 0);
    if (q.title) qb = qb.where(likeInsensitive('title', likePattern(q.title)));
    if (q.state) qb = qb.where('state', 'in', q.state.split(','));
    if (q.publish_time_start) qb = qb.where('publish_time', '>=', q.publish_time_start);
    if (q.publish_time_end) qb = qb.where('publish_time', '<=', q.publish_time_end.length === 10 ? `${q.publish_time_end} 23:59:59` : q.publish_time_end);
    const [prop, dir] = (q.sort ?? 'id desc').split(' ');
    if (!SORTABLE.has(prop)) throw new ApiError(400, `不支持按 ${prop} 排序`);
    const sorted = qb.orderBy(prop as 'id', dir === 'desc' ? 'desc' : 'asc').orderBy('id', 'desc');
    if (isExportRequest(params)) {
      // 发布范围 and 置顶 as the list shows them: names of the roles and campuses, 是/否
      const db = c.var.db;
      const roles = new Map((await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [String(r.id), r.name]));
      const schools = new Map((await db.selectFrom('organisations').select(['id', 'name']).where('kind', '=', 'school').execute()).map((o) => [String(o.id), o.name]));
      const asShown = (row: Record<string, unknown>) => ({
        ...row,
        target_ids: targetText(String(row.target_type), (row.target_ids as string | null) ?? null, row.target_type === 'roles' ? roles : schools),
        is_top: topText(row.is_top),
      });
      return runListExport({ c, title: '通知公告', params, fetchRows: (limit) => sorted.limit(limit).execute(), asShown });
    }
    const totalSize = await countOf(qb);
    const content = await sorted.limit(q.rows).offset((q.page - 1) * q.rows).execute();
    return ok(c, { content, totalSize });
  });

  const write = (title: string) => ({ area: 'messages', title, table: 'sys_notice' });
  mountWrite(app, '/api/v1/sys_notice/add', write('新增通知'), async (c, log) => {
    assertPerm(c.var.principal, 'add_notice');
    const body = check(addSchema, await readJson(c), LABELS);
    await checkTargets(c.var.db, body.target_type, body.target_ids);
    const content = sanitizeNoticeHtml(body.content);
    if (plainTextOf(content) === '' && !/<img/i.test(content)) throw new ApiError(400, '请输入内容');
    const now = nowText();
    const uid = c.var.principal.userId;
    const row = await c.var.db
      .insertInto('sys_notice')
      .values({
        title: body.title,
        header: body.header ?? null,
        content,
        state: NOTICE_STATES.DRAFT,
        target_type: body.target_type,
        target_ids: body.target_type === 'all' ? null : body.target_ids || null,
        is_top: body.is_top ?? 0,
        publish_time: null,
        publisher: null,
        files: body.files || null,
        del_flag: 0,
        created_at: now,
        updated_at: now,
        created_by: uid,
        updated_by: uid,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await log([diffRow(row.id, null, row)]);
    return ok(c, row);
  });

  mountWrite(app, '/api/v1/sys_notice/update', write('编辑通知'), async (c, log) => {
    assertPerm(c.var.principal, 'update_notice');
    const body = check(updateSchema, await readJson(c), LABELS);
    const db = c.var.db;
    const existing = await liveNotice(db, body.id);
    if (existing.state === NOTICE_STATES.PUBLISHED) throw new ApiError(400, '已发布的通知不能修改，请先下线');
    const type = body.target_type ?? existing.target_type;
    const ids = body.target_ids !== undefined ? body.target_ids : existing.target_ids;
    await checkTargets(db, type, ids);
    const set: Partial<Record<string, string | number | null>> = { updated_at: nowText(), updated_by: c.var.principal.userId };
    if (body.title !== undefined) set.title = body.title;
    if (body.header !== undefined) set.header = body.header;
    if (body.content !== undefined) {
      const content = sanitizeNoticeHtml(body.content);
      if (plainTextOf(content) === '' && !/<img/i.test(content)) throw new ApiError(400, '请输入内容');
      set.content = content;
    }
    set.target_type = type;
    set.target_ids = type === 'all' ? null : ids || null;
    if (body.is_top !== undefined) set.is_top = body.is_top;
    if (body.files !== undefined) set.files = body.files || null;
    const row = await db.updateTable('sys_notice').set(set).where('id', '=', body.id).returningAll().executeTakeFirstOrThrow();
    await log([diffRow(body.id, existing, row)]);
    return ok(c, row);
  });

  // 发布 and 下线 are the declaration's actions (src/contract/resources/messages.ts), with the rules here.
  mountResource(app, noticeResource, {
    beforeAction(ctx, action, rows) {
      if (action.name === 'publish') {
        const published = rows.find((n) => n.state === NOTICE_STATES.PUBLISHED);
        if (published) throw new ApiError(400, `通知「${String(published.title)}」已发布`);
        return { publish_time: nowText(), publisher: ctx.principal.name };
      }
      const unpublished = rows.find((n) => n.state !== NOTICE_STATES.PUBLISHED);
      if (unpublished) throw new ApiError(400, `通知「${String(unpublished.title)}」未发布，不能下线`);
    },
    async afterAction(ctx, action, rows, written) {
      if (action.name !== 'publish') return;
      let messages = 0;
      for (const n of rows) messages += await deliver(ctx.db, n as unknown as Selectable<NoticeTable>, String(written.publisher), String(written.publish_time), ctx.principal.userId);
      return { messages };
    },
  });

  mountWrite(app, '/api/v1/sys_notice/delete', write('删除通知'), async (c, log) => {
    assertPerm(c.var.principal, 'del_notice');
    const ids = [...new Set(check(idListSchema, await readJson(c)).map((x) => x.id))];
    const db = c.var.db;
    for (const id of ids) {
      const n = await liveNotice(db, id);
      if (n.state === NOTICE_STATES.PUBLISHED) throw new ApiError(400, `通知「${n.title}」已发布，请先下线再删除`);
    }
    await db.updateTable('sys_notice').set({ del_flag: 1, updated_at: nowText(), updated_by: c.var.principal.userId }).where('id', 'in', ids).execute();
    await db.updateTable('sys_user_message').set({ del_flag: 1 }).where('notice_id', 'in', ids).execute();
    await log(ids.map((id) => diffRow(id, { del_flag: 0 }, { del_flag: 1 })));
    return ok(c, { count: ids.length });
  });
}


import type { Hono } from 'hono';
import { z } from 'zod';
import { idListSchema } from '../../../../src/contract/resource';
import { PAGE_LABELS, pageQuerySchema } from '../../../../src/contract/paging';
import type { OptionSetAnswer } from '../../../../src/contract/paths';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { ApiError, notFound, ok } from '../../../lib/http';
import { assertPerm, invalidatePrincipals } from '../../../lib/auth';
import { check, parseJson, queryObject } from '../../../lib/validate';
import { countOf, isUniqueViolation, likeInsensitive, likePattern } from '../../../db/dialect';
import { isExportRequest, runListExport } from '../../../lib/export-hook';
import { nowText } from '../../../lib/time';
import { optionListText } from '../../../../src/lib/format/fieldText';
import { mountWrite } from '../../../lib/call-routes';
import { diffRow } from '../../../lib/audit';

/**
 * Option sets (table `option_sets`, created by the core migration): a code, a name and a JSON list
 * of `{value, text}` pairs that selects and formatters read by code.
 */

const VALUE_MSG = '选项值必须是 [{"value": …, "text": "…"}] 格式的 JSON 列表';

const optionListSchema = z.array(
  z.object({
    value: z.union([z.string(), z.number()], { error: VALUE_MSG }),
    text: z.string({ error: VALUE_MSG }).min(1, '选项的显示文字不能为空').max(255, '选项的显示文字不能超过255个字符'),
  }),
  { error: VALUE_MSG },
);

/** Accepts the JSON text (as the spec stores it) or the list itself; stores normalised JSON text. */
const valueSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return Symbol('invalid');
    }
  },
  optionListSchema.max(2000, '选项不能超过2000个').transform((list) => JSON.stringify(list)),
);

const fields = {
  code: z.string({ error: '请输入编码' }).trim().min(1, '请输入编码').max(64, '编码不能超过64个字符').regex(/^[A-Za-z0-9_.-]+$/, '编码只能包含字母、数字、点、下划线和短横线'),
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(64, '名称不能超过64个字符'),
  value: valueSchema,
  remark: z.string().trim().max(255, '备注不能超过255个字符').nullable().optional(),
};
const addSchema = z.object(fields);
const updateSchema = z.object({
  id: z.coerce.number({ error: 'id 必须是数字' }).int().positive('id 必须是正整数'),
  code: fields.code.optional(),
  name: fields.name.optional(),
  value: fields.value.optional(),
  remark: fields.remark,
});
const LABELS = { code: '编码', name: '名称', value: '选项值', remark: '备注' };

const pageSchema = pageQuerySchema.extend({
  code: z.string().trim().max(64).optional(),
  name: z.string().trim().max(64).optional(),
});
const SORTABLE = new Set(['id', 'code', 'name', 'created_at', 'updated_at']);

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  app.get('/api/v1/system/find_optionset_page', async (c) => {
    const params = queryObject(c);
    const q = check(pageSchema, params, { ...PAGE_LABELS });
    let qb = c.var.db.selectFrom('option_sets').selectAll();
    if (q.code) qb = qb.where(likeInsensitive('code', likePattern(q.code)));
    if (q.name) qb = qb.where(likeInsensitive('name', likePattern(q.name)));
    const [prop, dir] = (q.sort ?? 'id desc').split(' ');
    if (!SORTABLE.has(prop)) throw new ApiError(400, `不支持按 ${prop} 排序`);
    const sorted = qb.orderBy(prop as 'id', dir === 'desc' ? 'desc' : 'asc');
    if (isExportRequest(params)) return runListExport({ c, title: '选项集', params, fetchRows: (limit) => sorted.limit(limit).execute(), asShown: (row) => ({ ...row, value: optionListText(row.value as string | null) }) });
    const totalSize = await countOf(qb);
    const content = await sorted.limit(q.rows).offset((q.page - 1) * q.rows).execute();
    return ok(c, { content, totalSize });
  });

  // Every signed-in user reads option sets (selects, formatters); no operation code.
  app.get('/api/v1/system/get_optionset_by_code', async (c) => {
    const { code } = check(z.object({ code: z.string({ error: '请输入编码' }).trim().min(1, '请输入编码').max(64, '编码不能超过64个字符') }), queryObject(c));
    const row = await c.var.db.selectFrom('option_sets').select(['id', 'code', 'name', 'value']).where('code', '=', code).executeTakeFirst();
    if (!row) throw new ApiError(404, '选项集不存在');
    const answer: OptionSetAnswer = row;
    return ok(c, answer);
  });

  mountWrite(app, '/api/v1/system/add_optionset', { area: 'system', title: '新增选项集', table: 'option_sets' }, async (c, log) => {
    assertPerm(c.var.principal, 'add_optionset');
    const body = await parseJson(c, addSchema, LABELS);
    const now = nowText();
    const uid = c.var.principal.userId;
    try {
      const row = await c.var.db
        .insertInto('option_sets')
        .values({ code: body.code, name: body.name, value: body.value, remark: body.remark ?? null, created_at: now, updated_at: now, created_by: uid, updated_by: uid })
        .returningAll()
        .executeTakeFirstOrThrow();
      invalidatePrincipals();
      await log([diffRow(row.id, null, row)]);
      return ok(c, row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, '编码已存在');
      throw err;
    }
  });

  mountWrite(app, '/api/v1/system/update_optionset', { area: 'system', title: '编辑选项集', table: 'option_sets' }, async (c, log) => {
    assertPerm(c.var.principal, 'update_optionset');
    const body = await parseJson(c, updateSchema, LABELS);
    const db = c.var.db;
    const existing = await db.selectFrom('option_sets').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!existing) throw notFound();
    const set: Record<string, string | number | null> = { updated_at: nowText(), updated_by: c.var.principal.userId };
    if (body.code !== undefined) set.code = body.code;
    if (body.name !== undefined) set.name = body.name;
    if (body.value !== undefined) set.value = body.value;
    if (body.remark !== undefined) set.remark = body.remark;
    try {
      const row = await db.updateTable('option_sets').set(set).where('id', '=', body.id).returningAll().executeTakeFirstOrThrow();
      // all_school_roles decides who sees every campus: sessions re-read it at once.
      invalidatePrincipals();
      await log([diffRow(body.id, existing, row)]);
      return ok(c, row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, '编码已存在');
      throw err;
    }
  });

  mountWrite(app, '/api/v1/system/del_optionset', { area: 'system', title: '删除选项集', table: 'option_sets' }, async (c, log) => {
    assertPerm(c.var.principal, 'del_optionset');
    const ids = [...new Set(check(idListSchema, await parseJson(c, z.unknown())).map((x) => x.id))];
    const found = await c.var.db.selectFrom('option_sets').selectAll().where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw notFound();
    await c.var.db.deleteFrom('option_sets').where('id', 'in', ids).execute();
    invalidatePrincipals();
    await log(found.map((r) => diffRow(r.id, r, null)));
    return ok(c, { count: ids.length });
  });
}

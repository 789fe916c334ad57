import { sql } from 'kysely';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { PAGE_LABELS, pageQuerySchema } from '../../../../src/contract/paging';
import type { AppDeps, AppEnv } from '../../../lib/context';
import type { BaseColumns } from '../../../db/schema';
import { notFound, ok } from '../../../lib/http';
import { check, parseJson, queryObject, readJson } from '../../../lib/validate';
import { idListSchema } from '../../../../src/contract/resource';
import { countOf } from '../../../db/dialect';
import { nowText } from '../../../lib/time';
import { listOrder } from '../../../lib/list-order';
import { mountWrite, type LogWrite } from '../../../lib/call-routes';
import { diffRow } from '../../../lib/audit';

/**
 * Per-user table column preferences: for a table key, the JSON list of columns with whether each
 * is shown, its width and its order. Personal settings: each user reads and writes only their own
 * (another user's row answers as missing), and no operation code is needed.
 */
export interface TableColUserTable extends BaseColumns {
  user_id: number;
  table_key: string;
  cols: string;
}

declare module '../../../db/schema' {
  interface Database {
    sys_table_col_user: TableColUserTable;
  }
}

const colSchema = z.object({
  prop: z.string({ error: '列字段名不能为空' }).min(1, '列字段名不能为空').max(64, '列字段名不能超过64个字符'),
  label: z.string().max(64, '列标题不能超过64个字符').optional(),
  show: z.preprocess((v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v), z.boolean({ error: '列的显示标记只能是 true 或 false' })),
  width: z.coerce.number({ error: '列宽必须是数字' }).min(20, '列宽不能小于20').max(2000, '列宽不能大于2000').nullable().optional(),
  // the app sends its columns in display order and may leave `order` out
  order: z.coerce.number({ error: '列顺序必须是数字' }).int('列顺序必须是整数').min(0, '列顺序不能小于0').optional(),
  fixed: z.enum(['left', 'right'], { error: '固定列只能是 left 或 right' }).nullable().optional(),
});

const colsSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return Symbol('invalid');
    }
  },
  z.array(colSchema, { error: '列设置必须是 [{prop, show, width, order}] 格式的 JSON 列表' }).min(1, '列设置不能为空').max(300, '列设置不能超过300列'),
);

const tableKeySchema = z.string({ error: '请提供表格标识' }).trim().min(1, '请提供表格标识').max(128, '表格标识不能超过128个字符');
/** The app's tables name their key `tb_name` (src/components/DataTable/columnPrefs.ts); both spellings are read. */
function withTableKey(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o = v as Record<string, unknown>;
  return o.table_key === undefined && o.tb_name !== undefined ? { ...o, table_key: o.tb_name } : o;
}
const addSchema = z.preprocess(withTableKey, z.object({ table_key: tableKeySchema, cols: colsSchema }));
const updateSchema = z.preprocess(
  withTableKey,
  z.object({ id: z.coerce.number({ error: 'id 必须是数字' }).int().positive().optional(), table_key: tableKeySchema, cols: colsSchema }),
);
const LABELS = { table_key: '表格标识', cols: '列设置' };

// Saves the user's columns for a table (a second save for the same table replaces the first).
async function save(c: Context<AppEnv>, log: LogWrite, body: { id?: number; table_key: string; cols: z.output<typeof colsSchema> }): Promise<Response> {
  const db = c.var.db;
  const uid = c.var.principal.userId;
  const cols = JSON.stringify(body.cols.map((col, i) => ({ ...col, order: col.order ?? i })).toSorted((a, b) => a.order - b.order));
  const now = nowText();
  let existing = await db.selectFrom('sys_table_col_user').selectAll().where('user_id', '=', uid).where('table_key', '=', body.table_key).executeTakeFirst();
  if (body.id !== undefined) {
    const byId = await db.selectFrom('sys_table_col_user').selectAll().where('id', '=', body.id).where('user_id', '=', uid).executeTakeFirst();
    if (!byId) throw notFound();
    existing = byId;
  }
  const row = existing
    ? await db.updateTable('sys_table_col_user').set({ table_key: body.table_key, cols, updated_at: now, updated_by: uid }).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow()
    : await db
        .insertInto('sys_table_col_user')
        .values({ user_id: uid, table_key: body.table_key, cols, created_at: now, updated_at: now, created_by: uid, updated_by: uid })
        .returningAll()
        .executeTakeFirstOrThrow();
  await log([diffRow(row.id, existing ?? null, row)]);
  return ok(c, row);
}

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  const write = { area: 'system', title: '保存列设置', table: 'sys_table_col_user' };
  mountWrite(app, '/api/v1/system/add_table_col_user', write, async (c, log) => save(c, log, await parseJson(c, addSchema, LABELS)));
  mountWrite(app, '/api/v1/system/update_table_col_user', write, async (c, log) => save(c, log, await parseJson(c, updateSchema, LABELS)));

  app.get('/api/v1/system/find_table_col_userpage', async (c) => {
    const q = check(z.preprocess(withTableKey, pageQuerySchema.extend({ table_key: tableKeySchema.optional() })), queryObject(c), { ...LABELS, ...PAGE_LABELS });
    let qb = c.var.db.selectFrom('sys_table_col_user').selectAll().where('user_id', '=', c.var.principal.userId);
    if (q.table_key) qb = qb.where('table_key', '=', q.table_key);
    const totalSize = await countOf(qb);
    let sorted = qb;
    for (const [ref, dir] of listOrder(q.sort, { id: 'id', table_key: 'table_key', tb_name: 'table_key' }, [['id', 'desc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
    const content = await sorted.limit(q.rows).offset((q.page - 1) * q.rows).execute();
    return ok(c, { content: content.map((r) => ({ ...r, tb_name: r.table_key })), totalSize });
  });

  // Forgetting a preference brings back the table's declared columns. Only one's own rows.
  mountWrite(app, '/api/v1/system/del_table_col_user', { ...write, title: '删除列设置' }, async (c, log) => {
    const ids = [...new Set(check(idListSchema, await readJson(c)).map((x) => x.id))];
    const uid = c.var.principal.userId;
    const own = await c.var.db.selectFrom('sys_table_col_user').selectAll().where('id', 'in', ids).where('user_id', '=', uid).execute();
    if (own.length !== ids.length) throw notFound();
    await c.var.db.deleteFrom('sys_table_col_user').where('id', 'in', ids).where('user_id', '=', uid).execute();
    await log(own.map((r) => diffRow(r.id, r, null)));
    return ok(c, { count: ids.length });
  });
}

import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { ApiError, ok } from '../../../lib/http';
import { check, queryObject } from '../../../lib/validate';
import { readTree, treeTables } from '../../../lib/resource-tree';

/**
 * GET system/tree_list?tb_name=&parent_filed=&text_filed=&value_filed= (spelling as the spec
 * writes it): a tree of any tree-shaped table for the cascading selector. The tables are those with
 * declared tree rules (server/lib/resource-tree.ts treeTables); table and column names come from
 * the request, so only a declared table and the columns its rules name are served, and no other
 * name is ever put into SQL.
 */
const name = (label: string) =>
  z
    .string({ error: `请提供${label}` })
    .trim()
    .max(64, `${label}不能超过64个字符`)
    .optional();

const querySchema = z.object({
  tb_name: z.string({ error: '请提供表名' }).trim().min(1, '请提供表名').max(64, '表名不能超过64个字符'),
  parent_filed: name('上级字段'),
  text_filed: name('显示字段'),
  value_filed: name('取值字段'),
});

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  const tables = treeTables();
  app.get('/api/v1/system/tree_list', async (c) => {
    const q = check(querySchema, queryObject(c), { tb_name: '表名', parent_filed: '上级字段', text_filed: '显示字段', value_filed: '取值字段' });
    const table = tables.get(q.tb_name);
    if (!table) throw new ApiError(400, `不支持的表：${q.tb_name}`);
    const parent = q.parent_filed || table.parent;
    const text = q.text_filed || table.text;
    const value = q.value_filed || 'id';
    for (const [label, col] of [['上级字段', parent], ['显示字段', text], ['取值字段', value]] as const) {
      if (!table.columns.has(col)) throw new ApiError(400, `${label}不支持：${col}`);
    }
    return ok(c, await readTree(c.var.db, table, { parent, text, value }));
  });
}

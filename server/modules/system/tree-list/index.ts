import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { TreeNode } from '../../../../src/contract/menu';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { ApiError, ok } from '../../../lib/http';
import { check, queryObject } from '../../../lib/validate';

/**
 * GET system/tree_list?tb_name=&parent_filed=&text_filed=&value_filed= (spelling as the spec
 * writes it): a tree of any tree-shaped table for the cascading selector. Table and column names
 * come from the request, so only the tables and columns listed here are served; names are never
 * put into SQL unless they are in this list.
 */
interface TreeTable {
  columns: ReadonlySet<string>;
  parent: string;
  text: string;
  /** rows shown: not soft-deleted */
  liveColumn?: string;
  order: string;
}

const TREE_TABLES: Readonly<Record<string, TreeTable>> = {
  sys_area: { columns: new Set(['id', 'code', 'name', 'parent_id']), parent: 'parent_id', text: 'name', liveColumn: 'del_flag', order: 'order_num' },
  sys_domain: { columns: new Set(['id', 'code', 'name', 'parent_id']), parent: 'parent_id', text: 'name', order: 'order_num' },
  sys_app_fun: { columns: new Set(['id', 'code', 'name', 'parent_id']), parent: 'parent_id', text: 'name', order: 'order_num' },
  organisations: { columns: new Set(['id', 'code', 'name', 'parent_id']), parent: 'parent_id', text: 'name', liveColumn: 'del_flag', order: 'order_num' },
  menus: { columns: new Set(['id', 'code', 'name', 'parent']), parent: 'parent', text: 'name', liveColumn: 'del_flag', order: 'order_num' },
};

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

type AnyDB = Record<string, Record<string, unknown>>;

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  app.get('/api/v1/system/tree_list', async (c) => {
    const q = check(querySchema, queryObject(c), { tb_name: '表名', parent_filed: '上级字段', text_filed: '显示字段', value_filed: '取值字段' });
    const table = TREE_TABLES[q.tb_name];
    if (!table || !Object.hasOwn(TREE_TABLES, q.tb_name)) throw new ApiError(400, `不支持的表：${q.tb_name}`);
    const parent = q.parent_filed || table.parent;
    const text = q.text_filed || table.text;
    const value = q.value_filed || 'id';
    for (const [label, col] of [['上级字段', parent], ['显示字段', text], ['取值字段', value]] as const) {
      if (!table.columns.has(col)) throw new ApiError(400, `${label}不支持：${col}`);
    }
    const db = c.var.db as unknown as Kysely<AnyDB>;
    let qb = db
      .selectFrom(q.tb_name)
      .select([sql.ref<number>('id').as('t_id'), sql.ref<unknown>(parent).as('t_parent'), sql.ref<unknown>(text).as('t_text'), sql.ref<unknown>(value).as('t_value')]);
    if (table.liveColumn) qb = qb.where(table.liveColumn, '=', 0);
    const rows = (await qb.orderBy(table.order).orderBy('id').execute()) as { t_id: number; t_parent: unknown; t_text: unknown; t_value: unknown }[];
    // Nesting follows `parent` → `id`; the node's id is the asked value column.
    const nodes = new Map<number, TreeNode>();
    const parents = new Map<number, number>();
    for (const r of rows) {
      nodes.set(r.t_id, { id: r.t_value as number | string, text: String(r.t_text ?? ''), parent: (r.t_parent as number | null) ?? null, nodes: [] });
      parents.set(r.t_id, Number(r.t_parent ?? 0));
    }
    const roots: TreeNode[] = [];
    for (const [id, node] of nodes) {
      const p = nodes.get(parents.get(id) ?? 0);
      if (p && p !== node) p.nodes?.push(node);
      else roots.push(node);
    }
    return ok(c, roots);
  });
}

import { z } from 'zod';
import type { Context, Hono } from 'hono';
import type { Kysely, Selectable } from 'kysely';
import type { AppEnv, Principal } from '../../../lib/context';
import type { Database } from '../../../db/schema';
import type { MenuTable } from '../../../db/core-schema';
import { MAX_ROWS } from '../../../../src/contract/paging';
import { ok } from '../../../lib/http';
import { check, formObject, queryObject } from '../../../lib/validate';
import { menuOf, menuTree, routeTagOf } from './menus';
import { optInt, typeOpSchema, type TypeOp } from './common';
import { postRead } from '../../../lib/tx';

type MenuRow = Selectable<MenuTable>;

/** The caller's menus: all for RC999, else those granted to their roles plus the ancestors of those. */
export async function grantedMenus(db: Kysely<Database>, p: Principal): Promise<MenuRow[]> {
  if (p.superuser) return db.selectFrom('menus').selectAll().where('del_flag', '=', 0).execute();
  if (p.roleIds.length === 0) return [];
  const granted = await db
    .selectFrom('menus')
    .selectAll()
    .where('del_flag', '=', 0)
    .where('id', 'in', db.selectFrom('role_menus').select('menu_id').where('role_id', 'in', [...p.roleIds]))
    .execute();
  const have = new Set(granted.map((m) => m.id));
  const missing = new Set<number>();
  for (const m of granted) {
    for (const part of m.inheritance.split('|')) {
      const id = Number(part);
      if (part !== '' && !have.has(id)) missing.add(id);
    }
  }
  if (missing.size === 0) return granted;
  const ancestors = await db.selectFrom('menus').selectAll().where('del_flag', '=', 0).where('id', 'in', [...missing]).execute();
  return [...granted, ...ancestors];
}

const sidebarQuery = z.object({
  type: optInt('类型'),
  type_op: typeOpSchema,
  user_id: optInt('用户'),
  rows: z.coerce.number({ error: '每页行数必须是数字' }).int().min(1, '每页行数至少为 1').max(MAX_ROWS, `每页行数不能超过 ${MAX_ROWS}`).optional(),
});

export function registerSidebar(app: Hono<AppEnv>): void {
  const handler = async (c: Context<AppEnv>): Promise<Response> => {
    const params = c.req.method === 'GET' ? queryObject(c) : await formObject(c);
    const q = check(sidebarQuery, params, { type: '类型', type_op: '类型比较符', rows: '每页行数' });
    const type = q.type ?? 0;
    const op = (q.type_op ?? '=') as TypeOp;
    const menus = await grantedMenus(c.var.db, c.var.principal);
    if (type === 2) {
      // Operation codes: the caller's buttons, as a page (the app reads up to 10000).
      const matches = (m: MenuRow): boolean => {
        switch (op) {
          case '=':
            return m.type === type;
          case '>=':
            return m.type >= type;
          case '<=':
            return m.type <= type;
          case '>':
            return m.type > type;
          case '<':
            return m.type < type;
          default:
            return m.type !== type;
        }
      };
      const list = menus.filter(matches).sort((a, b) => a.id - b.id);
      return ok(c, { content: list.slice(0, q.rows ?? MAX_ROWS).map(menuOf), totalSize: list.length });
    }
    // Routes: directories and screens (type 0 and 1) as a tree; buttons are not routes.
    const routes = menus.filter((m) => m.type !== 2);
    return ok(c, menuTree(routes, routeTagOf, false));
  };
  app.get('/api/v1/system/sidebar', handler);
  // the POST form only reads: outside the request transaction
  postRead(app, '/api/v1/system/sidebar', handler);
}

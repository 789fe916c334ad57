import type { Hono } from 'hono';
import { z } from 'zod';
import { domainResource } from '../../../../src/contract/resources/system';
import type { TreeNode } from '../../../../src/contract/menu';
import type { AppDeps, AppEnv } from '../../../lib/context';
import type { BaseColumns, DeclaredTable } from '../../../db/schema';
import { ApiError, ok } from '../../../lib/http';
import { assertPerm, invalidatePrincipals } from '../../../lib/auth';
import { check, parseJson, queryObject } from '../../../lib/validate';
import { mountResource } from '../../../lib/resource-routes';
import { nowText } from '../../../lib/time';
import { nestTree } from '../../../lib/resource-tree';
import { mountWrite } from '../../../lib/call-routes';
import { diffRow } from '../../../lib/audit';

/** Domains (the `domain` of a sign-in) and the menus granted to each. */
export type DomainTable = DeclaredTable<typeof domainResource>;

export interface DomainMenuTable extends BaseColumns {
  domain_id: number;
  menu_id: number;
}

declare module '../../../db/schema' {
  interface Database {
    sys_domain: DomainTable;
    sys_domain_menu: DomainMenuTable;
  }
}

export interface MenuGrantTag {
  code: string;
  type: number;
  checked: boolean;
}

const domainIdSchema = z.coerce.number({ error: '域必须是数字' }).int('域必须是整数').positive('请选择域');
const grantSchema = z.object({
  domain_id: domainIdSchema,
  menu_ids: z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
    z.array(z.coerce.number({ error: '菜单必须是数字' }).int('菜单必须是整数').positive('菜单必须是正整数'), { error: '请提供菜单 id 列表' }).max(10000, '菜单不能超过10000个'),
  ),
});

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  mountResource(app, domainResource, {
    async beforeDelete(ctx, ids) {
      // the tree's rules (parent, cycle, children) are the declaration's (server/lib/resource-tree.ts)
      await ctx.db.deleteFrom('sys_domain_menu').where('domain_id', 'in', ids).execute();
    },
  });

  // The whole menu tree, each node tagged with whether the domain has it.
  app.get('/api/v1/system/get_domain_menu_tree', async (c) => {
    const { domain_id } = check(z.object({ domain_id: domainIdSchema }), queryObject(c), { domain_id: '域' });
    const db = c.var.db;
    const domain = await db.selectFrom('sys_domain').select('id').where('id', '=', domain_id).executeTakeFirst();
    if (!domain) throw new ApiError(404, '记录不存在或无权访问');
    const menus = await db
      .selectFrom('menus')
      .select(['id', 'name', 'code', 'parent', 'type'])
      .where('del_flag', '=', 0)
      .orderBy('order_num')
      .orderBy('id')
      .execute();
    const granted = new Set((await db.selectFrom('sys_domain_menu').select('menu_id').where('domain_id', '=', domain_id).execute()).map((r) => r.menu_id));
    const roots: TreeNode<MenuGrantTag>[] = nestTree(
      menus,
      (m) => m.id,
      (m) => m.parent,
      (m) => ({ id: m.id, text: m.name, parent: m.parent, nodes: [], tag: { code: m.code, type: m.type, checked: granted.has(m.id) } }),
    );
    return ok(c, { tree: roots, checked: [...granted] });
  });

  // Replaces the domain's menu grants with the given list.
  mountWrite(app, '/api/v1/system/add_domain_menu', { area: 'system', title: '分配域菜单', table: 'sys_domain_menu' }, async (c, log) => {
    assertPerm(c.var.principal, 'add_domain_menu');
    const body = await parseJson(c, grantSchema, { domain_id: '域', menu_ids: '菜单' });
    const db = c.var.db;
    const domain = await db.selectFrom('sys_domain').select('id').where('id', '=', body.domain_id).executeTakeFirst();
    if (!domain) throw new ApiError(404, '记录不存在或无权访问');
    const ids = [...new Set(body.menu_ids)];
    const before = (await db.selectFrom('sys_domain_menu').select('menu_id').where('domain_id', '=', body.domain_id).orderBy('menu_id').execute()).map((r) => r.menu_id);
    if (ids.length) {
      const found = await db.selectFrom('menus').select('id').where('id', 'in', ids).where('del_flag', '=', 0).execute();
      if (found.length !== ids.length) throw new ApiError(400, '菜单不存在');
    }
    await db.deleteFrom('sys_domain_menu').where('domain_id', '=', body.domain_id).execute();
    const now = nowText();
    const uid = c.var.principal.userId;
    if (ids.length) {
      await db
        .insertInto('sys_domain_menu')
        .values(ids.map((menu_id) => ({ domain_id: body.domain_id, menu_id, created_at: now, updated_at: now, created_by: uid, updated_by: uid })))
        .execute();
    }
    invalidatePrincipals();
    // one change of the domain: its menus before and after
    await log([diffRow(body.domain_id, { menu_ids: before }, { menu_ids: [...ids].sort((a, b) => a - b) })]);
    return ok(c, { domain_id: body.domain_id, menu_ids: ids });
  });
}

import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import {
  areaResource,
  areaTemplateDetailResource,
  areaTemplateResource,
  userTemplateDetailResource,
  userTemplateResource,
} from '../../../../src/contract/resources/system';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { ApiError } from '../../../lib/http';
import { mountResource } from '../../../lib/resource-routes';
import { withLoginId } from '../../../lib/resource-refs';
import type { Database, DeclaredTable } from '../../../db/schema';

/** 区域, 区域模板 and 用户模板 with their details: typed from their declarations. */
declare module '../../../db/schema' {
  interface Database {
    sys_area: DeclaredTable<typeof areaResource>;
    sys_area_template: DeclaredTable<typeof areaTemplateResource>;
    sys_area_template_detail: DeclaredTable<typeof areaTemplateDetailResource>;
    sys_user_template: DeclaredTable<typeof userTemplateResource>;
    sys_user_template_detail: DeclaredTable<typeof userTemplateDetailResource>;
  }
}

/** How many live details a template still has. */
async function countLive(db: Kysely<Database>, table: 'sys_area_template_detail' | 'sys_user_template_detail', ids: number[]): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .where('template_id', 'in', ids)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  // the area tree's rules (parent, cycle, children) are the declaration's (server/lib/resource-tree.ts)
  mountResource(app, areaResource);

  mountResource(app, areaTemplateResource, {
    async beforeDelete(ctx, ids) {
      if ((await countLive(ctx.db, 'sys_area_template_detail', ids)) > 0) throw new ApiError(400, '该区域模板下还有明细，请先删除明细');
    },
  });

  // template details: their template, area and user are declared refs (checked and labelled by them)
  mountResource(app, areaTemplateDetailResource);

  mountResource(app, userTemplateResource, {
    async beforeDelete(ctx, ids) {
      if ((await countLive(ctx.db, 'sys_user_template_detail', ids)) > 0) throw new ApiError(400, '该用户模板下还有明细，请先删除明细');
    },
  });

  mountResource(app, userTemplateDetailResource, { extendPage: withLoginId('sys_user_template_detail') });
}

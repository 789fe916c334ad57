import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import {
  areaResource,
  areaTemplateDetailResource,
  areaTemplateResource,
  userTemplateDetailResource,
  userTemplateResource,
} from '../../../src/contract/resources/system';
import type { AppDeps, AppEnv } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { mountResource, type AnyDB, type Row } from '../../lib/resource-routes';
import { withLoginId } from '../../lib/resource-refs';
import type { Database } from '../../db/schema';

function anyDb(db: Kysely<Database>): Kysely<AnyDB> {
  return db as unknown as Kysely<AnyDB>;
}

async function liveRow(db: Kysely<Database>, table: string, id: number, softDelete: boolean): Promise<Row | undefined> {
  let q = anyDb(db).selectFrom(table).selectAll().where('id', '=', id);
  if (softDelete) q = q.where('del_flag', '=', 0);
  return (await q.executeTakeFirst()) as Row | undefined;
}

/** A parent must exist and must not be the area itself or one of its descendants (no cycles). */
async function checkAreaParent(db: Kysely<Database>, id: number | undefined, parentId: number): Promise<void> {
  if (parentId === 0) return;
  let cursor: number = parentId;
  for (let depth = 0; depth < 64 && cursor !== 0; depth++) {
    if (id !== undefined && cursor === id) throw new ApiError(400, '上级区域不能是自身或其下级');
    const row = await liveRow(db, 'sys_area', cursor, true);
    if (!row) throw new ApiError(400, depth === 0 ? '上级区域不存在' : '上级区域链路不完整');
    cursor = Number(row.parent_id ?? 0);
  }
}

async function countLive(db: Kysely<Database>, table: string, column: string, ids: number[]): Promise<number> {
  const row = await anyDb(db)
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .where(column, 'in', ids)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  return Number((row as { n?: number } | undefined)?.n ?? 0);
}

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  mountResource(app, areaResource, {
    async beforeWrite(ctx, row, mode, existing) {
      const parent = row.parent_id === undefined ? undefined : Number(row.parent_id ?? 0);
      if (mode === 'add') row.parent_id = parent ?? 0;
      if (parent !== undefined) await checkAreaParent(ctx.db, existing?.id, parent);
    },
    async beforeDelete(ctx, ids) {
      const children = await anyDb(ctx.db)
        .selectFrom('sys_area')
        .select('id')
        .where('parent_id', 'in', ids)
        .where('id', 'not in', ids)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (children) throw new ApiError(400, '该区域下还有下级区域，请先删除下级区域');
    },
  });

  mountResource(app, areaTemplateResource, {
    async beforeDelete(ctx, ids) {
      if ((await countLive(ctx.db, 'sys_area_template_detail', 'template_id', ids)) > 0) throw new ApiError(400, '该区域模板下还有明细，请先删除明细');
    },
  });

  // template details: their template, area and user are declared refs (checked and labelled by them)
  mountResource(app, areaTemplateDetailResource);

  mountResource(app, userTemplateResource, {
    async beforeDelete(ctx, ids) {
      if ((await countLive(ctx.db, 'sys_user_template_detail', 'template_id', ids)) > 0) throw new ApiError(400, '该用户模板下还有明细，请先删除明细');
    },
  });

  mountResource(app, userTemplateDetailResource, { extendPage: withLoginId('sys_user_template_detail') });
}

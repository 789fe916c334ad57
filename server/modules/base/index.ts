import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { districtResource, organResource, subCompanyResource, userDetailResource } from '../../../src/contract/resources/base-org';
import type { ResourceDef } from '../../../src/contract/resource';
import type { AppDeps, AppEnv } from '../../lib/context';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { mountResource, type AnyDB, type ResourceHooks } from '../../lib/resource-routes';
import { withLoginId } from '../../lib/resource-refs';
import '../../db/core-schema';

function anyDb(db: Kysely<Database>): Kysely<AnyDB> {
  return db as unknown as Kysely<AnyDB>;
}

/** Tree tables: the parent must exist and must not be the row itself or below it; a node with children is not deleted. */
function treeHooks(def: ResourceDef, label: string): ResourceHooks {
  return {
    async beforeWrite(ctx, row, mode, existing) {
      if (mode === 'add' && (row.parent_id === undefined || row.parent_id === null)) row.parent_id = 0;
      if (row.parent_id === null) row.parent_id = 0;
      let cursor = Number(row.parent_id ?? existing?.parent_id ?? 0);
      for (let depth = 0; depth < 64 && cursor !== 0; depth++) {
        if (existing && cursor === existing.id) throw new ApiError(400, `上级${label}不能是自身或其下级`);
        const parent = (await anyDb(ctx.db).selectFrom(def.table).select(['id', 'parent_id']).where('id', '=', cursor).executeTakeFirst()) as { parent_id: number | null } | undefined;
        if (!parent) throw new ApiError(400, `上级${label}不存在`);
        cursor = Number(parent.parent_id ?? 0);
      }
    },
    async beforeDelete(ctx, ids) {
      const child = await anyDb(ctx.db).selectFrom(def.table).select('id').where('parent_id', 'in', ids).where('id', 'not in', ids).executeTakeFirst();
      if (child) throw new ApiError(400, `该${label}下还有下级${label}，请先删除下级${label}`);
    },
  };
}

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  const district = treeHooks(districtResource, '区划');
  mountResource(app, districtResource, {
    ...district,
    async beforeDelete(ctx, ids) {
      await district.beforeDelete?.(ctx, ids);
      const organ = await anyDb(ctx.db).selectFrom('base_organ').select('id').where('district_id', 'in', ids).executeTakeFirst();
      const sub = await anyDb(ctx.db).selectFrom('base_sub_company').select('id').where('district_id', 'in', ids).executeTakeFirst();
      if (organ || sub) throw new ApiError(400, '该区划已被机构或分公司使用，不能删除');
    },
  });
  const organ = treeHooks(organResource, '机构');
  mountResource(app, organResource, {
    ...organ,
    async beforeDelete(ctx, ids) {
      await organ.beforeDelete?.(ctx, ids);
      const sub = await anyDb(ctx.db).selectFrom('base_sub_company').select('id').where('organ_id', 'in', ids).executeTakeFirst();
      if (sub) throw new ApiError(400, '该机构下还有分公司，不能删除');
    },
  });
  // sub companies and staff files: plain declarations (their relations are declared refs)
  mountResource(app, subCompanyResource);
  // the user's name is the declared ref's label (user_name); the list also shows the account
  mountResource(app, userDetailResource, { extendPage: withLoginId('base_user_detail') });
}

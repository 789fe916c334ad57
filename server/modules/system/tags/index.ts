import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { tagGroupResource, tagResource, userTagResource } from '../../../../src/contract/resources/system';
import type { AppDeps, AppEnv } from '../../../lib/context';
import type { Database, DeclaredTable } from '../../../db/schema';
import { ApiError, notFound, ok } from '../../../lib/http';
import { check, readJson } from '../../../lib/validate';
import { mountResource, type AnySelect } from '../../../lib/resource-routes';
import { inScope, requireInScope, type ScopeTarget } from '../../../lib/scope';

const STUDENTS: ScopeTarget = { table: 'student', scoped: true, softDelete: true };
import { postRead } from '../../../lib/tx';

/** Tag groups, tags, and tags put on students (user tags, scoped to the student's campus). */
export type TagGroupTable = DeclaredTable<typeof tagGroupResource>;
export type TagTable = DeclaredTable<typeof tagResource>;
export type UserTagTable = DeclaredTable<typeof userTagResource>;

declare module '../../../db/schema' {
  interface Database {
    sys_tag_group: TagGroupTable;
    sys_tag: TagTable;
    sys_user_tag: UserTagTable;
  }
}

const idBody = z.object({ id: z.coerce.number({ error: 'id 必须是数字' }).int('id 必须是整数').positive('id 必须是正整数') });

async function groupOf(db: Kysely<Database>, id: number): Promise<TagGroupRow | undefined> {
  return db.selectFrom('sys_tag_group').selectAll().where('id', '=', id).executeTakeFirst();
}
type TagGroupRow = { id: number } & Omit<TagGroupTable, 'id'>;

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  mountResource(app, tagGroupResource, {
    async beforeDelete(ctx, ids) {
      const tag = await ctx.db.selectFrom('sys_tag').select('id').where('group_id', 'in', ids).executeTakeFirst();
      if (tag) throw new ApiError(400, '该标签组下还有标签，请先删除标签');
    },
  });

  mountResource(app, tagResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      const groupId = Number(row.group_id ?? existing?.group_id);
      if (row.name !== undefined) {
        let q = ctx.db.selectFrom('sys_tag').select('id').where('group_id', '=', groupId).where('name', '=', String(row.name));
        if (existing) q = q.where('id', '!=', existing.id);
        if (await q.executeTakeFirst()) throw new ApiError(409, '同一标签组内标签名称已存在');
      }
    },
    async beforeDelete(ctx, ids) {
      const used = await ctx.db.selectFrom('sys_user_tag').select('id').where('tag_id', 'in', ids).executeTakeFirst();
      if (used) throw new ApiError(400, '标签已被学员使用，不能删除');
    },
  });

  mountResource(app, userTagResource, {
    async beforeWrite(ctx, row) {
      // the student must exist in the caller's campuses (another campus's answers as missing);
      // the tag belongs to the student's campus
      const stuId = Number(row.stu_id);
      await requireInScope(ctx.db, ctx.principal, STUDENTS, stuId, '学员');
      const student = await ctx.db.selectFrom('student').select('school_id').where('id', '=', stuId).executeTakeFirstOrThrow();
      row.school_id = student.school_id;
      const tag = await ctx.db
        .selectFrom('sys_tag')
        .innerJoin('sys_tag_group', 'sys_tag_group.id', 'sys_tag.group_id')
        .select(['sys_tag.id', 'sys_tag.group_id', 'sys_tag_group.multiple'])
        .where('sys_tag.id', '=', Number(row.tag_id))
        .executeTakeFirst();
      if (!tag) throw new ApiError(400, '标签不存在');
      const same = await ctx.db.selectFrom('sys_user_tag').select('id').where('stu_id', '=', stuId).where('tag_id', '=', tag.id).executeTakeFirst();
      if (same) throw new ApiError(409, '学员已有该标签');
      if (tag.multiple === 0) {
        // a single-choice group: the new tag replaces the student's other tag of the group
        const others = await ctx.db
          .selectFrom('sys_user_tag')
          .innerJoin('sys_tag', 'sys_tag.id', 'sys_user_tag.tag_id')
          .select(['sys_user_tag.id', 'sys_user_tag.school_id'])
          .where('sys_user_tag.stu_id', '=', stuId)
          .where('sys_tag.group_id', '=', tag.group_id)
          .execute();
        const mine = others.filter((o) => inScope(ctx.principal, o.school_id)).map((o) => o.id);
        if (mine.length) await ctx.db.deleteFrom('sys_user_tag').where('id', 'in', mine).execute();
      }
    },
    extendPage(qb: AnySelect): AnySelect {
      return qb
        .leftJoin('sys_tag', 'sys_tag.id', 'sys_user_tag.tag_id')
        .leftJoin('sys_tag_group', 'sys_tag_group.id', 'sys_tag.group_id')
        .select([
          // the tag's name and colour are the declared ref's labels (tag_name, tag_color)
          sql.ref<number>('sys_tag.group_id').as('group_id'),
          sql.ref<string>('sys_tag_group.name').as('group_name'),
        ]) as unknown as AnySelect;
    },
  });

  // POST {id}: the group with its tags.
  postRead(app, '/api/v1/system/get_tag_group', async (c) => {
    const { id } = check(idBody, await readJson(c));
    const group = await groupOf(c.var.db, id);
    if (!group) throw notFound();
    const tags = await c.var.db.selectFrom('sys_tag').selectAll().where('group_id', '=', id).orderBy('order_num').orderBy('id').execute();
    return ok(c, { ...group, tags });
  });

  postRead(app, '/api/v1/system/get_tag', async (c) => {
    const { id } = check(idBody, await readJson(c));
    const tag = await c.var.db
      .selectFrom('sys_tag')
      .leftJoin('sys_tag_group', 'sys_tag_group.id', 'sys_tag.group_id')
      .selectAll('sys_tag')
      .select('sys_tag_group.name as group_name')
      .where('sys_tag.id', '=', id)
      .executeTakeFirst();
    if (!tag) throw notFound();
    return ok(c, tag);
  });
}

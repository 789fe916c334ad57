import type { Hono } from 'hono';
import { sql } from 'kysely';
import { organSchoolResource } from '../../../src/contract/resources/base-school';
import { organSchoolBaseCall, organSchoolLogsCall, organSchoolOptionsCall, organSchoolTreesCall, type SchoolLog } from '../../../src/contract/base-school';
import type { TreeNode } from '../../../src/contract/menu';
import type { AppEnv } from '../../lib/context';
import type { DeclaredTable } from '../../db/schema';
import { ApiError, notFound } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { mountResource, type AnySelect, type ResourceCtx, type Row } from '../../lib/resource-routes';
import { likeInsensitive, likePattern } from '../../db/dialect';
import { reachableOrgIds } from '../../lib/scope';
import { nestTree } from '../../lib/resource-tree';
import '../../db/core-schema';

declare module '../../db/schema' {
  interface Database {
    base_organ_school: DeclaredTable<typeof organSchoolResource, 'state'>;
  }
}

/** A campus file belongs to a campus organisation (kind `school`) and each campus has one file. */
async function checkFileCampus(ctx: ResourceCtx, row: Record<string, unknown>, mode: 'add' | 'update', existing?: Row): Promise<void> {
  if (mode === 'update') {
    if (existing && row.school_id !== undefined && Number(row.school_id) !== Number(existing.school_id)) throw new ApiError(400, '校区档案所属的校区不能更改');
    return;
  }
  const schoolId = Number(row.school_id);
  const org = await ctx.db.selectFrom('organisations').select(['kind']).where('id', '=', schoolId).where('del_flag', '=', 0).executeTakeFirst();
  if (!org || org.kind !== 'school') throw new ApiError(400, '只能为校区建立校区档案');
  const taken = await ctx.db.selectFrom('base_organ_school').select('id').where('school_id', '=', schoolId).executeTakeFirst();
  if (taken) throw new ApiError(409, '该校区已有校区档案');
}

/** 校区编码设置 sets one campus's code; a code another campus uses is refused (the column is unique). */
async function checkSchoolCode(ctx: ResourceCtx, rows: Row[], value: unknown): Promise<void> {
  if (rows.length !== 1) throw new ApiError(400, '校区编码一次只能设置一个校区');
  const other = await ctx.db.selectFrom('base_organ_school').select('id').where('sch_code', '=', String(value)).where('id', '!=', rows[0].id).executeTakeFirst();
  if (other) throw new ApiError(409, '校区编码已存在');
}

/** The campus's name beside its file, for the list and its export (the file holds codes, not the name). */
function withSchoolName(qb: AnySelect): AnySelect {
  return qb.leftJoin('organisations as file_org', 'file_org.id', 'base_organ_school.school_id').select(sql.ref<string>('file_org.name').as('school_name')) as unknown as AnySelect;
}

export function registerSchools(app: Hono<AppEnv>): void {
  mountResource(app, organSchoolResource, {
    beforeWrite: checkFileCampus,
    extendPage: withSchoolName,
    beforeAction: async (ctx, action, rows, value) => {
      if (action.name === 'update_sch_code') await checkSchoolCode(ctx, rows, value);
    },
  });

  mountCall(app, organSchoolBaseCall, async ({ db, query, inScope }) => {
    if (!inScope(query.school_id)) throw notFound();
    const org = await db
      .selectFrom('organisations as o')
      .leftJoin('organisations as p', 'p.id', 'o.parent_id')
      .select(['o.id', 'o.name', 'o.code', 'o.parent_id', 'p.name as parent_name', 'o.leader', 'o.phone', 'o.address'])
      .where('o.id', '=', query.school_id)
      .where('o.kind', '=', 'school')
      .where('o.del_flag', '=', 0)
      .executeTakeFirst();
    if (!org) throw notFound();
    const file = await db.selectFrom('base_organ_school').select(['id', 'sch_code', 'short_name', 'state', 'open_date']).where('school_id', '=', org.id).executeTakeFirst();
    const rooms = await db
      .selectFrom('base_otm_classroom')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', org.id)
      .where('del_flag', '=', 0)
      .where('state', '=', 1)
      .executeTakeFirst();
    return {
      school_id: org.id,
      name: org.name,
      code: org.code,
      parent_id: org.parent_id,
      parent_name: org.parent_name,
      leader: org.leader,
      phone: org.phone,
      address: org.address,
      file_id: file?.id ?? null,
      sch_code: file?.sch_code ?? null,
      short_name: file?.short_name ?? null,
      state: file?.state ?? null,
      open_date: file?.open_date ?? null,
      classrooms: Number(rooms?.n ?? 0),
    };
  });

  // The audit log's entries of one campus file (server/lib/audit.ts writes them with every write).
  mountCall(app, organSchoolLogsCall, async ({ db, query, whereInScope }) => {
    const file = await whereInScope(db.selectFrom('base_organ_school').select('id').where('id', '=', query.id), 'school_id').executeTakeFirst();
    if (!file) throw notFound();
    const base = db.selectFrom('audit_log').where('table_name', '=', 'base_organ_school').where('record_ids', 'like', `%,${file.id},%`);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .select(['id', 'at', 'user_name', 'title', 'call', 'changes'])
      .orderBy('id', 'desc')
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute();
    const content: SchoolLog[] = rows.map((r) => ({ id: r.id, at: r.at ?? '', user_name: r.user_name ?? '', title: r.title ?? '', call: r.call ?? '', changes: r.changes ?? '[]' }));
    return { content, totalSize: Number(total?.n ?? 0) };
  });

  // The caller's campuses that have a file, for selects (value: the campus id).
  mountCall(app, organSchoolOptionsCall, async ({ db, query, whereInScope }) => {
    let q = db
      .selectFrom('base_organ_school as f')
      .innerJoin('organisations as o', 'o.id', 'f.school_id')
      .select(['o.id', 'o.name', 'f.sch_code'])
      .where('o.del_flag', '=', 0);
    if (query.state !== undefined) q = q.where('f.state', '=', query.state);
    if (query.name) q = q.where(likeInsensitive(sql.ref('o.name'), likePattern(query.name)));
    const rows = await whereInScope(q, 'f.school_id').orderBy('o.order_num').orderBy('o.id').limit(1000).execute();
    return rows.map((r) => ({ value: r.id, text: r.name, sch_code: r.sch_code }));
  });

  // Head office → cities → campuses, cut to the organisations above and at the caller's campuses.
  mountCall(app, organSchoolTreesCall, async ({ db, principal }) => {
    const reach = await reachableOrgIds(db, principal);
    let q = db.selectFrom('organisations').select(['id', 'parent_id', 'name', 'kind']).where('del_flag', '=', 0).where('kind', 'in', ['head', 'city', 'school']);
    if (reach !== undefined) q = q.where('id', 'in', reach.size ? [...reach] : [-1]);
    const rows = await q.orderBy('order_num').orderBy('id').execute();
    return nestTree<(typeof rows)[number], { kind: string }>(
      rows,
      (r) => r.id,
      (r) => r.parent_id,
      (r): TreeNode<{ kind: string }> & { nodes: TreeNode<{ kind: string }>[] } => ({ id: r.id, text: r.name, parent: r.parent_id, tag: { kind: r.kind }, nodes: [] }),
    );
  });
}

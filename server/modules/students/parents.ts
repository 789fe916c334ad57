import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import type { ResourceCtx, ResourceHooks, Row } from '../../lib/resource-routes';
import { studentSchool } from './student-rules';
import './schema';
import '../classes';

type Db = Kysely<Database>;

/**
 * Parents: one person with several children is one stu_parent row linked to each child
 * (stu_parent_student). The student row keeps its primary contact's name, relation and phone
 * (parent_name, parent_relation, parent_phone) for the lists and the phone search; these writes
 * keep both sides in step.
 */

async function link(db: Db, userId: number, schoolId: number, studentId: number, parentId: number, primary: boolean): Promise<void> {
  const now = nowText();
  const existing = await db.selectFrom('stu_parent_student').select(['id', 'is_primary']).where('student_id', '=', studentId).where('parent_id', '=', parentId).executeTakeFirst();
  if (primary) await db.updateTable('stu_parent_student').set({ is_primary: 0, updated_at: now, updated_by: userId }).where('student_id', '=', studentId).where('parent_id', '!=', parentId).execute();
  if (existing) {
    if (primary && existing.is_primary !== 1) await db.updateTable('stu_parent_student').set({ is_primary: 1, updated_at: now, updated_by: userId }).where('id', '=', existing.id).execute();
    return;
  }
  const hasPrimary = await db.selectFrom('stu_parent_student').select('id').where('student_id', '=', studentId).where('is_primary', '=', 1).executeTakeFirst();
  await db
    .insertInto('stu_parent_student')
    .values({ school_id: schoolId, student_id: studentId, parent_id: parentId, is_primary: primary || !hasPrimary ? 1 : 0, created_at: now, updated_at: now, created_by: userId, updated_by: userId })
    .execute();
}

/** Copies a student's primary parent onto the student row (or clears it when none is left). */
async function mirrorPrimary(db: Db, studentId: number): Promise<void> {
  const p = await db
    .selectFrom('stu_parent_student as l')
    .innerJoin('stu_parent as p', 'p.id', 'l.parent_id')
    .select(['p.name', 'p.phone', 'p.relation'])
    .where('l.student_id', '=', studentId)
    .where('p.del_flag', '=', 0)
    .orderBy('l.is_primary', 'desc')
    .orderBy('l.id')
    .executeTakeFirst();
  await db
    .updateTable('student')
    .set({ parent_name: p?.name ?? null, parent_phone: p?.phone ?? null, parent_relation: p?.relation ?? null })
    .where('id', '=', studentId)
    .execute();
}

/** The live parent of a campus with this phone, if any. */
export async function parentByPhone(db: Db, schoolId: number, phone: string): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('stu_parent').select(['id', 'name']).where('school_id', '=', schoolId).where('phone', '=', phone).where('del_flag', '=', 0).executeTakeFirst();
}

/**
 * After a student is added or its primary contact edited: the parent with that phone in the
 * student's campus becomes the primary parent (created when there is none: a sibling's parent is
 * reused, not copied).
 */
export async function syncPrimaryParent(ctx: ResourceCtx, student: Row): Promise<void> {
  const phone = student.parent_phone ? String(student.parent_phone) : '';
  if (!phone) return;
  const schoolId = Number(student.school_id);
  const userId = ctx.principal.userId;
  let parent = await parentByPhone(ctx.db, schoolId, phone);
  if (!parent) {
    const now = nowText();
    parent = await ctx.db
      .insertInto('stu_parent')
      .values({
        school_id: schoolId,
        name: String(student.parent_name ?? '').trim() || `${String(student.name)}家长`,
        relation: Number(student.parent_relation ?? 7),
        phone,
        student_id: student.id,
        is_primary: 1,
        occupation: null,
        wechat: null,
        remark: null,
        del_flag: 0,
        created_at: now,
        updated_at: now,
        created_by: userId,
        updated_by: userId,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
  }
  await link(ctx.db, userId, schoolId, student.id, parent.id, true);
  await mirrorPrimary(ctx.db, student.id);
}

/** Children (id, name) of parents, for a page of parents. */
async function childrenOf(db: Db, parentIds: readonly number[]): Promise<Map<number, { id: number; name: string; is_primary: number }[]>> {
  const out = new Map<number, { id: number; name: string; is_primary: number }[]>();
  if (parentIds.length === 0) return out;
  const rows = await db
    .selectFrom('stu_parent_student as l')
    .innerJoin('student as s', 's.id', 'l.student_id')
    .select(['l.parent_id', 's.id', 's.name', 'l.is_primary'])
    .where('l.parent_id', 'in', [...parentIds])
    .where('s.del_flag', '=', 0)
    .orderBy('s.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.parent_id) ?? [];
    list.push({ id: r.id, name: r.name, is_primary: r.is_primary });
    out.set(r.parent_id, list);
  }
  return out;
}

export const parentHooks: ResourceHooks = {
  schoolOf: (ctx, row) => studentSchool(ctx, row),
  async beforeWrite(ctx, row, mode, existing) {
    // the parent belongs to the campus of the child it is added with
    const studentId = Number(row.student_id ?? existing?.student_id);
    const student = await ctx.db.selectFrom('student').select(['school_id']).where('id', '=', studentId).executeTakeFirstOrThrow();
    const schoolId = mode === 'add' ? student.school_id : Number(existing?.school_id);
    if (mode === 'update' && student.school_id !== schoolId) throw new ApiError(409, '家长只能关联本校区的学员');
    row.school_id = schoolId;
    if (row.phone !== undefined) {
      const same = await parentByPhone(ctx.db, schoolId, String(row.phone));
      if (same && same.id !== existing?.id) throw new ApiError(409, `该手机号的家长已存在（${same.name}），请编辑该家长并选择学员以关联`);
    }
  },
  async afterWrite(ctx, row) {
    await link(ctx.db, ctx.principal.userId, Number(row.school_id), Number(row.student_id), row.id, Number(row.is_primary) === 1);
    const children = await ctx.db.selectFrom('stu_parent_student').select('student_id').where('parent_id', '=', row.id).execute();
    for (const ch of children) await mirrorPrimary(ctx.db, ch.student_id);
  },
  async beforeDelete(ctx, ids) {
    const children = await ctx.db.selectFrom('stu_parent_student').select('student_id').where('parent_id', 'in', ids).execute();
    await ctx.db.deleteFrom('stu_parent_student').where('parent_id', 'in', ids).execute();
    // the delete runs after this hook: mirror from the parents that remain
    await ctx.db.updateTable('stu_parent').set({ del_flag: 1 }).where('id', 'in', ids).execute();
    for (const ch of new Set(children.map((c) => c.student_id))) await mirrorPrimary(ctx.db, ch);
  },
  extendPage(qb, params) {
    const studentId = Number(params.student_id);
    if (!params.student_id) return qb;
    if (!Number.isSafeInteger(studentId) || studentId <= 0) throw new ApiError(400, '学员必须是数字');
    return qb.where(sql<SqlBool>`stu_parent.id in (select parent_id from stu_parent_student where student_id = ${studentId})`);
  },
  async mapRow(row, ctx) {
    const kids = (await childrenOf(ctx.db, [row.id])).get(row.id) ?? [];
    const asked = Number(ctx.c.req.query('student_id'));
    const mine = kids.find((k) => k.id === asked);
    return { ...row, children: kids.map((k) => k.name).join('、'), child_ids: kids.map((k) => k.id), ...(mine ? { is_primary: mine.is_primary } : {}) };
  },
};

/**
 * A parent's phone changed (an approved 学员手机号变更): the parent record and the mirrored contact
 * of each of their children. Refused when another parent of the campus has that phone.
 */
export async function changeParentPhone(db: Db, userId: number, parentId: number, phone: string): Promise<void> {
  const parent = await db.selectFrom('stu_parent').select(['school_id']).where('id', '=', parentId).executeTakeFirstOrThrow();
  const same = await parentByPhone(db, parent.school_id, phone);
  if (same && same.id !== parentId) throw new ApiError(409, `该手机号的家长已存在（${same.name}），请核对后重新申请`);
  await db.updateTable('stu_parent').set({ phone, updated_at: nowText(), updated_by: userId }).where('id', '=', parentId).execute();
  const children = await db.selectFrom('stu_parent_student').select('student_id').where('parent_id', '=', parentId).execute();
  for (const ch of children) await mirrorPrimary(db, ch.student_id);
}

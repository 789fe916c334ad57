import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { dialectOf } from '../../../db/dialect';
import { ApiError } from '../../../lib/http';
import { nowText } from '../../../lib/time';
import type { ResourceCtx, ResourceHooks } from '../../../lib/resource-routes';
import { TRIAL_ABSENT, TRIAL_ATTENDED, TRIAL_BOOKED } from '../../../../src/contract/resources/marketing-funnel';
import { resourceInScope } from '../leads';
import { leadFacts } from './leads';
import { stampStage } from './stamp';

/** States that hold a seat of a trial lesson: booked, attended or absent (withdrawn frees it). */
export const SEATED_STATES = [TRIAL_BOOKED, TRIAL_ATTENDED, TRIAL_ABSENT];

/** A record of a lead takes the lead's campus, whatever the body says (the relation checked the lead is in reach). */
async function leadSchool(ctx: ResourceCtx, row: Record<string, unknown>): Promise<number | undefined> {
  const id = Number(row.resource_id);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return (await leadFacts(ctx.db, id))?.school_id;
}

export const inviteVisitHooks: ResourceHooks = {
  schoolOf: leadSchool,
  async beforeWrite(ctx, row, mode, existing) {
    const lead = await resourceInScope(ctx.db, ctx.principal, Number(row.resource_id ?? existing?.resource_id));
    row.school_id = lead.school_id;
    if (mode === 'add' && (row.invited_by === undefined || row.invited_by === null)) row.invited_by = ctx.principal.userId || null;
  },
  async afterWrite(ctx, row, mode) {
    if (mode === 'add') await stampStage(ctx.db, Number(row.resource_id), 'invited', String(row.created_at ?? nowText()));
  },
};

export const studentVisitHooks: ResourceHooks = {
  schoolOf: leadSchool,
  async beforeWrite(ctx, row, mode, existing) {
    const lead = await resourceInScope(ctx.db, ctx.principal, Number(row.resource_id ?? existing?.resource_id));
    row.school_id = lead.school_id;
    if (mode !== 'add') return;
    if (row.receiver_id === undefined || row.receiver_id === null) row.receiver_id = ctx.principal.userId || null;
    // The visit answers the lead's oldest open invitation, which becomes 已到访.
    const invite = await ctx.db
      .selectFrom('mkt_invite_visit')
      .select('id')
      .where('resource_id', '=', lead.id)
      .where('del_flag', '=', 0)
      .where('state', '=', 1)
      .orderBy('visit_time')
      .executeTakeFirst();
    if (invite) {
      row.invite_visit_id = Number(invite.id);
      await ctx.db.updateTable('mkt_invite_visit').set({ state: 2, updated_at: nowText(), updated_by: ctx.principal.userId }).where('id', '=', Number(invite.id)).execute();
    }
  },
  async afterWrite(ctx, row, mode) {
    if (mode === 'add') await stampStage(ctx.db, Number(row.resource_id), 'visited', String(row.visit_time ?? nowText()));
  },
};

/** One booking at a time per trial lesson: PostgreSQL serialises on an advisory lock, SQLite has one writer. */
export async function lockTrialLesson(db: Kysely<Database>, lessonId: number): Promise<void> {
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`mkt_trial_lesson:${lessonId}`}))`.execute(db);
}

/** Seats taken of a lesson, leaving out the bookings being deleted. */
export async function seatsTaken(db: Kysely<Database>, lessonId: number, leaving: readonly number[] = []): Promise<number> {
  let q = db
    .selectFrom('mkt_trial_lesson_student')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('trial_lesson_id', '=', lessonId)
    .where('state', 'in', SEATED_STATES);
  if (leaving.length) q = q.where('id', 'not in', [...leaving]);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Keeps the lesson's 已预约 column equal to its seats taken (shown in the lists). */
export async function recountSeats(db: Kysely<Database>, lessonIds: readonly number[], leaving: readonly number[] = []): Promise<void> {
  for (const id of new Set(lessonIds)) {
    await db.updateTable('mkt_trial_lesson').set({ booked_count: await seatsTaken(db, id, leaving) }).where('id', '=', id).execute();
  }
}

export const trialLessonHooks: ResourceHooks = {
  async beforeWrite(ctx, row, mode, existing) {
    const start = String(row.start_time ?? existing?.start_time ?? '');
    const end = String(row.end_time ?? existing?.end_time ?? '');
    if (start && end && end <= start) throw new ApiError(400, '结束时间必须晚于开始时间');
    if (mode === 'update' && existing && row.capacity !== undefined) {
      const taken = await seatsTaken(ctx.db, existing.id);
      if (Number(row.capacity) < taken) throw new ApiError(409, `已有 ${taken} 人预约，容纳人数不能少于 ${taken}`);
    }
    const classroom = Number(row.classroom_id ?? existing?.classroom_id);
    const school = Number(row.school_id ?? existing?.school_id);
    if (classroom && school) {
      const room = await ctx.db.selectFrom('base_otm_classroom').select('school_id').where('id', '=', classroom).executeTakeFirst();
      if (room && Number(room.school_id) !== school) throw new ApiError(400, '教室不属于试听课的校区');
    }
  },
  async beforeDelete(ctx, ids) {
    const used = await ctx.db
      .selectFrom('mkt_trial_lesson_student')
      .select('trial_lesson_id')
      .where('trial_lesson_id', 'in', ids)
      .where('state', 'in', SEATED_STATES)
      .executeTakeFirst();
    if (used) throw new ApiError(409, '该试听课已有学员预约，不能删除，请先退出试听学员');
  },
};

async function lessonOf(db: Kysely<Database>, id: number): Promise<{ id: number; school_id: number; capacity: number; state: number } | undefined> {
  const row = await db.selectFrom('mkt_trial_lesson').select(['id', 'school_id', 'capacity', 'state']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  return row ? { id: Number(row.id), school_id: Number(row.school_id), capacity: Number(row.capacity), state: Number(row.state) } : undefined;
}

export const trialStudentHooks: ResourceHooks = {
  async schoolOf(ctx, row) {
    const id = Number(row.trial_lesson_id);
    return Number.isInteger(id) && id > 0 ? (await lessonOf(ctx.db, id))?.school_id : undefined;
  },
  async beforeWrite(ctx, row, mode, existing) {
    if (mode === 'update') {
      if (row.trial_lesson_id !== undefined && Number(row.trial_lesson_id) !== Number(existing?.trial_lesson_id)) throw new ApiError(400, '不能更换试听课，请退出后重新预约');
      if (row.resource_id !== undefined && Number(row.resource_id) !== Number(existing?.resource_id)) throw new ApiError(400, '不能更换学员，请退出后重新预约');
      row.school_id = existing?.school_id;
      return;
    }
    const lessonId = Number(row.trial_lesson_id);
    await lockTrialLesson(ctx.db, lessonId);
    const lesson = await lessonOf(ctx.db, lessonId);
    if (!lesson) throw new ApiError(404, '试听课不存在或无权访问');
    if (lesson.state !== 1) throw new ApiError(409, '该试听课已上课或已取消，不能预约');
    const lead = await resourceInScope(ctx.db, ctx.principal, Number(row.resource_id));
    if (lead.school_id !== lesson.school_id) throw new ApiError(400, '学员与试听课不在同一校区');
    const booked = await ctx.db
      .selectFrom('mkt_trial_lesson_student')
      .select('id')
      .where('trial_lesson_id', '=', lessonId)
      .where('resource_id', '=', lead.id)
      .where('state', 'in', SEATED_STATES)
      .executeTakeFirst();
    if (booked) throw new ApiError(409, `${lead.name}已预约该试听课`);
    const taken = await seatsTaken(ctx.db, lessonId);
    if (taken >= lesson.capacity) throw new ApiError(409, `试听课已满（容纳 ${lesson.capacity} 人），不能再预约`);
    row.school_id = lesson.school_id;
    row.state = TRIAL_BOOKED;
    if (row.seller_id === undefined || row.seller_id === null) row.seller_id = lead.seller_id ?? null;
  },
  async afterWrite(ctx, row) {
    await recountSeats(ctx.db, [Number(row.trial_lesson_id)]);
  },
  async beforeDelete(ctx, ids) {
    const rows = await ctx.db.selectFrom('mkt_trial_lesson_student').select('trial_lesson_id').where('id', 'in', ids).execute();
    await recountSeats(
      ctx.db,
      rows.map((r) => Number(r.trial_lesson_id)),
      ids,
    );
  },
};

/** 网络明细 filtered by a node of get_quao_tree: `p<platform>` or `p<platform>:<account>`. */
export const networkDetailHooks: ResourceHooks = {
  extendPage(qb, query) {
    const node = /^p(\d+)(?::(.+))?$/.exec(query.quao ?? '');
    if (!node) return qb;
    let out = qb.where(sql.ref('mkt_network_detail.platform'), '=', Number(node[1]));
    if (node[2] !== undefined) out = out.where(sql.ref('mkt_network_detail.account'), '=', node[2]);
    return out;
  },
  plannable: (query) => !query.quao,
};

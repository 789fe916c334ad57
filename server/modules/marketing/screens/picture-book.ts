import type { ResourceHooks } from '../../../lib/resource-routes';
import { ApiError } from '../../../lib/http';
import { inScope } from '../../../lib/scope';
import { ownsOrMayClaim, resourceInScope, type LeadRow } from '../leads';
import './schema';

/** States in which a child takes a seat of the picture-book course (在读). */
const READING = 1;

/**
 * 绘本学员: a child names a lead the caller may see and takes its campus; the lessons taken never
 * exceed the course's; a lead is in the course at most once while reading (在读).
 */
export const pictureBookHooks: ResourceHooks = {
  async schoolOf(ctx, row) {
    const id = Number(row.resource_id);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const lead = await ctx.db.selectFrom('mkt_resource').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    return lead && inScope(ctx.principal, lead.school_id) && ownsOrMayClaim(ctx.principal, lead as LeadRow) ? lead.school_id : undefined;
  },
  async beforeWrite(ctx, row, _mode, existing) {
    const lead = await resourceInScope(ctx.db, ctx.principal, Number(row.resource_id ?? existing?.resource_id));
    row.school_id = lead.school_id;
    const total = Number(row.lesson_total ?? existing?.lesson_total ?? 0);
    const done = Number(row.lesson_done ?? existing?.lesson_done ?? 0);
    if (done > total) throw new ApiError(400, `已上课次（${done}）不能大于总课次（${total}）`);
    const state = Number(row.state ?? existing?.state ?? READING);
    if (state !== READING) return;
    let other = ctx.db
      .selectFrom('mkt_picture_book_student')
      .select('id')
      .where('resource_id', '=', lead.id)
      .where('del_flag', '=', 0)
      .where('state', '=', READING);
    if (existing) other = other.where('id', '!=', Number(existing.id));
    if (await other.executeTakeFirst()) throw new ApiError(409, `${lead.name}已在绘本课在读，请直接编辑`);
  },
};

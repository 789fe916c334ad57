import type { ResourceHooks } from '../../lib/resource-routes';
import { inScope } from '../../lib/scope';
import { ApiError } from '../../lib/http';

/**
 * Records of the orders area hanging on a student (gifts, excused lessons): they take the student's
 * campus whatever the body says, and a student outside the caller's campuses answers as missing.
 */
export const onStudent: ResourceHooks = {
  async schoolOf(ctx, row) {
    const id = Number(row.student_id);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const student = await ctx.db.selectFrom('student').select('school_id').where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    // missing and out of reach answer alike (DESIGN §8)
    if (!student || !inScope(ctx.principal, student.school_id)) throw new ApiError(404, '学员不存在或无权访问');
    return student.school_id;
  },
  async beforeWrite(ctx, row, _mode, existing) {
    const id = Number(row.student_id ?? existing?.student_id);
    const student = await ctx.db.selectFrom('student').select('school_id').where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    if (!student || !inScope(ctx.principal, student.school_id)) throw new ApiError(404, '学员不存在或无权访问');
    row.school_id = student.school_id;
  },
};

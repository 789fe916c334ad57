import { sql } from 'kysely';
import type { ResourceHooks } from '../../../lib/resource-routes';
import { notFound } from '../../../lib/http';
import { REFERRAL_RELATIONS, REFERRAL_SOURCE } from '../../../../src/contract/resources/marketing-screens';
import { studentInScope } from '../../students';
import { addLead } from '../add-leads';
import { ownPool, refuseDuplicate } from '../lead-hooks';
import { ownershipSql, seesAllLeads } from '../leads';
import './schema';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * 老学员添加学员: the referral makes its lead (source 转介绍) in the referring student's campus, held
 * as any lead the caller enters (ownPool), the phone checked as on 新增资源; the referral keeps the
 * lead's id. Without the right to all leads one sees the referrals one entered and those whose lead
 * one holds (or may claim).
 */
export const referralHooks: ResourceHooks = {
  async schoolOf(ctx, row) {
    const id = Number(row.student_id);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return (await studentInScope(ctx.db, ctx.principal, id)).school_id;
  },
  async beforeWrite(ctx, row, mode) {
    if (mode !== 'add') return;
    const student = await studentInScope(ctx.db, ctx.principal, Number(row.student_id));
    row.school_id = student.school_id;
    const phone = String(row.parent_phone);
    await refuseDuplicate(ctx, student.school_id, phone);
    const relation = REFERRAL_RELATIONS.find((r) => r.value === Number(row.relation))?.text ?? '';
    const note = text(row.remark);
    row.resource_id = await addLead(
      ctx.db,
      ctx.principal.userId,
      {
        school_id: student.school_id,
        name: String(row.name),
        parent_name: text(row.parent_name),
        parent_phone: phone,
        gender: num(row.gender),
        grade: num(row.grade),
        address: null,
        remark: `老学员${student.name}转介绍（${relation}）${note ? `：${note}` : ''}`,
        source: REFERRAL_SOURCE,
      },
      '老学员转介绍',
      { ...ownPool(ctx.principal), name: ctx.principal.name },
    );
  },
  plannable: () => false,
  extendPage(qb, _query, ctx) {
    if (seesAllLeads(ctx.principal)) return qb;
    const mine = ctx.db.selectFrom('mkt_resource').select('id').where(ownershipSql(ctx.principal));
    return qb.where((eb) => eb.or([eb(sql.ref('mkt_stu_referral.created_by'), '=', ctx.principal.userId), eb(sql.ref('mkt_stu_referral.resource_id'), 'in', mine as never)]));
  },
  async mapRow(row, ctx) {
    if (seesAllLeads(ctx.principal) || Number(row.created_by) === ctx.principal.userId) return row;
    const lead = await ctx.db.selectFrom('mkt_resource').select('id').where('id', '=', Number(row.resource_id)).where(ownershipSql(ctx.principal)).executeTakeFirst();
    if (!lead) throw notFound();
    return row;
  },
};

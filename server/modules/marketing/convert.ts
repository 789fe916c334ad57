import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { toStuLoadSchoolCall, yeepayCall } from '../../../src/contract/marketing';
import { createStudent } from '../students';
import { recordMove, resourceInScope } from './leads';
import { POOL } from '../../../src/contract/resources/marketing';
import './schema';

/** to_stu_load_school (a lead becomes a student of its campus) and yeepay (a card payment request). */
export function registerConvert(app: Hono<AppEnv>): void {
  mountCall(app, toStuLoadSchoolCall, async ({ c, db, principal, body }) => {
    const lead = await resourceInScope(db, principal, body.id);
    if (lead.student_id !== null) throw new ApiError(409, `资源${lead.name}已转为学员，无需重复转换`);
    if (lead.pool === POOL.invalid) throw new ApiError(409, `资源${lead.name}已无效，请先激活`);
    const student = await createStudent(c, {
      name: lead.name,
      gender: lead.gender,
      birthday: lead.birthday,
      grade: lead.grade,
      phone: lead.phone,
      parent_name: lead.parent_name,
      parent_phone: lead.parent_phone,
      source: lead.source,
      state: 5,
      seller_id: lead.seller_id,
      tmk_id: lead.tmk_id,
      attend_school: lead.attend_school,
      school_id: lead.school_id,
    });
    const now = nowText();
    await db.updateTable('mkt_resource').set({ student_id: student.id, updated_at: now, updated_by: principal.userId }).where('id', '=', lead.id).execute();
    await recordMove(db, principal.userId, lead, { action: '转为学员', to_pool: lead.pool, to_owner: lead.seller_id ?? lead.tmk_id, reason: `学员编号${student.id}` });
    return { id: lead.id, student_id: student.id };
  });

  // No payment gateway is reachable here: the request is numbered and put on the lead's timeline;
  // the orders area books the money when the gateway confirms it.
  mountCall(app, yeepayCall, async ({ db, principal, body }) => {
    const lead = await resourceInScope(db, principal, body.id);
    const requestNo = `YP${nowText().replace(/\D/g, '')}${randomUUID().slice(0, 6).toUpperCase()}`;
    await recordMove(db, principal.userId, lead, { action: '刷卡支付', to_pool: lead.pool, to_owner: lead.seller_id ?? lead.tmk_id, reason: `支付单${requestNo}，金额${(body.amount / 100).toFixed(2)}元${body.remark ? `，${body.remark}` : ''}` });
    return { id: lead.id, request_no: requestNo };
  });
}

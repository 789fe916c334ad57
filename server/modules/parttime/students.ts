import { sql } from 'kysely';
import { listOrder } from '../../lib/list-order';
import type { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError, notFound } from '../../lib/http';
import { nowText } from '../../lib/time';
import { keptOrRefused, maskFor } from '../../lib/mask';
import { whereInScope } from '../../lib/scope';
import { likeInsensitive, likePattern } from '../../db/dialect';
import { addLead, knownLeadPhones } from '../marketing';
import { acquirerStudentAddMktCall, acquirerStudentPageCall, acquirerStudentRepeatCall, acquirerStudentUpdateCall, type AcquirerStudentRow, type AddMktAnswer } from '../../../src/contract/parttime';
import { offsetOf } from './paging';
import './schema';

/** STUDENT_SOURCES: 地推 */
const SOURCE_ACQUIRER = 1;

export function registerStudents(app: Hono<AppEnv>): void {
  mountCall(app, acquirerStudentPageCall, async ({ db, principal, query }) => {
    let q = whereInScope(
      db
        .selectFrom('pt_acquirer_student as s')
        .leftJoin('organisations as o', 'o.id', 's.school_id')
        .leftJoin('pt_part_time_user as p', 'p.id', 's.part_time_user_id')
        .select(['s.id', 's.school_id', 'o.name as school_name', 's.part_time_user_id', 'p.name as part_time_user_name', 's.name', 's.parent_name', 's.parent_phone', 's.gender', 's.grade', 's.address', 's.remark', 's.state', 's.resource_id', 's.collected_at']),
      's.school_id',
      principal,
    );
    if (query.name) q = q.where(likeInsensitive('s.name', likePattern(query.name)));
    if (query.parent_phone) q = q.where('s.parent_phone', 'like', `%${query.parent_phone}%`);
    if (query.state !== undefined) q = q.where('s.state', '=', query.state);
    if (query.part_time_user_id !== undefined) q = q.where('s.part_time_user_id', '=', query.part_time_user_id);
    if (query.school_id !== undefined) q = q.where('s.school_id', '=', query.school_id);
    if (query.start_date) q = q.where('s.collected_at', '>=', `${query.start_date} 00:00:00`);
    if (query.end_date) q = q.where('s.collected_at', '<=', `${query.end_date} 23:59:59`);
    const total = await q.clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    let sorted = q;
    for (const [ref, dir] of listOrder(query.sort, { id: 's.id', name: 's.name', state: 's.state', school_id: 's.school_id', collected_at: 's.collected_at' }, [['s.collected_at', 'desc'], ['s.id', 'desc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
    const rows: AcquirerStudentRow[] = await sorted.limit(query.rows).offset(offsetOf(query)).execute();
    return { content: rows.map((r) => ({ ...r, parent_phone: maskFor(principal, 'phone', r.parent_phone) ?? '' })), totalSize: Number(total.n) };
  });

  // Whether a phone is known already: the campus leads and the acquirer students the caller reaches.
  mountCall(app, acquirerStudentRepeatCall, async ({ db, principal, query }) => {
    let phone = query.phone;
    if (query.id !== undefined) {
      const own = await whereInScope(db.selectFrom('pt_acquirer_student').select(['parent_phone']).where('id', '=', query.id), 'school_id', principal).executeTakeFirst();
      if (!own) throw notFound();
      phone = own.parent_phone;
    }
    if (!phone) throw new ApiError(400, '请输入联系电话');
    const leads = await whereInScope(
      db
        .selectFrom('mkt_resource as r')
        .leftJoin('organisations as o', 'o.id', 'r.school_id')
        .select(['r.id', 'r.name', 'o.name as school_name', 'r.pool', 'r.created_at'])
        .where('r.parent_phone', '=', phone)
        .where('r.del_flag', '=', 0),
      'r.school_id',
      principal,
    )
      .orderBy('r.id', 'desc')
      .limit(50)
      .execute();
    let others = whereInScope(
      db
        .selectFrom('pt_acquirer_student as s')
        .leftJoin('pt_part_time_user as p', 'p.id', 's.part_time_user_id')
        .select(['s.id', 's.name', 'p.name as part_time_user_name', 's.state', 's.collected_at'])
        .where('s.parent_phone', '=', phone),
      's.school_id',
      principal,
    );
    if (query.id !== undefined) others = others.where('s.id', '!=', query.id);
    const acquirer = await others.orderBy('s.id', 'desc').limit(50).execute();
    return { repeat: leads.length > 0 || acquirer.length > 0, leads, acquirer_students: acquirer };
  });

  mountCall(app, acquirerStudentUpdateCall, async ({ db, principal, body }) => {
    const existing = await whereInScope(db.selectFrom('pt_acquirer_student').selectAll().where('id', '=', body.id), 'school_id', principal).executeTakeFirst();
    if (!existing) throw new ApiError(404, '地推资源不存在或无权访问');
    if (existing.state === 2) throw new ApiError(409, '该地推资源已转入市场，请在资源管理中修改');
    const phone = keptOrRefused('phone', '联系电话', body.parent_phone, existing.parent_phone) ?? existing.parent_phone;
    await db
      .updateTable('pt_acquirer_student')
      .set({
        name: body.name,
        parent_name: body.parent_name ?? null,
        parent_phone: phone,
        gender: body.gender ?? null,
        grade: body.grade ?? null,
        address: body.address ?? null,
        remark: body.remark ?? null,
        // a corrected phone of a 重复 row is looked at again
        state: body.state ?? (existing.state === 3 && phone !== existing.parent_phone ? 1 : existing.state),
        updated_at: nowText(),
        updated_by: principal.userId,
      })
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id };
  });

  // 待处理 rows become leads of their campus (待分配, source 地推) unless the phone is a lead there already.
  mountCall(app, acquirerStudentAddMktCall, async ({ db, principal, body }): Promise<AddMktAnswer> => {
    const ids = [...new Set(body.ids)];
    const rows = await whereInScope(db.selectFrom('pt_acquirer_student').selectAll().where('id', 'in', ids), 'school_id', principal).orderBy('id').execute();
    if (rows.length !== ids.length) throw new ApiError(404, '地推资源不存在或无权访问');
    const out: AddMktAnswer = { added: 0, repeated: 0, skipped: 0, resource_ids: [] };
    const now = nowText();
    const bySchool = new Map<number, typeof rows>();
    for (const r of rows) bySchool.set(r.school_id, [...(bySchool.get(r.school_id) ?? []), r]);
    for (const [schoolId, list] of bySchool) {
      const known = await knownLeadPhones(db, schoolId, [...new Set(list.map((r) => r.parent_phone))]);
      for (const r of list) {
        if (r.state !== 1) {
          out.skipped += 1;
          continue;
        }
        if (known.has(r.parent_phone)) {
          out.repeated += 1;
          await db.updateTable('pt_acquirer_student').set({ state: 3, updated_at: now, updated_by: principal.userId }).where('id', '=', r.id).execute();
          continue;
        }
        const resourceId = await addLead(db, principal.userId, { school_id: schoolId, name: r.name, parent_name: r.parent_name, parent_phone: r.parent_phone, gender: r.gender, grade: r.grade, address: r.address, remark: r.remark, source: SOURCE_ACQUIRER }, '地推转入');
        known.add(r.parent_phone);
        out.added += 1;
        out.resource_ids.push(resourceId);
        await db.updateTable('pt_acquirer_student').set({ state: 2, resource_id: resourceId, updated_at: now, updated_by: principal.userId }).where('id', '=', r.id).execute();
      }
    }
    return out;
  });
}

import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { maskFor } from '../../lib/mask';
import { whereInScope, schoolScope } from '../../lib/scope';
import { writeAudit } from '../../lib/audit';
import { likeInsensitive, likePattern } from '../../db/dialect';
import { checkPhoneRepeatCall, staffOptionsCall, pageCountCall, refundStuCall, sosCall, stuOsCall, timelineCall, ysPhoneCall, type LeadHit, type PhoneOwner, type TimelineEntry } from '../../../src/contract/marketing';
import { CALL_RESULTS, resourceResource } from '../../../src/contract/resources/marketing';
import { applyFilters, applySort, type AnySelect } from '../../lib/resource-routes';
import { ownershipSql, poolText, resourceInScope, samePhone, seesAllLeads } from './leads';
import './schema';

function masked<T extends { parent_phone: string | null }>(p: Principal, row: T): T {
  return { ...row, parent_phone: maskFor(p, 'phone', row.parent_phone) };
}

/** check_phone_repeat, sos, ys_phone, refund_stu, page_count, timeline, stu_os. */
export function registerReads(app: Hono<AppEnv>): void {
  // The same phone anywhere in the caller's campuses, whoever holds it: the answer names them
  // (a telemarketer must know the lead is someone else's before calling), the phone masked.
  mountCall(app, checkPhoneRepeatCall, async ({ db, principal, query, whereInScope: scoped }) => {
    let q = scoped(samePhone(db, query.phone), 'r.school_id');
    if (query.id !== undefined) q = q.where('r.id', '!=', query.id);
    const rows = await q.orderBy('r.id', 'desc').limit(20).execute();
    const owners: PhoneOwner[] = rows.map((r) => ({ ...masked(principal, r as LeadHit), pool_text: poolText(r.pool) }));
    const first = owners[0];
    const holder = first ? (first.tmk_name ?? first.seller_name) : null;
    const msg = first ? `手机号已存在：${first.name}，${first.school_name ?? ''}${poolText(first.pool)}${holder ? `，负责人${holder}` : ''}${owners.length > 1 ? `等${owners.length}条资源` : ''}` : '';
    return { repeat: owners.length > 0, owners, msg };
  });

  mountCall(app, sosCall, async ({ db, principal, query }) => {
    const kw = query.keyword;
    let q = db
      .selectFrom('mkt_resource as r')
      .leftJoin('organisations as o', 'o.id', 'r.school_id')
      .leftJoin('users as tu', 'tu.id', 'r.tmk_id')
      .leftJoin('users as su', 'su.id', 'r.seller_id')
      .select(['r.id', 'r.name', 'r.parent_name', 'r.parent_phone', 'r.school_id', 'o.name as school_name', sql<number>`coalesce(r.pool, 1)`.as('pool'), sql<number>`coalesce(r.stage, 1)`.as('stage'), 'r.tmk_id', 'tu.name as tmk_name', 'r.seller_id', 'su.name as seller_name', 'r.created_at'])
      .where('r.del_flag', '=', 0);
    q = /^\d{11}$/.test(kw) ? q.where((eb) => eb.or([eb('r.parent_phone', '=', kw), eb('r.phone', '=', kw)])) : q.where(likeInsensitive(sql.ref('r.name'), likePattern(kw)));
    q = whereInScope(q, 'r.school_id', principal);
    if (!seesAllLeads(principal)) q = q.where(ownershipSql(principal, 'r'));
    const rows = await q.orderBy('r.id', 'desc').limit(20).execute();
    return rows.map((r) => masked(principal, r as LeadHit));
  });

  // The real number, to those with the right; every look-up is written to the audit log.
  mountCall(app, ysPhoneCall, async ({ c, db, principal, query }) => {
    const lead = await resourceInScope(db, principal, query.id);
    await writeAudit(c.var.db, principal, { area: 'marketing', call: 'mkt_resource/ys_phone', title: '查看完整手机号', table: 'mkt_resource', ids: [lead.id], changes: [{ id: lead.id, before: null, after: { viewed: 'parent_phone' } }] });
    return { id: lead.id, parent_phone: lead.parent_phone, phone: lead.phone };
  });

  // Leads whose student was refunded (学员状态 退费): worth marketing again.
  mountCall(app, refundStuCall, async ({ db, principal, query }) => {
    let q = db
      .selectFrom('mkt_resource as r')
      .innerJoin('student as s', 's.id', 'r.student_id')
      .leftJoin('organisations as o', 'o.id', 'r.school_id')
      .leftJoin('users as tu', 'tu.id', 'r.tmk_id')
      .leftJoin('users as su', 'su.id', 'r.seller_id')
      .where('r.del_flag', '=', 0)
      .where('s.state', '=', 4);
    q = whereInScope(q, 'r.school_id', principal);
    if (!seesAllLeads(principal)) q = q.where(ownershipSql(principal, 'r'));
    const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await q
      .select(['r.id', 'r.name', 'r.parent_name', 'r.parent_phone', 'r.school_id', 'o.name as school_name', sql<number>`coalesce(r.pool, 1)`.as('pool'), sql<number>`coalesce(r.stage, 1)`.as('stage'), 'r.tmk_id', 'tu.name as tmk_name', 'r.seller_id', 'su.name as seller_name', 'r.created_at'])
      .orderBy('r.id', 'desc')
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute();
    return { content: rows.map((r) => masked(principal, r as LeadHit)), totalSize: Number(counted?.n ?? 0) };
  });

  // Counts per pool for the page's filters (the pool filter itself left out: one count per pool).
  mountCall(app, pageCountCall, async ({ db, principal, body }) => {
    const params: Record<string, string> = { ...body };
    delete params.pool;
    let qb = (db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>).selectFrom('mkt_resource').where('mkt_resource.del_flag', '=', 0) as unknown as AnySelect;
    qb = whereInScope(qb, 'mkt_resource.school_id', principal);
    qb = applyFilters(resourceResource, qb, params, schoolScope(principal));
    // the count has no order, but a sort the page would refuse is refused here too (same filters)
    qb = applySort(resourceResource, qb, params.sort).clearOrderBy();
    if (!seesAllLeads(principal)) qb = qb.where(ownershipSql(principal));
    const rows = (await qb
      .clearSelect()
      .select([sql<number>`coalesce(mkt_resource.pool, 1)`.as('pool'), sql<number>`count(*)`.as('n')])
      .groupBy(sql`coalesce(mkt_resource.pool, 1)`)
      .execute()) as unknown as { pool: number; n: number }[];
    const pools: Record<string, number> = {};
    let total = 0;
    for (const r of rows) {
      pools[String(r.pool)] = Number(r.n);
      total += Number(r.n);
    }
    return { total, pools };
  });

  // The lead's timeline: its moves and its follow-up records, newest first.
  mountCall(app, timelineCall, async ({ db, principal, query }) => {
    const lead = await resourceInScope(db, principal, query.id);
    const moves = await db
      .selectFrom('mkt_resource_move as m')
      .leftJoin('users as u', 'u.id', 'm.created_by')
      .leftJoin('users as fu', 'fu.id', 'm.from_owner')
      .leftJoin('users as tu', 'tu.id', 'm.to_owner')
      .select(['m.id', 'm.action', 'm.from_pool', 'm.to_pool', 'm.reason', 'm.created_at', 'u.name as by_name', 'fu.name as from_name', 'tu.name as to_name'])
      .where('m.resource_id', '=', lead.id)
      .execute();
    const records = await db
      .selectFrom('mkt_record as r')
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .select(['r.id', 'r.result', 'r.content', 'r.next_follow_at', 'r.created_at', 'u.name as by_name'])
      .where('r.resource_id', '=', lead.id)
      .execute();
    const out: TimelineEntry[] = [
      ...moves.map((m): TimelineEntry => ({
        id: m.id,
        kind: 'move',
        at: m.created_at,
        by_name: m.by_name,
        text: `${m.action}：${m.from_pool ? poolText(m.from_pool) : '新建'}${m.from_name ? `（${m.from_name}）` : ''} → ${poolText(m.to_pool)}${m.to_name ? `（${m.to_name}）` : ''}${m.reason ? `，原因：${m.reason}` : ''}`,
      })),
      ...records.map((r): TimelineEntry => ({
        id: r.id,
        kind: 'record',
        at: r.created_at,
        by_name: r.by_name,
        text: `跟进（${CALL_RESULTS.find((x) => x.value === r.result)?.text ?? ''}）：${r.content}${r.next_follow_at ? `，下次跟进 ${r.next_follow_at}` : ''}`,
      })),
    ];
    return out.sort((a, b) => String(b.at).localeCompare(String(a.at)) || b.id - a.id);
  });

  // Telemarketers or sellers (by role) working in the caller's campuses, for the distribution dialogs.
  mountCall(app, staffOptionsCall, async ({ db, principal, query }) => {
    const role = query.role === 'tmk' ? 'telemarketer' : 'sales';
    const scope = schoolScope(principal);
    let q = db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select(['u.id', 'u.name'])
      .distinct()
      .where('u.del_flag', '=', 0)
      .where('r.code', '=', role);
    if (scope !== undefined) q = q.where('u.id', 'in', db.selectFrom('user_schools').select('user_id').where('school_id', 'in', scope.length ? [...scope] : [-1]));
    const rows = await q.orderBy('u.id').limit(500).execute();
    return rows.map((r) => ({ value: r.id, text: r.name }));
  });

  mountCall(app, stuOsCall, async ({ db, principal }) => {
    const scope = schoolScope(principal);
    let q = db.selectFrom('organisations').select(['id', 'name']).where('kind', '=', 'school').where('del_flag', '=', 0);
    if (scope !== undefined) q = q.where('id', 'in', scope.length ? [...scope] : [-1]);
    const rows = await q.orderBy('id').execute();
    return rows.map((r) => ({ value: r.id, text: r.name }));
  });
}

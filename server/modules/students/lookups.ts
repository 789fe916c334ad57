import type { Hono } from 'hono';
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import {
  getByPhoneCall,
  myEnteredCall,
  pusherAttacheCall,
  pusherByStudentCall,
  pusherPageCall,
  studentSearchCall,
  studentTagsCall,
  warmUpStudentCall,
  type Pusher,
  type StudentHit,
} from '../../../src/contract/students';
import type { Page } from '../../../src/contract/envelope';
import type { Database } from '../../db/schema';
import { likeInsensitive, likePattern } from '../../db/dialect';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { listOrder } from '../../lib/list-order';
import { inScope, whereInScope } from '../../lib/scope';
import { maskFor } from '../../lib/mask';
import { studentInScope } from './student-rules';
import './schema';
import '../classes';

type Db = Kysely<Database>;
// the joined select every lookup answers StudentHit rows from
type HitQuery = SelectQueryBuilder<Database & { s: Database['student'] }, 's', StudentHit>;

/** Students with the names the lists show (campus, seller, teacher), limited to the caller's campuses. */
function hits(db: Db, principal: Principal): HitQuery {
  const q = db
    .selectFrom('student as s')
    .leftJoin('organisations as o', 'o.id', 's.school_id')
    .leftJoin('users as su', 'su.id', 's.seller_id')
    .leftJoin('users as tu', 'tu.id', 's.teacher_id')
    .select([
      's.id',
      's.name',
      's.gender',
      's.birthday',
      's.school_id',
      'o.name as school_name',
      sql<number>`coalesce(s.state, 1)`.as('state'),
      's.phone',
      's.parent_name',
      's.parent_phone',
      's.seller_id',
      'su.name as seller_name',
      's.teacher_id',
      'tu.name as teacher_name',
      sql<number>`coalesce(s.integral, 0)`.as('integral'),
      's.created_at',
    ])
    .where('s.del_flag', '=', 0);
  return whereInScope(q, 's.school_id', principal) as unknown as HitQuery;
}

/** Phones as this caller may see them (server/lib/mask.ts). */
function masked<T extends { phone?: string | null; parent_phone?: string | null }>(p: Principal, row: T): T {
  return { ...row, phone: maskFor(p, 'phone', row.phone), parent_phone: maskFor(p, 'phone', row.parent_phone) };
}

/** A page's position and order as every list call of this file takes them. */
interface PageAsk {
  page: number;
  rows: number;
  sort?: string;
}

const SORTABLE = { id: 's.id', name: 's.name', created_at: 's.created_at', birthday: 's.birthday', school_id: 's.school_id' } as const;

async function paged<T extends { phone?: string | null; parent_phone?: string | null }>(principal: Principal, q: SelectQueryBuilder<Database & { s: Database['student'] }, 's', T>, ask: PageAsk): Promise<Page<T>> {
  const counted = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  let sorted = q;
  for (const [ref, dir] of listOrder(ask.sort, SORTABLE, [['s.id', 'desc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
  const content = await sorted.limit(ask.rows).offset((ask.page - 1) * ask.rows).execute();
  return { content: content.map((r) => masked(principal, r)), totalSize: Number(counted?.n ?? 0) };
}

function csv(v: string | undefined): number[] {
  return v ? v.split(',').map(Number) : [];
}

function filtered(q: HitQuery, f: { name?: string; parent_phone?: string; state?: string; school_id?: string }): HitQuery {
  let out = q;
  if (f.name) out = out.where(likeInsensitive(sql.ref('s.name'), likePattern(f.name)));
  if (f.parent_phone) out = out.where(likeInsensitive(sql.ref('s.parent_phone'), likePattern(f.parent_phone)));
  if (f.state) out = out.where(sql<number>`coalesce(s.state, 1)`, 'in', csv(f.state));
  if (f.school_id) out = out.where('s.school_id', 'in', csv(f.school_id));
  return out;
}

/** Students whose own phone, primary-contact phone or any parent's phone is `phone` (exact). */
function byPhone(phone: string): ReturnType<typeof sql<SqlBool>> {
  return sql<SqlBool>`(s.phone = ${phone} or s.parent_phone = ${phone} or s.id in (select l.student_id from stu_parent_student l inner join stu_parent p on p.id = l.parent_id where p.phone = ${phone} and p.del_flag = 0))`;
}

export function registerLookups(app: Hono<AppEnv>): void {
  // the tags of a page of students: only those of the caller's campuses answer (scope on the student)
  mountCall(app, studentTagsCall, async ({ db, principal, query }) => {
    const ids = [...new Set(csv(query.ids))];
    const q = db
      .selectFrom('sys_user_tag as ut')
      .innerJoin('sys_tag as t', 't.id', 'ut.tag_id')
      .innerJoin('student as s', 's.id', 'ut.stu_id')
      .select(['ut.stu_id as student_id', 'ut.tag_id', 't.name', 't.color'])
      .where('ut.stu_id', 'in', ids)
      .where('s.del_flag', '=', 0)
      .orderBy('ut.stu_id')
      .orderBy('t.order_num')
      .orderBy('t.id');
    return whereInScope(q, 's.school_id', principal).execute();
  });

  mountCall(app, studentSearchCall, async ({ db, principal, body }) => {
    let q = filtered(hits(db, principal), { state: body.state, school_id: body.school_id });
    const k = body.keyword?.trim();
    if (k) {
      const like = likePattern(k);
      const conds = [likeInsensitive(sql.ref('s.name'), like), likeInsensitive(sql.ref('s.parent_name'), like)];
      if (/^\d{3,11}$/.test(k)) conds.push(sql<SqlBool>`s.phone like ${like}`, sql<SqlBool>`s.parent_phone like ${like}`, sql<SqlBool>`s.id in (select l.student_id from stu_parent_student l inner join stu_parent p on p.id = l.parent_id where p.phone like ${like} and p.del_flag = 0)`);
      if (/^\d{17}[\dXx]$/.test(k)) conds.push(sql<SqlBool>`s.id_card = ${k.toUpperCase()}`);
      q = q.where((eb) => eb.or(conds));
    }
    return paged(principal, q, body);
  });

  mountCall(app, getByPhoneCall, async ({ db, principal, query }) => {
    const phone = query.phone;
    const exact = phone.length === 11;
    const found = await hits(db, principal)
      .where(exact ? byPhone(phone) : sql<SqlBool>`(s.phone like ${`%${phone}`} or s.parent_phone like ${`%${phone}`})`)
      .orderBy('s.id')
      .limit(200)
      .execute();
    if (found.length === 0) return [];
    const parents = await db
      .selectFrom('stu_parent_student as l')
      .innerJoin('stu_parent as p', 'p.id', 'l.parent_id')
      .select(['l.student_id', 'p.id', 'p.name', 'p.relation', 'p.phone', 'l.is_primary'])
      .where('l.student_id', 'in', found.map((f) => f.id))
      .where('p.del_flag', '=', 0)
      .orderBy('l.is_primary', 'desc')
      .execute();
    const relations = ['', '父亲', '母亲', '爷爷', '奶奶', '外公', '外婆', '其他'];
    return found.map((s) => {
      const mine = parents.filter((p) => p.student_id === s.id).map(({ student_id: _s, ...p }) => p);
      const via = mine.find((p) => p.phone.endsWith(phone));
      const shown = mine.map((p) => ({ ...p, phone: maskFor(principal, 'phone', p.phone) ?? '' }));
      return { ...masked(principal, s), parents: shown, matched_by: s.phone?.endsWith(phone) ? '学员电话' : via ? `${relations[via.relation] ?? '家长'}电话` : '家长电话' };
    });
  });

  mountCall(app, myEnteredCall, ({ db, principal, query }) => paged(principal, filtered(hits(db, principal), query).where('s.created_by', '=', principal.userId), query));

  mountCall(app, warmUpStudentCall, async ({ db, principal, query }) => {
    const q = filtered(hits(db, principal), query)
      .innerJoin('stu_class as e', 'e.student_id', 's.id')
      .innerJoin('base_class_manage as c', 'c.id', 'e.class_id')
      .select(['e.class_id', 'c.name as class_name', 'e.join_date'])
      .where('e.is_warm_up', '=', 1)
      .where('e.state', '=', 1);
    return paged(principal, q, query);
  });

  mountCall(app, pusherPageCall, async ({ db, principal, query }) => {
    let q = hits(db, principal)
      .select(sql<number>`(select count(*) from student r where r.pusher_id = s.id and r.del_flag = 0)`.as('referred'))
      .where(sql<SqlBool>`exists (select 1 from student r where r.pusher_id = s.id and r.del_flag = 0)`);
    if (query.name) q = q.where(likeInsensitive(sql.ref('s.name'), likePattern(query.name)));
    const out = await paged(principal, q, query);
    return { totalSize: out.totalSize, content: out.content.map(toPusher) };
  });

  mountCall(app, pusherByStudentCall, async ({ db, principal, query }) => {
    const student = await studentInScope(db, principal, query.stu_id);
    if (!student.pusher_id) return null;
    // the referrer may study at another campus: shown by name and campus, as the student's own data
    const row = await db
      .selectFrom('student as s')
      .leftJoin('organisations as o', 'o.id', 's.school_id')
      .select(['s.id', 's.name', 's.school_id', 'o.name as school_name', 's.parent_name', 's.parent_phone'])
      .where('s.id', '=', Number(student.pusher_id))
      .where('s.del_flag', '=', 0)
      .executeTakeFirst();
    if (!row) return null;
    // another campus's referrer: the name and campus only, never their family's contact
    if (!inScope(principal, row.school_id)) Object.assign(row, { parent_name: null, parent_phone: null });
    else row.parent_phone = maskFor(principal, 'phone', row.parent_phone);
    const referred = await db.selectFrom('student').select((eb) => eb.fn.countAll<number>().as('n')).where('pusher_id', '=', row.id).where('del_flag', '=', 0).executeTakeFirst();
    return { ...row, referred: Number(referred?.n ?? 0) };
  });

  mountCall(app, pusherAttacheCall, ({ db, principal, query }) => paged(principal, hits(db, principal).where('s.pusher_id', '=', query.pusher_id), query));
}

function toPusher(r: StudentHit & { referred: number }): Pusher {
  return { id: r.id, name: r.name, school_id: r.school_id, school_name: r.school_name, parent_name: r.parent_name, parent_phone: r.parent_phone, referred: Number(r.referred) };
}

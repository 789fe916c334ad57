import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import { chunk } from '../../../lib/chunk';
import '../../core-schema';

/** After the leads (demo/marketing.ts) and the classes (classrooms, teachers, class types). */
export const order = 60;

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const DAY_MS = 86_400_000;

function dayShift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
function timeShift(at: string, days: number): string {
  const t = Date.parse(`${at.slice(0, 10)}T${at.slice(11, 19) || '00:00:00'}Z`) + days * DAY_MS;
  return new Date(t).toISOString().replace('T', ' ').slice(0, 19);
}

interface Lead {
  id: number;
  school_id: number;
  name: string;
  created_at: string;
  seller_id: number | null;
  tmk_id: number | null;
  invited_at: string | null;
  visited_at: string | null;
  trial_at: string | null;
  stage: number;
}

async function insertAll(db: AnyDb, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (const part of chunk(rows, 200)) if (part.length) await db.insertInto(table).values(part).execute();
}

/**
 * The funnel's demo rows in every campus: activities with acquiring tables, network detail, trial
 * lessons (past ones taken, coming ones open) and, for the leads of the campus, the invitations,
 * visits and trial bookings their funnel stamps say happened (the leads' seed decides how far each
 * lead went: demo/marketing.ts). Every table is written in batches: the campuses hold thousands of
 * leads.
 */
export async function seed(kdb: Kysely<Database>): Promise<void> {
  const db = kdb as unknown as AnyDb;
  const now = nowText();
  const today = todayText();
  const base = { created_at: now, updated_at: now, created_by: null, updated_by: null };
  const schools = await kdb.selectFrom('organisations').select(['id', 'name']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  const classType = await db.selectFrom('prod_class_type').select(['id']).where('del_flag', '=', 0).orderBy('id').executeTakeFirst();
  const leadsExist = (await db.selectFrom('mkt_resource').select('id').limit(1).execute()).length > 0;

  for (const school of schools) {
    const sid = Number(school.id);
    const short = String(school.name).replace(/校区$/, '');
    const staff = await kdb.selectFrom('user_schools').innerJoin('users', 'users.id', 'user_schools.user_id').select('users.id').where('user_schools.school_id', '=', sid).where('users.del_flag', '=', 0).orderBy('users.id').execute();
    const owner = staff[0]?.id ?? null;
    const teacher = await kdb
      .selectFrom('user_schools')
      .innerJoin('user_roles', 'user_roles.user_id', 'user_schools.user_id')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .innerJoin('users', 'users.id', 'user_schools.user_id')
      .select(['users.id', 'users.login_id'])
      .where('user_schools.school_id', '=', sid)
      .where('roles.code', '=', 'teacher')
      .orderBy('users.id')
      .execute();
    // the demo teacher (login teacher) teaches the campus's trial lessons where they work
    const teacherId = (teacher.find((t) => t.login_id === 'teacher') ?? teacher[0])?.id ?? null;
    const room = await db.selectFrom('base_otm_classroom').select('id').where('school_id', '=', sid).where('del_flag', '=', 0).orderBy('id').executeTakeFirst();

    // activities and acquiring tables
    const acq = await db
      .insertInto('mkt_activity')
      .values({ school_id: sid, del_flag: 0, name: `${short}社区地推`, type: 1, start_date: dayShift(today, -20), end_date: dayShift(today, 10), address: `${short}万达广场`, owner_id: owner, budget: 300000, target_count: 120, state: 2, remark: null, ...base })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('mkt_activity')
      .values({ school_id: sid, del_flag: 0, name: `${short}英语绘本开放日`, type: 2, start_date: dayShift(today, 7), end_date: dayShift(today, 7), address: `${short}校区`, owner_id: owner, budget: 150000, target_count: 40, state: 1, remark: null, ...base })
      .execute();
    await insertAll(
      db,
      'mkt_acquiring_table',
      [0, 1, 2].map((i) => ({ school_id: sid, del_flag: 0, activity_id: Number(acq.id), name: ['万达广场北门', '实验小学门口', '社区活动中心'][i], work_date: dayShift(today, -14 + i * 5), staff_id: owner, lead_count: 18 + i * 7, cost: 50000, remark: null, ...base })),
    );

    // network detail: three platforms, the last five days
    const net: Record<string, unknown>[] = [];
    for (let d = 1; d <= 5; d++) {
      for (const [p, account] of [[1, `百度-${short}`], [2, `抖音-${short}`], [3, `小红书-${short}`]] as const) {
        const clicks = 40 + ((sid * 7 + d * 13 + p * 5) % 60);
        net.push({ school_id: sid, del_flag: 0, stat_date: dayShift(today, -d), platform: p, account, spend: clicks * 350, impressions: clicks * 25, clicks, lead_count: Math.round(clicks / 9), remark: null, ...base });
      }
    }
    await insertAll(db, 'mkt_network_detail', net);

    if (!classType) continue;
    const lessonRow = (date: string, start: string, end: string, state: number, capacity: number, booked: number, name: string) => ({
      school_id: sid,
      del_flag: 0,
      name,
      class_type_id: Number(classType.id),
      lesson_date: date,
      start_time: start,
      end_time: end,
      classroom_id: room ? Number(room.id) : null,
      teacher_id: teacherId,
      capacity,
      booked_count: booked,
      state,
      remark: null,
      ...base,
    });
    const leads = leadsExist
      ? ((await db
          .selectFrom('mkt_resource')
          .select(['id', 'school_id', 'name', 'created_at', 'seller_id', 'tmk_id', 'invited_at', 'visited_at', 'trial_at', 'stage'])
          .where('school_id', '=', sid)
          .where('del_flag', '=', 0)
          .where('pool', '!=', 4)
          .orderBy('id')
          .execute()) as unknown as Lead[])
      : [];
    // visited, no trial yet: booked into the coming lessons (one withdrew)
    const waiting = leads.filter((l) => l.visited_at && !l.trial_at && l.stage < 6).slice(0, 9);
    const openSpec: [number, string, string, number, string][] = [
      [1, '10:00', '11:00', 8, `${short}启蒙试听课`],
      [3, '15:00', '16:00', 8, `${short}拼读试听课`],
      [8, '10:00', '11:00', 10, `${short}口语试听课`],
    ];
    // coming lessons, open for booking: this week and next
    const open = await insertReturning(
      db,
      'mkt_trial_lesson',
      openSpec.map(([days, start, end, capacity, name], k) => lessonRow(dayShift(today, days), start, end, 1, capacity, waiting.filter((_, i) => i % 3 === k && i !== 4).length, name)),
    );
    if (!leadsExist) continue;

    const invites: Record<string, unknown>[] = [];
    const visits: Record<string, unknown>[] = [];
    for (const l of leads) {
      if (l.invited_at) {
        const visitAt = l.visited_at ?? timeShift(l.invited_at, 2);
        invites.push({ school_id: sid, del_flag: 0, resource_id: l.id, visit_time: visitAt, invited_by: l.tmk_id ?? owner, state: l.visited_at ? 2 : visitAt < now ? 3 : 1, remark: null, ...base, created_at: l.invited_at });
      }
      if (l.visited_at) {
        visits.push({ school_id: sid, del_flag: 0, resource_id: l.id, invite_visit_id: null, visit_time: l.visited_at, receiver_id: l.seller_id ?? owner, result: l.stage >= 6 ? 4 : (l.id % 3) + 1, content: '家长到校参观，了解课程体系与上课时间', director_notation: l.id % 4 === 0 ? '跟进及时，尽快安排试听' : null, notation_by: l.id % 4 === 0 ? owner : null, notation_time: l.id % 4 === 0 ? l.visited_at : null, ...base, created_at: l.visited_at });
      }
    }
    await insertAll(db, 'mkt_invite_visit', invites);
    await insertAll(db, 'mkt_student_visit', visits);

    // trials taken: one past lesson per trial date, everyone on it attended
    const byDate = new Map<string, Lead[]>();
    for (const l of leads.filter((x) => x.trial_at)) {
      const d = String(l.trial_at).slice(0, 10);
      byDate.set(d, [...(byDate.get(d) ?? []), l]);
    }
    const dates = [...byDate.keys()];
    const taken = await insertReturning(
      db,
      'mkt_trial_lesson',
      dates.map((date) => {
        const group = byDate.get(date) ?? [];
        return lessonRow(date, '10:00', '11:00', date < today ? 2 : 1, Math.max(8, group.length), group.length, `${short}试听课 ${date.slice(5)}`);
      }),
    );
    const bookings: Record<string, unknown>[] = [];
    dates.forEach((date, k) => {
      for (const l of byDate.get(date) ?? []) bookings.push({ school_id: sid, trial_lesson_id: taken[k], resource_id: l.id, seller_id: l.seller_id, state: 2, attend_time: l.trial_at, withdraw_reason: null, remark: null, ...base, created_at: l.visited_at ?? l.trial_at });
    });
    waiting.forEach((l, i) => {
      bookings.push({ school_id: sid, trial_lesson_id: open[i % 3], resource_id: l.id, seller_id: l.seller_id, state: i === 4 ? 4 : 1, attend_time: null, withdraw_reason: i === 4 ? '时间冲突，改约下次' : null, remark: null, ...base });
    });
    await insertAll(db, 'mkt_trial_lesson_student', bookings);
  }
}

/** Inserts the rows in batches and answers their ids in the rows' order. */
async function insertReturning(db: AnyDb, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunk(rows, 200)) {
    if (part.length === 0) continue;
    const saved = await db.insertInto(table).values(part).returning('id').execute();
    // both databases answer a multi-row insert's ids in the order of its rows; sorted to be sure
    ids.push(...saved.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}

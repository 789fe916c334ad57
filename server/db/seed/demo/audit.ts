import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import { addDays } from '../../../modules/classes';
import '../../../lib/audit';

/**
 * Demo rows of 操作日志 (audit_log), so the screen has something to show on a fresh demo install:
 * the last three days of the demo users' sign-ins and writes, shaped exactly as the server writes
 * them (server/lib/audit.ts, call-routes, resource-routes, the sign-in) and naming real demo rows:
 * the front desk's check-ins at 广州天河, the teacher's at 上海浦东, a student the front desk added,
 * a class the principal edited and a classroom the administrator added. Nothing later than now.
 * Runs last, after the other demo seeds made those rows.
 */
export const order = 90;

interface Row {
  at: string;
  user: { id: number; name: string };
  area: string;
  title: string;
  call: string;
  table_name: string | null;
  ids: number[];
  changes: { id: number | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
}

/** 'YYYY-MM-DD HH:mm:ss' moved by whole minutes (both sides Asia/Shanghai wall time). */
function plusMinutes(at: string, minutes: number): string {
  return new Date(Date.parse(`${at.replace(' ', 'T')}Z`) + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

export async function seed(db: Kysely<Database>): Promise<void> {
  const now = nowText();
  const today = todayText();
  const from = addDays(today, -2);
  const users = new Map((await db.selectFrom('users').select(['id', 'login_id', 'name']).execute()).map((u) => [u.login_id, { id: u.id, name: u.name }]));
  const schools = new Map((await db.selectFrom('organisations').select(['id', 'code']).execute()).map((o) => [o.code ?? '', o.id]));
  const rows: Row[] = [];
  const signIn = (user: { id: number; name: string }, at: string): void => {
    rows.push({ at, user, area: 'system', title: '登录', call: 'sso/login', table_name: 'users', ids: [user.id], changes: [] });
  };

  // check-ins: the front desk at 广州天河 and the teacher at 上海浦东, each signed in before the first of the day
  for (const [login, code, limit] of [['front_desk', 'GZ-TH', 8], ['teacher', 'SH-PD', 4]] as const) {
    const user = users.get(login);
    const school = schools.get(code);
    if (!user || school === undefined) continue;
    const checkIns = await db
      .selectFrom('edu_check_in')
      .select(['id', 'schedule_id', 'student_id', 'mark', 'checked_at'])
      .where('school_id', '=', school)
      .where('lesson_date', '>=', from)
      .where('checked_at', '<=', now)
      .orderBy('checked_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    const days = new Set<string>();
    for (const k of [...checkIns].reverse()) {
      const day = k.checked_at.slice(0, 10);
      if (!days.has(day)) signIn(user, plusMinutes(k.checked_at, -12));
      days.add(day);
      rows.push({
        at: k.checked_at,
        user,
        area: 'classes',
        title: '签到',
        call: 'check_in',
        table_name: null,
        ids: [k.id],
        changes: [{ id: null, before: null, after: { c: 'zh', schedule_id: k.schedule_id, student_id: k.student_id, mark: k.mark, device: login === 'front_desk' ? '前台平板' : '老师手机', checked_at: k.checked_at } }],
      });
    }
  }

  // yesterday: the front desk adds a student, the principal edits a class, the administrator adds a classroom
  const yesterday = addDays(today, -1);
  const desk = users.get('front_desk');
  const student = await db.selectFrom('student').select(['id', 'name', 'school_id', 'gender', 'parent_name']).where('school_id', '=', schools.get('GZ-TH') ?? -1).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (desk && student) {
    rows.push({ at: `${yesterday} 15:42:10`, user: desk, area: 'students', title: '新增学员', call: 'student/add', table_name: 'student', ids: [student.id], changes: [{ id: student.id, before: null, after: { name: student.name, school_id: student.school_id, gender: student.gender, parent_name: student.parent_name, state: 1 } }] });
  }
  const principal = users.get('principal');
  const cls = await db.selectFrom('base_class_manage').select(['id', 'capacity']).where('school_id', '=', schools.get('BJ-CY') ?? -1).where('del_flag', '=', 0).orderBy('id').limit(1).executeTakeFirst();
  if (principal && cls) {
    signIn(principal, `${yesterday} 09:03:27`);
    rows.push({ at: `${yesterday} 09:18:45`, user: principal, area: 'classes', title: '编辑班级', call: 'base_class_manage/update', table_name: 'base_class_manage', ids: [cls.id], changes: [{ id: cls.id, before: { capacity: cls.capacity - 2 }, after: { capacity: cls.capacity } }] });
  }
  const admin = users.get('admin');
  const room = await db.selectFrom('base_otm_classroom').select(['id', 'name', 'school_id', 'capacity']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (admin && room) {
    signIn(admin, `${yesterday} 10:26:03`);
    rows.push({ at: `${yesterday} 10:31:50`, user: admin, area: 'base', title: '新增教室', call: 'base_otm_classroom/add', table_name: 'base_otm_classroom', ids: [room.id], changes: [{ id: room.id, before: null, after: { name: room.name, school_id: room.school_id, capacity: room.capacity, state: 1 } }] });
  }

  const kept = rows.filter((r) => r.at <= now).sort((a, b) => a.at.localeCompare(b.at));
  if (kept.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      kept.map((r) => ({
        at: r.at,
        user_id: r.user.id,
        user_name: r.user.name,
        area: r.area,
        title: r.title,
        call: r.call,
        table_name: r.table_name,
        record_ids: r.ids.length ? `,${r.ids.join(',')},` : null,
        changes: JSON.stringify(r.changes),
        created_at: r.at,
        updated_at: r.at,
        created_by: r.user.id,
        updated_by: r.user.id,
      })),
    )
    .execute();
}

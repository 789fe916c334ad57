import { expect } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { nowText, todayText } from '../../../server/lib/time';
import '../../../server/modules/classes/schema';
import { begunLesson } from '../lesson-times';

export interface World {
  server: TestServer;
  admin: LoggedIn;
  principal: LoggedIn;
  frontDesk: LoggedIn;
  telemarketer: LoggedIn;
  /** 北京朝阳校区 (principal's), 广州天河校区 (front desk's, outside the principal's scope) */
  bj: number;
  gz: number;
  classTypeId: number;
  teachers: number[];
  roomBj: number;
  roomBj2: number;
  roomGz: number;
  seq: number;
}

export async function schoolId(server: TestServer, code: string): Promise<number> {
  const row = await server.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/** A teacher user in the given schools (a real row of users, roles and schools). */
export async function addTeacher(server: TestServer, name: string, schools: number[]): Promise<number> {
  const now = nowText();
  const u = await server.db
    .insertInto('users')
    .values({ login_id: `t_${name}_${Math.random().toString(36).slice(2, 8)}`, name, phone: null, email: null, sex: 1, password_hash: 'x', locked_until: null, avatar: null, city: null, org_id: null, remark: null, created_at: now, updated_at: now, created_by: null, updated_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await server.db.selectFrom('roles').select('id').where('code', '=', 'teacher').executeTakeFirstOrThrow();
  await server.db.insertInto('user_roles').values({ user_id: u.id, role_id: role.id }).execute();
  for (const s of schools) await server.db.insertInto('user_schools').values({ user_id: u.id, school_id: s }).execute();
  return u.id;
}

export async function ok<T>(p: Promise<{ status: number; body: { code: number; msg: string; data: T } }>): Promise<T> {
  const res = await p;
  expect(res.body.msg).toBe('成功');
  expect(res.body.code).toBe(200);
  return res.body.data;
}

export async function setupWorld(): Promise<World> {
  const server = await createTestServer();
  const admin = await server.login(ADMIN.login, ADMIN.password);
  const principal = await server.login('principal', DEMO_PASSWORD);
  const frontDesk = await server.login('front_desk', DEMO_PASSWORD);
  const telemarketer = await server.login('telemarketer', DEMO_PASSWORD);
  // The demo calendar must not decide whether a test's lessons fall on a holiday.
  await server.db.deleteFrom('base_holiday_set').execute();
  await server.db.deleteFrom('base_swap_day').execute();
  const bj = await schoolId(server, 'BJ-CY');
  const gz = await schoolId(server, 'GZ-TH');
  const h = admin.headers;
  const ct = await ok(server.call<{ id: number }>('POST', '/api/v1/prod_class_type/add', { headers: h, json: { name: `测试班型${Date.now()}`, lesson_count: 100, hours_per_lesson: 1.5 } }));
  const teachers = [await addTeacher(server, '张伟', [bj]), await addTeacher(server, '李娜', [bj]), await addTeacher(server, '王芳', [gz])];
  const room = (school: number, name: string) => ok(server.call<{ id: number }>('POST', '/api/v1/base_otm_classroom/add', { headers: h, json: { school_id: school, name, capacity: 20 } }));
  return {
    server,
    admin,
    principal,
    frontDesk,
    telemarketer,
    bj,
    gz,
    classTypeId: ct.id,
    teachers,
    roomBj: (await room(bj, '101教室')).id,
    roomBj2: (await room(bj, '102教室')).id,
    roomGz: (await room(gz, '天河201')).id,
    seq: 0,
  };
}

export async function addClass(w: World, opts: { school?: number; teacher?: number | null; room?: number | null; name?: string; capacity?: number; classTypeId?: number } = {}): Promise<number> {
  w.seq++;
  const row = await ok(
    w.server.call<{ id: number }>('POST', '/api/v1/base_class_manage/add', {
      headers: w.admin.headers,
      json: {
        school_id: opts.school ?? w.bj,
        name: opts.name ?? `三年级${w.seq}班`,
        class_type_id: opts.classTypeId ?? w.classTypeId,
        head_teacher_id: opts.teacher === undefined ? w.teachers[0] : opts.teacher,
        classroom_id: opts.room === undefined ? w.roomBj : opts.room,
        capacity: opts.capacity ?? 20,
      },
    }),
  );
  return row.id;
}

export async function addStudent(w: World, name: string, school?: number, phone?: string): Promise<number> {
  w.seq++;
  const row = await ok(
    w.server.call<{ id: number }>('POST', '/api/v1/student/add', {
      headers: w.admin.headers,
      json: { school_id: school ?? w.bj, name, gender: 1, parent_name: `${name}家长`, parent_phone: phone ?? `139${String(10000000 + w.seq).slice(-8)}` },
    }),
  );
  return row.id;
}

export function today(): string {
  return todayText();
}

export const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ week_day: d, start_time: '09:00', end_time: '10:00' }));

/**
 * A class with the given students (hours per lesson 1.5, 100 lessons granted unless told) and lessons
 * each day from `from` to `to`, at `start`-`end` or else at the time of today's lesson that began
 * about 10 minutes ago (begunLesson), so today's lesson can be marked whenever the suite runs.
 */
export async function classWithLessons(
  w: World,
  opts: { from: string; to: string; students: string[]; addHours?: number; teacher?: number; room?: number; start?: string; end?: string },
): Promise<{ classId: number; studentIds: number[]; lessonIds: number[] }> {
  const teacher = opts.teacher ?? (await addTeacher(w.server, `老师${w.seq}`, [w.bj]));
  const classId = await addClass(w, { teacher, room: opts.room ?? null });
  const studentIds: number[] = [];
  for (const name of opts.students) {
    const id = await addStudent(w, name);
    await ok(w.server.call('POST', '/api/v1/stu_class/join', { headers: w.admin.headers, json: { student_id: id, class_id: classId, join_date: '2000-01-01', add_hours: opts.addHours } }));
    studentIds.push(id);
  }
  const begun = begunLesson();
  const slots = ALL_DAYS.map((s) => ({ ...s, start_time: opts.start ?? begun.start, end_time: opts.end ?? begun.end }));
  const res = await ok(
    w.server.call<{ ids: number[] }>('POST', '/api/v1/edu_class_schedule/arrange_schedule', { headers: w.admin.headers, json: { class_id: classId, date_start: opts.from, date_end: opts.to, slots } }),
  );
  return { classId, studentIds, lessonIds: res.ids };
}

export async function hoursOf(w: World, studentId: number): Promise<number> {
  const row = await w.server.db.selectFrom('student_class_type').select('remaining_hours').where('student_id', '=', studentId).executeTakeFirstOrThrow();
  return Number(row.remaining_hours);
}

import { expect, type APIRequestContext } from './fixtures';
import { begunLessons } from '../server/lesson-times';
import { bearerOf, type SessionUser } from '../../src/contract/session';

/** API set-up and checks of the classes browser tests, through the real server as a signed-in user. */

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Signs in through the API (POST sso/login) and answers the session user the server gives. */
export async function sessionUser(request: APIRequestContext, loginId = 'admin', password = 'admin123'): Promise<SessionUser> {
  const res = await request.post('api/v1/sso/login', { data: { login_id: loginId, password } });
  const env = (await res.json()) as Envelope<SessionUser>;
  expect(env.code, env.msg).toBe(200);
  return env.data;
}

export async function login(request: APIRequestContext, loginId = 'admin', password = 'admin123'): Promise<Record<string, string>> {
  const { token, login_id, domain } = await sessionUser(request, loginId, password);
  return { token, Authorization: bearerOf(login_id, token, domain) };
}

export async function post<T>(request: APIRequestContext, headers: Record<string, string>, url: string, data: unknown): Promise<T> {
  const env = (await (await request.post(url, { headers, data })).json()) as Envelope<T>;
  expect(env.code, `${url}: ${env.msg}`).toBe(200);
  return env.data;
}

export async function get<T>(request: APIRequestContext, headers: Record<string, string>, url: string, params: Record<string, string | number> = {}): Promise<T> {
  const env = (await (await request.get(url, { headers, params })).json()) as Envelope<T>;
  expect(env.code, `${url}: ${env.msg}`).toBe(200);
  return env.data;
}

/** Today in Asia/Shanghai, as the server and the app count days. */
export function shanghaiToday(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}

export async function schoolId(request: APIRequestContext, headers: Record<string, string>, code: string): Promise<number> {
  const data = await get<{ schools: { id: number; code: string | null }[] }>(request, headers, 'api/v1/sys_user/get_user_school');
  const s = data.schools.find((x) => x.code === code);
  expect(s, `school ${code}`).toBeTruthy();
  return (s as { id: number }).id;
}

export interface TodayClass {
  schoolId: number;
  roomId: number;
  roomName: string;
  classId: number;
  className: string;
  classTypeId: number;
  hoursPerLesson: number;
  scheduleId: number;
  students: { id: number; name: string; phone: string }[];
}

/**
 * A class of its own at a campus with `size` enrolled students and one lesson today in a classroom
 * of its own: at `start`-`end` when given, else one that has begun so roll call is open.
 */
export async function classWithLessonToday(
  request: APIRequestContext,
  headers: Record<string, string>,
  opts: { schoolCode: string; size: number; run: string; hoursPerLesson?: number; start?: string; end?: string; teacherId?: number },
): Promise<TodayClass> {
  const school = await schoolId(request, headers, opts.schoolCode);
  const hours = opts.hoursPerLesson ?? 1.5;
  const ct = await post<{ id: number }>(request, headers, 'api/v1/prod_class_type/add', { name: `测试班型${opts.run}`, lesson_count: 40, hours_per_lesson: hours, minutes_per_lesson: 60 });
  const room = await post<{ id: number }>(request, headers, 'api/v1/base_otm_classroom/add', { name: `测试教室${opts.run}`, capacity: 60, school_id: school, state: 1 });
  const className = `签到测试班${opts.run}`;
  const cls = await post<{ id: number }>(request, headers, 'api/v1/base_class_manage/add', {
    name: className,
    class_type_id: ct.id,
    classroom_id: room.id,
    capacity: opts.size + 5,
    school_id: school,
  });
  const students: TodayClass['students'] = [];
  for (let i = 0; i < opts.size; i++) {
    const phone = `139${String(Date.now() % 1e4).padStart(4, '0')}${String(1000 + i).slice(-4)}`;
    const name = `测试学员${opts.run}-${String(i + 1).padStart(2, '0')}`;
    const st = await post<{ id: number }>(request, headers, 'api/v1/student/add', { name, parent_name: `家长${i + 1}`, parent_phone: phone, school_id: school, state: 1 });
    await post(request, headers, 'api/v1/stu_class/join', { student_id: st.id, class_id: cls.id });
    students.push({ id: st.id, name, phone });
  }
  // Roll call opens 30 minutes before a lesson, so unless told the lesson has begun (about 10
  // minutes ago, at 00:00 just after midnight); a demo teacher may teach then: earlier half hours of
  // today are tried in turn.
  const today = shanghaiToday();
  const slots = opts.start && opts.end ? [{ date: today, start: opts.start, end: opts.end }] : begunLessons(48, { minutes: 30 }).filter((s) => s.date === today);
  let lesson: { id: number } | null = null;
  for (const slot of slots) {
    const data = { class_id: cls.id, lesson_date: slot.date, start_time: slot.start, end_time: slot.end, classroom_id: room.id, teacher_id: opts.teacherId, school_id: school };
    const env = (await (await request.post('api/v1/edu_class_schedule/add', { headers, data })).json()) as Envelope<{ id: number }>;
    if (env.code === 200) {
      lesson = env.data;
      break;
    }
    expect(env.code, env.msg).toBe(409);
  }
  expect(lesson, 'a free time today for the lesson').toBeTruthy();
  return { schoolId: school, roomId: room.id, roomName: `测试教室${opts.run}`, classId: cls.id, className, classTypeId: ct.id, hoursPerLesson: hours, scheduleId: (lesson as { id: number }).id, students };
}

/** Remaining hours of each student for a class type. */
export async function balances(request: APIRequestContext, headers: Record<string, string>, classTypeId: number): Promise<Map<number, number>> {
  const page = await get<{ content: { student_id: number; remaining_hours: number }[] }>(request, headers, 'api/v1/student_class_type/page', {
    class_type_id: classTypeId,
    page: 1,
    rows: 500,
  });
  return new Map(page.content.map((r) => [r.student_id, Number(r.remaining_hours)]));
}

/** Another class of the same class type in the same classroom (to provoke a classroom clash). */
export async function classInSameRoom(request: APIRequestContext, headers: Record<string, string>, base: TodayClass, name: string): Promise<number> {
  const cls = await post<{ id: number }>(request, headers, 'api/v1/base_class_manage/add', {
    name,
    class_type_id: base.classTypeId,
    classroom_id: base.roomId,
    capacity: 20,
    school_id: base.schoolId,
  });
  return cls.id;
}

export const WEEK_DAY_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** '周六' for a 'YYYY-MM-DD' date. */
export function weekDayName(date: string): string {
  return WEEK_DAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()];
}

import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import { chunk } from '../../../lib/chunk';
import { addDays, expandPattern, insertLessons, addEnrolledStudents, loadCalendar, renumber, CHECK_IN_REF, type WeeklySlot } from '../../../modules/classes';
import { activateLine, consumeLine, openLine, toHundredths, type LineConsumption } from '../../../modules/orders';
import type { CheckInMark } from '../../../../src/contract/classes';
import '../../core-schema';

export const order = 20;

// price in fen (DESIGN §7)
const CLASS_TYPES = [
  { name: '少儿英语启蒙', code: 'KE-1', lesson_count: 48, hours_per_lesson: 1.5, minutes: 90, price: 720000 },
  { name: '少儿英语进阶', code: 'KE-2', lesson_count: 64, hours_per_lesson: 2, minutes: 120, price: 1152000 },
  { name: '自然拼读', code: 'PH-1', lesson_count: 32, hours_per_lesson: 1, minutes: 60, price: 384000 },
  { name: '每日英语口语', code: 'SP-D', lesson_count: 120, hours_per_lesson: 1, minutes: 60, price: 960000 },
] as const;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = ['子涵', '欣怡', '梓涵', '晨曦', '一诺', '浩宇', '宇轩', '梓萱', '诗涵', '雨桐', '子墨', '俊熙', '思远', '若汐', '沐阳', '嘉怡', '奕辰', '可馨', '家豪', '语桐', '睿泽', '佳琪', '明轩', '心怡'];
const PARENT_GIVEN = ['建华', '丽娟', '志强', '秀梅', '国栋', '海燕', '伟', '静', '磊', '敏', '军', '霞'];
const TEACHER_GIVEN = ['老师'];

/** Deterministic pseudo-random numbers, so the demo looks the same on every install. */
function rng(start: number): () => number {
  let s = start >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

interface ClassPlan {
  suffix: string;
  type: number;
  slots: WeeklySlot[];
  students: number;
}

const PLANS: readonly ClassPlan[] = [
  { suffix: '启蒙A班', type: 0, students: 8, slots: [1, 3, 5].map((d) => ({ week_day: d, start_time: '16:30', end_time: '18:00' })) },
  { suffix: '进阶B班', type: 1, students: 8, slots: [...[2, 4].map((d) => ({ week_day: d, start_time: '18:30', end_time: '20:30' })), { week_day: 6, start_time: '09:00', end_time: '11:00' }] },
  { suffix: '拼读C班', type: 2, students: 8, slots: [6, 7].map((d) => ({ week_day: d, start_time: '14:00', end_time: '15:00' })) },
  { suffix: '口语每日班', type: 3, students: 12, slots: [1, 2, 3, 4, 5, 6, 7].map((d) => ({ week_day: d, start_time: '10:00', end_time: '11:00' })) },
  { suffix: '口语晚间班', type: 3, students: 10, slots: [1, 2, 3, 4, 5, 6, 7].map((d) => ({ week_day: d, start_time: '19:00', end_time: '20:00' })) },
];

function monthStart(date: string, deltaMonths: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + deltaMonths;
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Demo classes in every campus: class types, holidays, classrooms, teachers, classes with time
 * ranges, students with hour balances, lessons for the current and next month (and at least the two
 * weeks before today), check-ins for the lessons before today, and one leave asked ahead per
 * class. Hours move on the orders area's ledger as in the live system: each
 * student's hours are an opening contract line (with the class type's price as its money) and every
 * consuming check-in posts its consumption, so `npm run ledger:check` holds and consumed hours and
 * money agree with the check-ins.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const now = nowText();
  const st = { created_at: now, updated_at: now, created_by: null, updated_by: null };
  const today = todayText();
  const year = Number(today.slice(0, 4));
  const random = rng(20260101);

  const typeIds: number[] = [];
  for (const [i, t] of CLASS_TYPES.entries()) {
    const row = await db
      .insertInto('prod_class_type')
      .values({ name: t.name, code: t.code, lesson_count: t.lesson_count, hours_per_lesson: t.hours_per_lesson, minutes_per_lesson: t.minutes, price: t.price, visible: 1, order_num: i + 1, detail: `${t.name}，共 ${t.lesson_count} 次课，每次 ${t.hours_per_lesson} 课时。`, protocol: null, remark: null, del_flag: 0, ...st })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.push(row.id);
  }
  for (const y of [year, year + 1]) {
    await db
      .insertInto('base_holiday_set')
      .values([
        { name: '元旦', start_date: `${y}-01-01`, end_date: `${y}-01-01`, remark: null, ...st },
        { name: '劳动节', start_date: `${y}-05-01`, end_date: `${y}-05-05`, remark: null, ...st },
        { name: '国庆节', start_date: `${y}-10-01`, end_date: `${y}-10-07`, remark: null, ...st },
      ])
      .execute();
  }

  const schools = await db.selectFrom('organisations').select(['id', 'name', 'code']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  const teacherRole = await db.selectFrom('roles').select('id').where('code', '=', 'teacher').executeTakeFirst();
  const demoTeacher = await db.selectFrom('users').innerJoin('user_schools', 'user_schools.user_id', 'users.id').select(['users.id', 'user_schools.school_id']).where('users.login_id', '=', 'teacher').executeTakeFirst();
  const passwordHash = (await db.selectFrom('users').select('password_hash').where('login_id', '=', 'teacher').executeTakeFirst())?.password_hash ?? 'disabled';

  // at least two weeks of past lessons, so the first days of a month still show check-ins, leaves and absences
  const from = [monthStart(today, 0), addDays(today, -14)].sort()[0];
  const to = addDays(monthStart(today, 2), -1);
  let phoneSeq = 0;

  for (const [si, school] of schools.entries()) {
    const short = school.name.replace(/校区$/, '');
    const rooms: number[] = [];
    for (let r = 0; r < PLANS.length; r++) {
      const row = await db
        .insertInto('base_otm_classroom')
        .values({ school_id: school.id, name: `${101 + r}教室`, capacity: 12 + (r % 3) * 4, location: `${1 + Math.floor(r / 3)}楼`, state: 1, remark: null, del_flag: 0, ...st })
        .returning('id')
        .executeTakeFirstOrThrow();
      rooms.push(row.id);
    }
    const teachers: number[] = [];
    for (let t = 0; t < PLANS.length; t++) {
      if (t === 0 && demoTeacher && demoTeacher.school_id === school.id) {
        teachers.push(demoTeacher.id);
        continue;
      }
      const name = `${SURNAMES[(si * 7 + t * 3) % SURNAMES.length]}${['雪', '婷', '晨', '宁', '璐'][t % 5]}${TEACHER_GIVEN[0]}`.replace(/老师$/, '');
      const user = await db
        .insertInto('users')
        .values({ login_id: `tea_${(school.code ?? String(school.id)).toLowerCase().replace(/[^a-z0-9]/g, '')}_${t + 1}`, name, phone: `137${String(10000000 + si * 100 + t).slice(-8)}`, email: null, sex: 2, password_hash: passwordHash, locked_until: null, avatar: null, city: null, org_id: school.id, remark: '演示老师', ...st })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (teacherRole) await db.insertInto('user_roles').values({ user_id: user.id, role_id: teacherRole.id }).execute();
      await db.insertInto('user_schools').values({ user_id: user.id, school_id: school.id }).execute();
      teachers.push(user.id);
    }
    const calendar = await loadCalendar(db, school.id, from, to);

    for (const [pi, plan] of PLANS.entries()) {
      const ct = CLASS_TYPES[plan.type];
      const cls = await db
        .insertInto('base_class_manage')
        .values({ school_id: school.id, name: `${short}${plan.suffix}`, class_type_id: typeIds[plan.type], head_teacher_id: teachers[pi], classroom_id: rooms[pi], capacity: 20, state: 2, start_date: from, end_date: null, kf_id: null, is_warm_up: 0, remark: null, del_flag: 0, ...st })
        .returningAll()
        .executeTakeFirstOrThrow();
      await db.insertInto('edu_class_time_range').values(plan.slots.map((s) => ({ school_id: school.id, class_id: cls.id, ...s, ...st }))).execute();
      const students = [];
      for (let k = 0; k < plan.students; k++) {
        phoneSeq++;
        const surname = SURNAMES[Math.floor(random() * SURNAMES.length)];
        students.push({
          school_id: school.id,
          name: `${surname}${GIVEN[Math.floor(random() * GIVEN.length)]}`,
          gender: random() < 0.5 ? 1 : 2,
          birthday: `${year - 5 - Math.floor(random() * 7)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
          parent_name: `${surname}${PARENT_GIVEN[Math.floor(random() * PARENT_GIVEN.length)]}`,
          parent_phone: `1${['35', '36', '38', '39', '58', '86'][phoneSeq % 6]}${String(10000000 + phoneSeq * 7919).slice(-8)}`,
          state: 1,
          remark: null,
          del_flag: 0,
          ...st,
        });
      }
      const studentRows = await db.insertInto('student').values(students).returning('id').execute();
      const hours = ct.lesson_count * ct.hours_per_lesson;
      await db.insertInto('stu_class').values(studentRows.map((s) => ({ school_id: school.id, student_id: s.id, class_id: cls.id, class_type_id: cls.class_type_id, join_date: addDays(from, -7), leave_date: null, state: 1, is_warm_up: 0, remark: null, ...st }))).execute();
      // the hours (and their money) the students brought from before the system: an opening
      // contract line each on the orders area's ledger, which also writes their balance row
      const openingLine = new Map<number, number>();
      for (const s of studentRows) {
        const line = await openLine(db, { schoolId: school.id, studentId: s.id, classTypeId: cls.class_type_id, source: 'opening', boughtHours: toHundredths(hours), giftHours: 0, paidMoney: ct.price, promoMoney: 0, startDate: addDays(from, -7), by: null });
        await activateLine(db, line.id, null);
        openingLine.set(s.id, line.id);
      }

      const { sessions } = expandPattern({ date_start: from, date_end: to, slots: plan.slots, calendar, limit: ct.lesson_count });
      const lessons = await insertLessons(db, null, { cls, hours: ct.hours_per_lesson, teacherId: teachers[pi], classroomId: rooms[pi], planned: sessions });
      await addEnrolledStudents(db, null, cls, lessons);
      await renumber(db, cls.id);

      const past = lessons.filter((l) => l.lesson_date < today);
      const checkIns = [];
      for (const l of past) {
        const session = sessions[lessons.indexOf(l)];
        for (const s of studentRows) {
          const x = random();
          const mark: CheckInMark = x < 0.85 ? 'present' : x < 0.92 ? 'late' : x < 0.97 ? 'leave' : 'absent';
          const taken = mark === 'present' || mark === 'late' ? ct.hours_per_lesson : 0;
          checkIns.push({ school_id: school.id, schedule_id: l.id, student_id: s.id, class_id: cls.id, class_type_id: cls.class_type_id, lesson_date: l.lesson_date, start_time: session.start_time, mark, hours: taken, device: '前台平板', checked_at: `${l.lesson_date} ${session.start_time}:00`, state: 1, undo_group_id: null, ...st });
        }
      }
      const consumed = new Map<number, LineConsumption[]>();
      for (const part of chunk(checkIns, 400)) {
        const rows = await db.insertInto('edu_check_in').values(part).returning(['id', 'school_id', 'schedule_id', 'student_id', 'mark', 'hours', 'checked_at']).execute();
        await db
          .insertInto('edu_check_in_log')
          .values(rows.map((r) => ({ school_id: r.school_id, check_in_id: r.id, schedule_id: r.schedule_id, student_id: r.student_id, action: 'add' as const, old_mark: null, new_mark: r.mark, hours_delta: -Number(r.hours), device: '前台平板', operator_id: null, operator_name: '演示数据', remark: null, ...st })))
          .execute();
        for (const r of rows) {
          if (Number(r.hours) > 0) consumed.set(r.student_id, [...(consumed.get(r.student_id) ?? []), { hours: toHundredths(Number(r.hours)), refType: CHECK_IN_REF, refId: r.id, at: r.checked_at }]);
        }
      }
      // each consuming mark's consumption on the student's line, as a live check-in posts it
      // (classes/hours.ts), in one batch per student
      for (const [studentId, items] of consumed) await consumeLine(db, openingLine.get(studentId) ?? 0, items, null);
      for (const part of chunk(past.map((p) => p.id), 500)) await db.updateTable('edu_class_schedule').set({ state: 2 }).where('id', 'in', part).execute();

      // a leave asked ahead for the class's next lesson after today (the last student of the roster,
      // chosen without the random sequence so the marks above stay as they were): on the first of a
      // month, when no lesson of the month is past yet, 缺勤记录 and 考勤记录 still show this month's
      const next = lessons.find((l) => l.lesson_date > today);
      const away = studentRows[studentRows.length - 1];
      if (next && away) {
        const session = sessions[lessons.indexOf(next)];
        const leave = await db
          .insertInto('edu_check_in')
          .values({ school_id: school.id, schedule_id: next.id, student_id: away.id, class_id: cls.id, class_type_id: cls.class_type_id, lesson_date: next.lesson_date, start_time: session.start_time, mark: 'leave', hours: 0, device: '请假登记', checked_at: now, state: 1, undo_group_id: null, ...st })
          .returning(['id', 'school_id', 'schedule_id', 'student_id'])
          .executeTakeFirstOrThrow();
        await db
          .insertInto('edu_check_in_log')
          .values({ school_id: leave.school_id, check_in_id: leave.id, schedule_id: leave.schedule_id, student_id: leave.student_id, action: 'add', old_mark: null, new_mark: 'leave', hours_delta: 0, device: '请假登记', operator_id: null, operator_name: '演示数据', remark: null, ...st })
          .execute();
      }
    }
  }
}

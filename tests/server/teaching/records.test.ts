import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from '../helpers';
import { TEACHING_RECORD_RESOURCES } from '../../../src/contract/resources/teaching-records';
import { TEACHING_RESULT_RESOURCES } from '../../../src/contract/resources/teaching-results';
import type { ClassFeedbackRow, ClassResultStats } from '../../../src/contract/teaching';

/**
 * The teaching records and the declarations behind the teaching screens (server/modules/teaching),
 * beyond what the declarations contract test covers for every declaration: totals added up by the
 * server, one row per key, marks within the full mark, time ranges in order, the statistics of
 * 学员成绩 and the lookup of classroom feedback by ids, campus scope, the screens' operation codes
 * and the demo rows every role's screens show. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

type Row = Record<string, unknown> & { id: number };
interface Page<T> {
  content: T[];
  totalSize: number;
}

let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
let teacher: Record<string, string>;
let foreignTeacher: Record<string, string>;
let telemarketer: Record<string, string>;
/** the principal's campus 北京朝阳 and one they do not reach (上海浦东, the teachers') */
let chaoyang: number;
let pudong: number;

const api = (p: string) => `/api/v1/${p}`;
const orgId = async (code: string) => (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const userId = async (login: string) => (await s.db.selectFrom('users').select('id').where('login_id', '=', login).executeTakeFirstOrThrow()).id;
const firstId = async (table: string, schoolId: number): Promise<number> => {
  const row = await s.db
    .selectFrom(table as never)
    .select('id' as never)
    .where('school_id' as never, '=', schoolId as never)
    .orderBy('id' as never)
    .executeTakeFirstOrThrow();
  return Number((row as { id: number }).id);
};

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
  foreignTeacher = (await s.login('foreign_teacher', DEMO_PASSWORD)).headers;
  telemarketer = (await s.login('telemarketer', DEMO_PASSWORD)).headers;
  chaoyang = await orgId('BJ-CY');
  pudong = await orgId('SH-PD');
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('foreign teachers’ records', () => {
  it('adds up an assessment’s total itself, keeps one per teacher and month, and lets only the principal write it', async () => {
    // a member of staff of the campus (the foreign teacher works in 上海: 外教不存在或无权访问 here)
    const ft = await userId('principal');
    const far = await s.call('POST', api('teacher_fas/add'), { headers: principal, json: { school_id: chaoyang, teacher_id: await userId('foreign_teacher'), assess_month: '2031-02', teaching_score: 30, attendance_score: 18, feedback_score: 17, cooperation_score: 19, level: 2 } });
    expect(far.body).toMatchObject({ code: 404, msg: '外教不存在或无权访问' });
    const body = { school_id: chaoyang, teacher_id: ft, assess_month: '2031-03', teaching_score: 35, attendance_score: 18, feedback_score: 17, cooperation_score: 19, total_score: 5, level: 1 };
    const added = await s.call<Row>('POST', api('teacher_fas/add'), { headers: principal, json: body });
    expect(added.body).toMatchObject({ code: 200, data: { total_score: 89, assess_month: '2031-03' } });
    const changed = await s.call<Row>('POST', api('teacher_fas/update'), { headers: principal, json: { id: added.body.data.id, feedback_score: 20 } });
    expect(changed.body).toMatchObject({ code: 200, data: { total_score: 92 } });
    const twice = await s.call('POST', api('teacher_fas/add'), { headers: principal, json: body });
    expect(twice.body).toMatchObject({ code: 409, msg: '该外教2031-03的考核已存在，请直接编辑' });
    const over = await s.call('POST', api('teacher_fas/add'), { headers: principal, json: { ...body, assess_month: '2031-04', teaching_score: 41 } });
    expect(over.body.code).toBe(400);
    expect(over.body.msg).toContain('教学质量');
    // the foreign teacher reads their records but does not assess themselves
    const self = await s.call('POST', api('teacher_fas/add'), { headers: foreignTeacher, json: { ...body, teacher_id: await userId('foreign_teacher'), school_id: pudong, assess_month: '2031-05' } });
    expect(self.body.code).toBe(403);
  });

  it('refuses a sign-out before the sign-in and a second attendance of the same day', async () => {
    const ft = await userId('principal');
    const body = { school_id: chaoyang, teacher_id: ft, work_date: '2031-03-02', state: 1, lesson_hours: 450, sign_in_time: '09:00', sign_out_time: '17:30' };
    const backwards = await s.call('POST', api('teacher_cam/add'), { headers: principal, json: { ...body, sign_out_time: '08:30' } });
    expect(backwards.body).toMatchObject({ code: 400, msg: '签退时间不能早于签到时间' });
    expect((await s.call('POST', api('teacher_cam/add'), { headers: principal, json: body })).body.code).toBe(200);
    const twice = await s.call('POST', api('teacher_cam/add'), { headers: principal, json: body });
    expect(twice.body).toMatchObject({ code: 409, msg: '该外教2031-03-02的考勤已存在，请直接编辑' });
  });

  it('answers another campus’s record exactly as a missing one, for reads and writes', async () => {
    const foreign = await firstId('teacher_cam', pudong);
    const page = await s.call<Page<Row>>('GET', api('teacher_cam/page?rows=100'), { headers: principal });
    expect(page.body.code).toBe(200);
    expect(page.body.data.content.length).toBeGreaterThan(0);
    expect(page.body.data.content.every((r) => r.school_id !== pudong)).toBe(true);
    const missing = await s.call('POST', api('teacher_cam/update'), { headers: principal, json: { id: 99_999_999, remark: 'x' } });
    const outside = await s.call('POST', api('teacher_cam/update'), { headers: principal, json: { id: foreign, remark: 'x' } });
    expect(outside.body).toEqual(missing.body);
    expect(outside.body.code).toBe(404);
    const del = await s.call('POST', api('teacher_cam/delete'), { headers: principal, json: [{ id: foreign }] });
    expect(del.body.code).toBe(404);
    expect(await firstId('teacher_cam', pudong)).toBe(foreign);
  });
});

describe('student results', () => {
  it('refuses a mark above the full mark and sums each class’s test up in 成绩统计', async () => {
    const classId = await firstId('base_class_manage', chaoyang);
    const students = await s.db.selectFrom('student').select('id').where('school_id', '=', chaoyang).where('del_flag', '=', 0).orderBy('id').limit(3).execute();
    expect(students.length).toBe(3);
    const base = { school_id: chaoyang, class_id: classId, exam_name: '统计用测验', exam_date: '2031-04-01', full_score: 120 };
    const over = await s.call('POST', api('tch_stu_class_pm/add'), { headers: teacher, json: { ...base, student_id: students[0].id, score: 121 } });
    // the teacher holds the button but works in 上海浦东: 北京朝阳 answers as missing
    expect(over.body.code).toBe(404);
    const overHere = await s.call('POST', api('tch_stu_class_pm/add'), { headers: principal, json: { ...base, student_id: students[0].id, score: 121 } });
    expect(overHere.body).toMatchObject({ code: 400, msg: '成绩不能高于满分' });
    for (const [i, score] of [108, 60, 84].entries()) {
      const r = await s.call('POST', api('tch_stu_class_pm/add'), { headers: principal, json: { ...base, student_id: students[i].id, score } });
      expect(r.body.code).toBe(200);
    }
    const stats = await s.call<Page<ClassResultStats>>('GET', api(`tch_stu_class_pm/statistics?class_id=${classId}&exam_name=${encodeURIComponent('统计用测验')}`), { headers: principal });
    expect(stats.body.code).toBe(200);
    // (90% + 50% + 70%) / 3 = 70.00%; 60% of 120 is 72: two of three passed
    expect(stats.body.data.content).toEqual([
      expect.objectContaining({ class_id: classId, exam_name: '统计用测验', exam_date: '2031-04-01', students: 3, avg_percent: 7000, max_score: 108, min_score: 60, pass_rate: 67 }),
    ]);
    // the demo tests of the principal's campuses only
    const all = await s.call<Page<ClassResultStats>>('GET', api('tch_stu_class_pm/statistics'), { headers: principal });
    expect(all.body.data.content.length).toBeGreaterThan(1);
    expect(all.body.data.content.every((r) => r.school_id !== pudong)).toBe(true);
    const theirs = await s.call<Page<ClassResultStats>>('GET', api(`tch_stu_class_pm/statistics?class_id=${classId}`), { headers: teacher });
    expect(theirs.body).toMatchObject({ code: 200, data: { content: [], totalSize: 0 } });
    expect((await s.call('GET', api('tch_stu_class_pm/statistics'), { headers: telemarketer })).body.code).toBe(403);
    const bad = await s.call('GET', api('tch_stu_class_pm/statistics?class_id=abc'), { headers: principal });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('班级');
  });

  it('adds up oral marks and foreign teachers’ scores itself', async () => {
    const stu = await firstId('student', pudong);
    const ft = await userId('foreign_teacher');
    const om = await s.call<Row>('POST', api('tch_stu_om/add'), { headers: foreignTeacher, json: { school_id: pudong, student_id: stu, examiner_id: ft, test_date: '2031-04-02', pronunciation: 20, fluency: 18, vocabulary: 22, grammar: 15, total_score: 1 } });
    expect(om.body).toMatchObject({ code: 200, data: { total_score: 75 } });
    const classId = await firstId('base_class_manage', pudong);
    const score = await s.call<Row>('POST', api('tch_ft_stu_score/add'), { headers: foreignTeacher, json: { school_id: pudong, student_id: stu, teacher_id: ft, class_id: classId, score_date: '2031-04-02', speaking: 80, listening: 90, participation: 70 } });
    expect(score.body).toMatchObject({ code: 200, data: { total_score: 240 } });
    // the Chinese teacher reads the foreign teachers' scores but does not write them
    const byTeacher = await s.call('POST', api('tch_ft_stu_score/add'), { headers: teacher, json: { school_id: pudong, student_id: stu, teacher_id: ft, class_id: classId, score_date: '2031-04-03', speaking: 80, listening: 90, participation: 70 } });
    expect(byTeacher.body.code).toBe(403);
  });
});

describe('classroom feedback', () => {
  it('looks feedback up by ids in the order asked, leaving out what is missing or outside the campuses', async () => {
    const ids = (await s.db.selectFrom('tch_class_feedback' as never).select(['id' as never, 'school_id' as never]).orderBy('id' as never).execute()) as { id: number; school_id: number }[];
    const mine = ids.filter((r) => r.school_id === pudong).map((r) => Number(r.id));
    const other = ids.find((r) => r.school_id !== pudong)?.id;
    expect(mine.length).toBeGreaterThan(1);
    expect(other).toBeDefined();
    const asked = [mine[1], 99_999_999, Number(other), mine[0]];
    const got = await s.call<ClassFeedbackRow[]>('GET', api(`tch_class_feedback/by_ids?ids=${asked.join(',')}`), { headers: teacher });
    expect(got.body.code).toBe(200);
    expect(got.body.data.map((r) => r.id)).toEqual([mine[1], mine[0]]);
    expect(got.body.data[0]).toMatchObject({ school_id: pudong, content: expect.any(String), class_name: expect.any(String), teacher_name: expect.any(String) });
    const all = await s.call<ClassFeedbackRow[]>('GET', api(`tch_class_feedback/by_ids?ids=${asked.join(',')}`), { headers: admin });
    expect(all.body.data.map((r) => r.id)).toEqual([mine[1], Number(other), mine[0]]);
    expect((await s.call('GET', api('tch_class_feedback/by_ids?ids='), { headers: teacher })).body).toMatchObject({ code: 400, msg: expect.stringContaining('课堂反馈') });
    expect((await s.call('GET', api('tch_class_feedback/by_ids?ids=1'), { headers: telemarketer })).body.code).toBe(403);
  });

  it('is read by the teachers and written with the screen’s operation codes only', async () => {
    const page = await s.call<Page<Row>>('GET', api('tch_class_feedback/page'), { headers: teacher });
    expect(page.body.code).toBe(200);
    expect(page.body.data.totalSize).toBeGreaterThan(0);
    expect(page.body.data.content.every((r) => r.school_id === pudong)).toBe(true);
    expect((await s.call('GET', api('tch_class_feedback/page'), { headers: telemarketer })).body.code).toBe(403);
    // 月度数据 is the principal's to write; the teacher reads it
    expect((await s.call('GET', api('tch_month_data/page'), { headers: teacher })).body.code).toBe(200);
    const write = await s.call('POST', api('tch_month_data/add'), { headers: teacher, json: { school_id: pudong, data_month: '2031-01', active_students: 1, lessons: 1, attendance_rate: 90, renewals: 0, referrals: 0 } });
    expect(write.body.code).toBe(403);
  });
});

describe('demo data', () => {
  it('gives every teaching list rows in the campuses of the demo roles that open it', async () => {
    const campuses = [chaoyang, pudong, await orgId('GZ-TH')];
    const empty: string[] = [];
    for (const def of [...TEACHING_RECORD_RESOURCES, ...TEACHING_RESULT_RESOURCES]) {
      for (const school of def.scope === 'school' ? campuses : [0]) {
        let q = s.db.selectFrom(def.table as never).select((eb) => eb.fn.countAll().as('n'));
        if (def.scope === 'school') q = q.where('school_id' as never, '=', school as never);
        const { n } = await q.executeTakeFirstOrThrow();
        if (Number(n) === 0) empty.push(`${def.name}@${school}`);
      }
    }
    expect(empty).toEqual([]);
  });
});

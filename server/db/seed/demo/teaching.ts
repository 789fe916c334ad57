import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import type { AnyDB } from '../../../lib/resource-routes';
import { addDays, nowText, todayText } from '../../../lib/time';
import '../../core-schema';

/**
 * Demo data of the teaching area, in every campus: foreign teachers' records (attendance, monthly
 * assessments, files), lesson observations, class results and the teaching schedule, campus plans,
 * complaint orders; the classroom feedback of recent lessons (content, feedback, memoir,
 * homework, reviews, parents' ratings, hand-ins), month and week figures with referred leads,
 * tests (beyond, oral, course map) and foreign teachers' scores. Head-office rows: study-report
 * templates and daily-report rules. Runs after the classes and students demo (classes, students).
 */
export const order = 45;

/** `YYYY-MM` of this month moved by `delta` months (Asia/Shanghai). */
function monthOf(delta: number): string {
  const [y, m] = todayText().slice(0, 7).split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Deterministic variation, so a demo database looks the same every time. */
const vary = (base: number, i: number, j = 0): number => Math.round(base * (0.85 + (((i * 7 + j * 3) % 7) * 0.05)));
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length];

const FEEDBACK = ['课堂气氛活跃，大部分同学能主动开口', '新单词掌握较好，句型练习还需加强', '小组对话表现突出，个别同学需要多鼓励'];
const CONTENT = ['Unit 3 Animals：动物名称与 I like… 句型', 'Unit 4 Food：食物词汇与 Would you like…', 'Phonics：字母组合 sh / ch 的发音'];
const MEMOIR = ['今天我们用角色扮演学习了点餐对话，孩子们扮演服务员和顾客', '课堂最后五分钟做了单词接龙，气氛很好'];
const HOMEWORK = ['朗读课文三遍并录音上传', '完成练习册第 12-13 页', '用五个新单词各造一个句子'];
const NATIONS = ['美国', '英国', '加拿大', '澳大利亚', '新西兰'];
const ENGLISH = ['Michael Brown', 'Emma Wilson', 'James Taylor', 'Olivia Smith', 'Daniel Clark'];

export async function seed(db: Kysely<Database>): Promise<void> {
  const any = db as unknown as Kysely<AnyDB>;
  const admin = await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirst();
  const st = { created_at: nowText(), updated_at: nowText(), created_by: admin?.id ?? null, updated_by: admin?.id ?? null };
  const rows: Record<string, Record<string, unknown>[]> = {};
  const add = (table: string, row: Record<string, unknown>): void => {
    (rows[table] ??= []).push({ ...row, ...st });
  };
  const today = todayText();
  const day = (delta: number): string => addDays(today, delta);

  const schools = await db.selectFrom('organisations').select(['id', 'name']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  const teacherRows = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .leftJoin('user_schools as us', 'us.user_id', 'u.id')
    .select(['u.id', 'r.code', 'us.school_id'])
    .where('r.code', 'in', ['teacher', 'foreign_teacher', 'principal'])
    .where('u.del_flag', '=', 0)
    .orderBy('u.id')
    .execute();
  // staff named by a campus's rows work there (the server refuses staff of other campuses):
  // its teachers, or else anyone of the campus, or else the administrator
  const everyone = await db.selectFrom('user_schools as us').innerJoin('users as u', 'u.id', 'us.user_id').select(['u.id', 'us.school_id']).where('u.del_flag', '=', 0).orderBy('u.id').execute();
  const staffAt = (schoolId: number, codes: readonly string[]): number[] => {
    const ids = [...new Set(teacherRows.filter((t) => t.school_id === schoolId && codes.includes(t.code)).map((t) => t.id))];
    if (ids.length > 0) return ids;
    const local = [...new Set(everyone.filter((u) => u.school_id === schoolId).map((u) => u.id))];
    return local.length > 0 ? local : [admin?.id ?? 1];
  };
  const classTypes = (await any.selectFrom('prod_class_type').select('id').orderBy('id').limit(5).execute()).map((r) => Number(r.id));

  for (const [i, s] of schools.entries()) {
    const classes = (await any.selectFrom('base_class_manage').select(['id', 'class_type_id']).where('school_id', '=', s.id).where('del_flag', '=', 0).orderBy('id').limit(3).execute()).map((r) => ({ id: Number(r.id), typeId: Number(r.class_type_id) }));
    const students = (await any.selectFrom('student').select('id').where('school_id', '=', s.id).where('del_flag', '=', 0).orderBy('id').limit(6).execute()).map((r) => Number(r.id));
    const foreign = staffAt(s.id, ['foreign_teacher']);
    const teachers = staffAt(s.id, ['teacher', 'foreign_teacher']);
    const observer = staffAt(s.id, ['principal'])[0];
    const school_id = s.id;

    // foreign teachers' records
    for (const [k, t] of foreign.slice(0, 2).entries()) {
      add('teacher_ft', { school_id, teacher_id: t, english_name: pick(ENGLISH, i + k), nationality: pick(NATIONS, i + k), ft_type: k === 0 ? 2 : 1, contract_start: `${monthOf(-8)}-01`, contract_end: `${monthOf(16)}-01`, visa_expiry: `${monthOf(14)}-15`, state: 1, remark: null });
      for (let d = 1; d <= 5; d++) {
        const late = (d + i) % 5 === 0;
        add('teacher_cam', { school_id, teacher_id: t, work_date: day(-d), state: late ? 2 : 1, lesson_hours: 400 + ((d + k) % 3) * 100, sign_in_time: late ? '09:12' : '08:50', sign_out_time: '18:00', remark: late ? '地铁延误' : null });
      }
      for (const delta of [-2, -1]) {
        const parts = { teaching_score: vary(34, i, delta + k), attendance_score: 18, feedback_score: vary(17, i, k), cooperation_score: 18 };
        const total = parts.teaching_score + parts.attendance_score + parts.feedback_score + parts.cooperation_score;
        add('teacher_fas', { school_id, teacher_id: t, assess_month: monthOf(delta), ...parts, total_score: total, level: total >= 90 ? 1 : total >= 80 ? 2 : 3, assessor_id: observer, comment: '课堂节奏把握好，建议增加与家长的课后沟通' });
      }
    }

    for (const [k, c] of classes.entries()) {
      const teacher = pick(teachers, k);
      const oa = { preparation_score: vary(21, i, k), delivery_score: vary(22, i, k + 1), interaction_score: vary(20, i, k + 2), management_score: 22 };
      add('teacher_oa', { school_id, teacher_id: teacher, observer_id: observer, class_id: c.id, observe_date: day(-3 - k), ...oa, total_score: oa.preparation_score + oa.delivery_score + oa.interaction_score + oa.management_score, comment: '教学目标清晰，学生参与度高' });
      for (let w = 1; w <= 4; w++) {
        add('tch_si', { school_id, class_id: c.id, week_no: w, unit_title: `第${w}单元 ${pick(['Hello', 'My Family', 'Animals', 'Food'], w - 1)}`, teaching_goal: '掌握本单元核心词汇与句型，能进行简单对话', teacher_id: teacher, done: w <= 2 ? 1 : 0, remark: null });
      }
      for (const [n, lessonDelta] of [-7, -2].entries()) {
        const lesson = { school_id, class_id: c.id, lesson_date: day(lessonDelta), teacher_id: teacher, remark: null };
        add('tch_class_content', { ...lesson, content: pick(CONTENT, k + n) });
        add('tch_class_feedback', { ...lesson, content: pick(FEEDBACK, k + n + i) });
        add('tch_class_memoir', { ...lesson, content: pick(MEMOIR, k + n) });
        add('tch_class_assignment', { ...lesson, content: pick(HOMEWORK, k + n) });
      }
      add('tch_homework', { school_id, title: `${pick(['Unit 3', 'Unit 4', 'Phonics'], k)} 课后作业`, class_id: c.id, teacher_id: teacher, assign_date: day(-2), due_date: day(3), content: pick(HOMEWORK, k) });
      for (const [n, stu] of students.slice(0, 4).entries()) {
        const score = vary(82, i + n, k);
        add('tch_stu_class_pm', { school_id, student_id: stu, class_id: c.id, exam_name: '月度测试', exam_date: day(-10), score: Math.min(score, 100), full_score: 100, remark: null });
        add('tch_stu_class_pm', { school_id, student_id: stu, class_id: c.id, exam_name: '期中测试', exam_date: day(-30), score: Math.min(vary(75, n, i + k), 100), full_score: 100, remark: null });
        add('tch_class_review', { school_id, student_id: stu, class_id: c.id, lesson_date: day(-2), teacher_id: teacher, stars: 3 + ((n + k) % 3), comment: pick(['发言积极，发音清晰', '注意力集中，作业认真', '需要多开口练习'], n + k) });
        add('tch_parent_rating', { school_id, student_id: stu, class_id: c.id, teacher_id: teacher, rating_date: day(-1), stars: 4 + ((n + i) % 2), comment: pick(['孩子很喜欢老师', '希望多布置口语练习', null], n) });
        add('tch_ft_stu_score', { school_id, student_id: stu, teacher_id: pick(foreign, n), class_id: c.id, score_date: day(-4), speaking: vary(80, n, k), listening: vary(85, n, i), participation: vary(88, k, n), total_score: vary(80, n, k) + vary(85, n, i) + vary(88, k, n), comment: '发音标准，口语表达还可加强' });
      }
    }

    for (const [n, stu] of students.slice(0, 4).entries()) {
      add('tch_stu_beyond', { school_id, student_id: stu, test_name: '剑桥少儿英语模拟测', test_date: day(-15), level: pick(['Starters', 'Movers', 'Flyers'], n + i), score: vary(80, n, i), full_score: 100, remark: null });
      const om = { pronunciation: vary(21, n, i), fluency: vary(19, n, i + 1), vocabulary: vary(20, n + 1, i), grammar: vary(18, n, i + 2) };
      add('tch_stu_om', { school_id, student_id: stu, examiner_id: pick(foreign, n), test_date: day(-6), ...om, total_score: om.pronunciation + om.fluency + om.vocabulary + om.grammar, comment: '表达自然，语法偶有错误' });
      if (classTypes.length > 0) add('tch_stu_coumap', { school_id, student_id: stu, class_type_id: classes[n % Math.max(classes.length, 1)]?.typeId ?? pick(classTypes, n), unit_name: `第${2 + n}单元`, progress: vary(60, n, i), mastery: 2 + (n % 2), update_date: day(-n) });
      add('crm_complaints_repair_order', { school_id, student_id: stu, complaint_type: pick([1, 3, 2], n + i), complaint_date: day(-3 * n - 1), content: pick(['孩子反映上课听不懂，希望调整进度', '周六上课时间临时调整未提前通知', '前台接待不耐烦'], n), handler_id: observer, state: pick([1, 2, 3], n), result: n === 2 ? '已与家长沟通并致歉，调整了通知流程' : null });
      if (n < 3) add('tch_homework_submit_pending', { school_id, student_id: stu, n });
    }

    for (const delta of [-2, -1, 0]) {
      add('tch_month_data', { school_id, data_month: monthOf(delta), active_students: vary(180, i, delta), lessons: vary(420, i, delta), attendance_rate: vary(90, i, delta) > 100 ? 98 : vary(90, i, delta), renewals: vary(24, i, delta), referrals: vary(12, i, delta), remark: null });
      add('cmp_plan', { school_id, plan_month: monthOf(delta), target_revenue: vary(80000000, i, delta), target_new_students: vary(40, i, delta), target_renewals: vary(30, i, delta), target_attendance_rate: 92, remark: null });
    }
    for (let n = 0; n < 4; n++) {
      add('tch_month_lead', { school_id, data_month: monthOf(n < 2 ? 0 : -1), lead_name: pick(['王子涵', '李思琪', '张浩然', '陈雨桐'], n + i), phone: `139${String(20000000 + i * 100 + n).padStart(8, '0')}`, referrer_id: students.length > 0 ? pick(students, n) : null, teacher_id: pick(teachers, n), lead_date: day(-2 - 9 * n), result: pick([1, 2, 3, 4], n) });
    }
    for (const [k, t] of teachers.slice(0, 2).entries()) {
      for (const w of [1, 2]) {
        add('tch_week_report', { school_id, week_start: day(-7 * w - ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7)), teacher_id: t, lessons: vary(14, i, k + w), students: vary(110, i, k + w), attendance_rate: 93, homework_rate: vary(85, k, w), summary: '本周完成两个单元的教学，学生口语有进步', issues: w === 1 ? '部分学生作业拖延，需联系家长' : null });
      }
    }
  }

  // hand-ins name the homework rows, inserted first
  const pending = rows.tch_homework_submit_pending ?? [];
  delete rows.tch_homework_submit_pending;
  for (const [table, list] of Object.entries(rows)) {
    for (let start = 0; start < list.length; start += 200) await any.insertInto(table).values(list.slice(start, start + 200)).execute();
  }
  const homework = await any.selectFrom('tch_homework').select(['id', 'school_id']).orderBy('id').execute();
  const submits = pending.flatMap((p) => {
    const hw = homework.find((h) => Number(h.school_id) === Number(p.school_id));
    if (!hw) return [];
    const n = Number(p.n);
    return [{ school_id: p.school_id, homework_id: hw.id, student_id: p.student_id, submit_date: day(-1), state: n === 0 ? 1 : n === 1 ? 2 : 3, score: n === 0 ? null : 80 + n * 5, correction: n === 0 ? null : pick(['书写工整，注意时态', '请订正第 3 题后重新提交'], n), ...st }];
  });
  if (submits.length > 0) await any.insertInto('tch_homework_submit').values(submits).execute();

  await any
    .insertInto('edu_report_template')
    .values([
      { name: '月度学习报告', class_type_id: classTypes[0] ?? null, content: '{学员}家长您好：{月份}{学员}在{班级}共出勤{出勤次数}次，{老师}老师评价：{评语}', state: 1, ...st },
      { name: '期中学习报告', class_type_id: null, content: '{学员}本学期期中测试成绩{成绩}分，班级平均{平均分}分。', state: 1, ...st },
      { name: '结课学习报告', class_type_id: classTypes[1] ?? null, content: '{学员}已完成{班级}全部课程，恭喜结业！', state: 0, ...st },
    ])
    .execute();
  await any
    .insertInto('cmp_gen_rule')
    .values([
      { name: '城市日报（每日 21:00）', report_kind: 1, generate_time: '21:00', include_weekend: 1, state: 1, remark: null, ...st },
      { name: '校区日报（每日 20:30）', report_kind: 2, generate_time: '20:30', include_weekend: 1, state: 1, remark: null, ...st },
      { name: '学管日报（工作日 19:00）', report_kind: 3, generate_time: '19:00', include_weekend: 0, state: 1, remark: '周末不生成', ...st },
    ])
    .execute();
}

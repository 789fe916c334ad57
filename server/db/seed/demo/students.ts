import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import { chunk } from '../../../lib/chunk';
import { idCardCheckDigit } from '../../../../src/contract/students';
import '../../../modules/students';
import '../../../modules/classes';
import '../../core-schema';

/**
 * Demo data of the students area, on top of the classes demo's enrolled students: owners, grades,
 * sources, ID numbers and course validity for them; about 180 more students per campus in every
 * other state (潜在, 试听, 冻结, 停课, 结课, 退费, 流失, some overdue or without a class), over 2,000 in
 * all, written in batches (one insert per 200 rows, one update per balance or freeze range, not per
 * student: the test suite and the e2e server seed this once per worker); parents as
 * one record per person with siblings sharing them; points with their ledger; freezes and stop
 * applies (approved, pending, ended); scores, assessments, knowledge points, certificates,
 * textbooks, attract-traffic records, referrers and a warm-up class (the system demo tags students).
 */
export const order = 25;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛';
const BOY = ['浩然', '子轩', '宇航', '俊杰', '博文', '梓睿', '一鸣', '天佑', '思齐', '明哲', '泽宇', '乐天', '嘉树', '景行', '昊天', '睿哲', '子墨', '宇轩', '沐阳', '奕辰', '皓轩', '铭泽', '俊熙', '晨阳', '若愚', '致远', '承泽', '子谦'];
const GIRL = ['雨萱', '梓琪', '欣妍', '可欣', '语嫣', '思彤', '若曦', '紫涵', '佳怡', '梦瑶', '诗琪', '安琪', '书瑶', '静怡', '一涵', '芷若', '欣怡', '梓萱', '诗涵', '沐晴', '语桐', '思琪', '雅琳', '晓萌', '心怡', '子琪', '若彤', '佳琪'];
const FATHER = ['建军', '志刚', '海涛', '国强', '文斌', '立新', '永明', '振华', '晓东', '俊峰'];
const MOTHER = ['丽华', '晓燕', '秀英', '春梅', '雪梅', '玉兰', '美玲', '慧敏', '文静', '海霞'];
const OCCUPATIONS = ['教师', '医生', '工程师', '公务员', '会计', '销售经理', '个体经营', '律师', '设计师', null];
const REGION: Record<string, string> = { BJ: '110105', SH: '310115', GZ: '440106', SZ: '440305' };
const EXAMS = ['期中测评', '期末测评', '剑桥少儿英语一级模拟', '口语能力测评'];
const POINTS_IN = ['全勤奖励', '课堂表现优秀', '作业全对', '推荐新学员', '参加校区活动'];
const POINTS_OUT = ['兑换文具礼包', '兑换绘本', '兑换英语桌游'];
const KNOWLEDGE = ['字母发音', '自然拼读规则', '日常对话', '时间表达', '一般现在时', '名词复数', '阅读理解', '听力细节'];
const CERTIFICATES = [
  ['剑桥少儿英语一级', '金盾'],
  ['剑桥少儿英语二级', '银盾'],
  ['全国少儿英语演讲比赛', '校区二等奖'],
  ['英语配音大赛', '优秀奖'],
] as const;
const TEXTBOOKS = ['Super Minds 1', 'Super Minds 2', 'Phonics Kids 1', 'Oxford Reading Tree', 'Power Up 1'];
const ACTIVITIES = ['周末亲子英语体验课', '商场快闪英语角', '暑期夏令营试听', '绘本故事会'];

function rng(start: number): () => number {
  let s = start >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Grade from the birth date on `today` (Chinese school year starts in September, age 6). */
function gradeOf(birthday: string, today: string): number | null {
  const age = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4)) - (today.slice(5) < birthday.slice(5) ? 1 : 0);
  if (age < 3) return 1;
  if (age > 18) return null;
  return Math.min(16, age - 1);
}

type AnyRow = Record<string, unknown>;

async function insertAll(db: Kysely<Database>, table: keyof Database & string, rows: AnyRow[]): Promise<void> {
  const any = db as unknown as Kysely<Record<string, AnyRow>>;
  for (const part of chunk(rows, 200)) await any.insertInto(table).values(part).execute();
}

export async function seed(db: Kysely<Database>): Promise<void> {
  const now = nowText();
  const today = todayText();
  const year = Number(today.slice(0, 4));
  const random = rng(20261124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const st = (by: number | null = null, at = now) => ({ created_at: at, updated_at: at, created_by: by, updated_by: by });

  const schools = await db.selectFrom('organisations').select(['id', 'name', 'code']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  if (schools.length === 0) return;
  const classType = await db.selectFrom('prod_class_type').select('id').orderBy('id').executeTakeFirst();
  const salesRole = await db.selectFrom('roles').select('id').where('code', '=', 'sales').executeTakeFirst();
  const passwordHash = (await db.selectFrom('users').select('password_hash').where('login_id', '=', 'sales').executeTakeFirst())?.password_hash ?? 'disabled';
  const byLogin = async (login: string) => (await db.selectFrom('users').select('id').where('login_id', '=', login).executeTakeFirst())?.id ?? null;
  const salesUser = await byLogin('sales');
  const tmkUser = await byLogin('telemarketer');
  const frontDeskUser = await byLogin('front_desk');
  const principalUser = await byLogin('principal');
  const adminUser = await byLogin('admin');

  let idSeq = 0;
  const idCard = (code: string, birthday: string, gender: number): string => {
    idSeq++;
    const seq = String(100 + ((idSeq * 7) % 800)).padStart(3, '0');
    const last = String(Number(seq[2]) - (Number(seq[2]) % 2) + (gender === 1 ? 1 : 0));
    const first17 = `${REGION[code.slice(0, 2)] ?? '110105'}${birthday.replace(/-/g, '')}${seq.slice(0, 2)}${last}`;
    return first17 + idCardCheckDigit(first17);
  };
  let phoneSeq = 0;
  const newPhone = () => `1${pick(['39', '38', '37', '86', '59', '88', '57'])}${String(20000000 + ++phoneSeq * 7727).slice(-8)}`;

  for (const [si, school] of schools.entries()) {
    const code = school.code ?? 'BJ';
    // a course consultant per campus (the demo's 刘洋 serves 北京朝阳)
    let seller = (
      await db
        .selectFrom('users')
        .innerJoin('user_schools', 'user_schools.user_id', 'users.id')
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .select('users.id')
        .where('user_schools.school_id', '=', school.id)
        .where('user_roles.role_id', '=', salesRole?.id ?? -1)
        .executeTakeFirst()
    )?.id;
    if (!seller && salesRole) {
      const u = await db
        .insertInto('users')
        .values({ login_id: `sales_${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`, name: `${SURNAMES[(si * 5 + 3) % SURNAMES.length]}${pick(['思琪', '嘉欣', '文博', '子健', '晓雯'])}`, phone: `136${String(30000000 + si).slice(-8)}`, email: null, sex: 2, password_hash: passwordHash, locked_until: null, avatar: null, city: null, org_id: school.id, remark: '演示课程顾问', ...st() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('user_roles').values({ user_id: u.id, role_id: salesRole.id }).execute();
      await db.insertInto('user_schools').values({ user_id: u.id, school_id: school.id }).execute();
      seller = u.id;
    }
    const teachers = (await db.selectFrom('base_class_manage').select('head_teacher_id').where('school_id', '=', school.id).where('head_teacher_id', 'is not', null).execute()).map((t) => Number(t.head_teacher_id));
    const teacherOf = new Map(
      (
        await db
          .selectFrom('stu_class')
          .innerJoin('base_class_manage', 'base_class_manage.id', 'stu_class.class_id')
          .select(['stu_class.student_id', 'base_class_manage.head_teacher_id'])
          .where('stu_class.school_id', '=', school.id)
          .execute()
      ).map((r) => [r.student_id, r.head_teacher_id]),
    );
    // who entered the students (我录入的学员 of each demo user who holds it: the principal enters some at
    // 北京海淀, the administrator some imported at 深圳南山)
    const ENTRANTS: Readonly<Record<string, readonly (number | null)[]>> = {
      'BJ-CY': [salesUser, tmkUser, seller ?? null],
      'BJ-HD': [principalUser, seller ?? null, seller ?? null],
      'GZ-TH': [frontDeskUser, seller ?? null],
      'SZ-NS': [adminUser, seller ?? null, seller ?? null],
    };
    const entrant = ENTRANTS[code] ?? [seller ?? null];

    // 1. the classes demo's enrolled students get owners, grade, source, validity, ID numbers
    const enrolled = await db.selectFrom('student').selectAll().where('school_id', '=', school.id).where('del_flag', '=', 0).orderBy('id').execute();
    for (const [k, s] of enrolled.entries()) {
      const birthday = s.birthday ?? `${year - 7}-03-15`;
      const gender = Number(s.gender ?? 1);
      await db
        .updateTable('student')
        .set({
          grade: gradeOf(birthday, today),
          source: pick([1, 2, 3, 4, 5, 6, 7]),
          seller_id: seller ?? null,
          tmk_id: code === 'BJ-CY' ? tmkUser : null,
          teacher_id: teacherOf.get(s.id) ?? null,
          id_card: k % 5 < 3 ? idCard(code, birthday, gender) : null,
          valid_until: k % 17 === 0 ? addDays(today, -Math.floor(5 + random() * 40)) : addDays(today, 60 + Math.floor(random() * 300)),
          attend_school: `${school.name.replace(/校区$/, '').replace(/^(北京|上海|广州|深圳)/, '$1市')}第${1 + (k % 9)}小学`,
          parent_relation: random() < 0.55 ? 2 : 1,
          is_exempt: k % 23 === 0 ? 1 : 0,
          integral: 0,
          created_by: entrant[k % entrant.length],
          created_at: k % 3 === 0 ? `${year - 1 - (k % 2)}-0${1 + (k % 8)}-1${k % 9} 10:00:00` : s.created_at,
        })
        .where('id', '=', s.id)
        .execute();
    }

    // 2. more students in every other state
    const plan: { state: number; count: number }[] = [
      { state: 5, count: 8 },
      { state: 6, count: 5 },
      { state: 1, count: 5 },
      { state: 7, count: 3 },
      { state: 2, count: 2 },
      { state: 3, count: 3 },
      { state: 4, count: 2 },
      { state: 8, count: 3 },
      // the campus's longer history (about 150 more per campus, so the demo holds over 2,000
      // students): enquiries that never came, finished and lost students, refunds, a few more
      // frozen and stopped, some 在读 without a class yet
      { state: 5, count: 45 },
      { state: 6, count: 15 },
      { state: 1, count: 8 },
      { state: 3, count: 35 },
      { state: 8, count: 25 },
      { state: 4, count: 8 },
      { state: 7, count: 8 },
      { state: 2, count: 6 },
    ];
    const fresh: AnyRow[] = [];
    let lastFamily: { surname: string; phone: string; parent: string; relation: number } | undefined;
    for (const p of plan) {
      for (let n = 0; n < p.count; n++) {
        const sibling = lastFamily !== undefined && random() < 0.18;
        const surname = sibling && lastFamily ? lastFamily.surname : SURNAMES[Math.floor(random() * SURNAMES.length)];
        const gender = random() < 0.5 ? 1 : 2;
        const birthday = `${year - 3 - Math.floor(random() * 10)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
        const mother = random() < 0.6;
        const family = sibling && lastFamily ? lastFamily : { surname, phone: newPhone(), parent: mother ? `${pick([...SURNAMES])}${pick(MOTHER)}` : `${surname}${pick(FATHER)}`, relation: mother ? 2 : 1 };
        lastFamily = family;
        const old = p.state === 3 || p.state === 8 || (p.state === 1 && n < 2);
        const createdAt = old ? `${year - 1 - (n % 2)}-${String(1 + ((n * 5) % 12)).padStart(2, '0')}-0${1 + (n % 9)} 09:30:00` : `${addDays(today, -Math.floor(random() * 90))} 1${n % 9}:20:00`;
        const source = p.state === 5 && n % 3 === 0 ? 7 : p.state === 6 && n % 2 === 0 ? 6 : pick([1, 2, 3, 4, 5, 6]);
        fresh.push({
          school_id: school.id,
          name: `${surname}${pick(gender === 1 ? BOY : GIRL)}`,
          gender,
          birthday,
          grade: gradeOf(birthday, today),
          phone: random() < 0.1 ? newPhone() : null,
          id_card: random() < 0.4 ? idCard(code, birthday, gender) : null,
          parent_name: family.parent,
          parent_relation: family.relation,
          parent_phone: family.phone,
          source,
          state: p.state,
          seller_id: p.state === 5 && n % 4 === 0 ? null : (seller ?? null),
          tmk_id: code === 'BJ-CY' || source === 7 ? tmkUser : null,
          teacher_id: [1, 7, 2, 3].includes(p.state) && teachers.length ? teachers[n % teachers.length] : null,
          pusher_id: null,
          attend_school: `${school.name.replace(/校区$/, '')}实验小学`,
          valid_until: [1, 7, 2].includes(p.state) ? (p.state === 1 && n === 4 ? addDays(today, -12) : addDays(today, 120 + n * 30)) : p.state === 3 ? addDays(today, -30 - (n % 12) * 10) : null,
          is_exempt: 0,
          integral: 0,
          freeze_start: null,
          freeze_end: null,
          remark: p.state === 8 ? pick(['搬家到外地', '课程时间冲突', '转去其他机构']) : p.state === 4 ? '家长申请退费，已办结' : null,
          del_flag: 0,
          ...st(entrant[fresh.length % entrant.length] ?? null, createdAt),
        });
      }
    }
    await insertAll(db, 'student', fresh);
    const all = await db.selectFrom('student').selectAll().where('school_id', '=', school.id).where('del_flag', '=', 0).orderBy('id').execute();

    // 3. parents: one record per phone in the campus, linked to each child; a second parent for
    // some (a sibling gets both of the first child's). Inserted in batches, found again by phone.
    const parentRows: Insertable<Database['stu_parent']>[] = [];
    const firstChild = new Map<string, { studentId: number; second: string | null }>();
    const linkPlan: { studentId: number; phone: string; primary: boolean }[] = [];
    for (const s of all) {
      if (!s.parent_phone) continue;
      const known = firstChild.get(s.parent_phone);
      if (known === undefined) {
        parentRows.push({ school_id: school.id, name: s.parent_name ?? `${s.name}家长`, relation: Number(s.parent_relation ?? 2), phone: s.parent_phone, student_id: s.id, is_primary: 1, occupation: pick(OCCUPATIONS), wechat: random() < 0.5 ? `wx_${s.parent_phone.slice(-6)}` : null, remark: null, del_flag: 0, ...st() });
        let second: string | null = null;
        if (random() < 0.4) {
          const relation = Number(s.parent_relation) === 2 ? 1 : 2;
          second = newPhone();
          parentRows.push({ school_id: school.id, name: relation === 1 ? `${s.name.slice(0, 1)}${pick(FATHER)}` : `${pick([...SURNAMES])}${pick(MOTHER)}`, relation, phone: second, student_id: s.id, is_primary: 0, occupation: pick(OCCUPATIONS), wechat: null, remark: null, del_flag: 0, ...st() });
          linkPlan.push({ studentId: s.id, phone: second, primary: false });
        }
        firstChild.set(s.parent_phone, { studentId: s.id, second });
      } else if (known.second) {
        linkPlan.push({ studentId: s.id, phone: known.second, primary: false });
      }
      linkPlan.push({ studentId: s.id, phone: s.parent_phone, primary: true });
    }
    const parentIdByPhone = new Map<string, number>();
    for (const part of chunk(parentRows, 200)) {
      for (const r of await db.insertInto('stu_parent').values(part).returning(['id', 'phone']).execute()) parentIdByPhone.set(String(r.phone), r.id);
    }
    const links: AnyRow[] = linkPlan.map((l) => ({ school_id: school.id, student_id: l.studentId, parent_id: parentIdByPhone.get(l.phone), is_primary: l.primary ? 1 : 0, ...st() }));
    await insertAll(db, 'stu_parent_student', links);

    // 4. points with their ledger (the student's total is the ledger's sum)
    const ledger: AnyRow[] = [];
    const balances = new Map<number, number[]>();
    for (const s of all.filter((x) => [1, 2, 3, 7].includes(Number(x.state)))) {
      if (random() < 0.35) continue;
      let balance = 0;
      const rows = 2 + Math.floor(random() * 4);
      for (let r = 0; r < rows; r++) {
        const out = r > 1 && random() < 0.3 && balance >= 30;
        const points = out ? -Math.min(balance, 30 + Math.floor(random() * 3) * 10) : 10 + Math.floor(random() * 5) * 5;
        balance += points;
        ledger.push({ school_id: school.id, student_id: s.id, points, balance_after: balance, reason: out ? pick(POINTS_OUT) : pick(POINTS_IN), operator_name: '演示数据', biz_type: out ? 'deduct' : 'grant', ...st(null, `${addDays(today, -60 + r * 12)} 1${r}:00:00`) });
      }
      balances.set(balance, [...(balances.get(balance) ?? []), s.id]);
    }
    await insertAll(db, 'student_integral_log', ledger);
    // one update per balance, not per student
    for (const [balance, ids] of balances) for (const part of chunk(ids, 500)) await db.updateTable('student').set({ integral: balance }).where('id', 'in', part).execute();

    // 5. freezes and stop applies
    const freezes: AnyRow[] = [];
    const offApplies: { studentId: number; offDate: string }[] = [];
    const frozenRange = new Map<string, number[]>();
    for (const [n, s] of all.filter((x) => x.state === 7).entries()) {
      const start = addDays(today, -10 - (n % 8) * 5);
      const end = addDays(today, 20 + (n % 8) * 10);
      const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
      freezes.push({ school_id: school.id, student_id: s.id, start_date: start, end_date: end, days, reason: pick(['出国旅行', '孩子生病住院', '学校期末考试', '家中有事']), state: 2, check_remark: '同意', checked_by: null, checked_at: `${start} 10:00:00`, wf_instance_id: null, ...st(null, `${addDays(start, -3)} 15:00:00`) });
      frozenRange.set(`${start}|${end}`, [...(frozenRange.get(`${start}|${end}`) ?? []), s.id]);
      if (n === 0) offApplies.push({ studentId: s.id, offDate: addDays(today, 3) });
    }
    for (const [range, ids] of frozenRange) {
      const [start, end] = range.split('|');
      await db.updateTable('student').set({ freeze_start: start, freeze_end: end }).where('id', 'in', ids).execute();
    }
    const active = all.filter((x) => x.state === 1);
    if (active[0]) freezes.push({ school_id: school.id, student_id: active[0].id, start_date: addDays(today, 7), end_date: addDays(today, 21), days: 15, reason: '寒假回老家', state: 1, check_remark: null, checked_by: null, checked_at: null, wf_instance_id: null, ...st(seller ?? null) });
    if (active[1]) freezes.push({ school_id: school.id, student_id: active[1].id, start_date: addDays(today, -120), end_date: addDays(today, -100), days: 21, reason: '暑期外出', state: 5, check_remark: '同意', checked_by: null, checked_at: `${addDays(today, -121)} 10:00:00`, wf_instance_id: null, ...st(seller ?? null, `${addDays(today, -125)} 10:00:00`) });
    if (active[2]) freezes.push({ school_id: school.id, student_id: active[2].id, start_date: addDays(today, -40), end_date: addDays(today, -30), days: 11, reason: '家长出差无人接送', state: 3, check_remark: '课程即将结课，建议请假', checked_by: null, checked_at: `${addDays(today, -41)} 10:00:00`, wf_instance_id: null, ...st(seller ?? null, `${addDays(today, -42)} 10:00:00`) });
    await insertAll(db, 'student_freeze', freezes);
    for (const o of offApplies) {
      const f = await db.selectFrom('student_freeze').select('id').where('student_id', '=', o.studentId).where('state', '=', 2).executeTakeFirstOrThrow();
      await db.insertInto('student_freeze_off_apply').values({ school_id: school.id, freeze_id: f.id, student_id: o.studentId, off_date: o.offDate, reason: '提前回来了，想尽快复课', state: 1, ...st(seller ?? null) }).execute();
    }
    const stops: AnyRow[] = all.filter((x) => x.state === 2).map((s, n) => ({ school_id: school.id, student_id: s.id, start_date: addDays(today, -20 - (n % 6) * 7), days: 30 + (n % 6) * 15, reason: pick(['学业压力大，暂停一段时间', '身体原因', '家庭搬迁过渡期']), state: 2, wf_instance_id: null, ...st(seller ?? null, `${addDays(today, -22 - (n % 6) * 7)} 11:00:00`) }));
    if (active[3]) stops.push({ school_id: school.id, student_id: active[3].id, start_date: addDays(today, 5), days: 14, reason: '参加学校夏令营', state: 1, wf_instance_id: null, ...st(seller ?? null) });
    await insertAll(db, 'student_stop_apply', stops);

    // 6. scores, assessments, knowledge points, certificates, textbooks
    const learners = all.filter((x) => [1, 2, 3, 7].includes(Number(x.state)));
    const scores: AnyRow[] = [];
    const assessments: AnyRow[] = [];
    const kw: AnyRow[] = [];
    const rz: AnyRow[] = [];
    const books: AnyRow[] = [];
    for (const [n, s] of learners.entries()) {
      if (n % 3 === 0) {
        for (const [e, exam] of EXAMS.slice(0, 2).entries()) scores.push({ school_id: school.id, student_id: s.id, exam_name: exam, class_type_id: classType?.id ?? null, exam_date: addDays(today, -80 + e * 45), score: 60 + Math.floor(random() * 40), full_score: 100, remark: null, ...st() });
      }
      if (n % 4 === 0 && s.teacher_id) {
        assessments.push({ school_id: school.id, student_id: s.id, teacher_id: s.teacher_id, score_date: addDays(today, -14), listening: 70 + Math.floor(random() * 30), speaking: 60 + Math.floor(random() * 40), reading: 65 + Math.floor(random() * 35), writing: 55 + Math.floor(random() * 45), comment: pick(['课堂积极发言，口语进步明显', '词汇量需要加强，建议每天复习单词', '听力理解好，书写需更工整', '注意力集中，作业完成认真']), ...st() });
      }
      if (n % 5 === 0) {
        for (const point of [pick(KNOWLEDGE), pick(KNOWLEDGE)]) kw.push({ school_id: school.id, student_id: s.id, class_type_id: classType?.id ?? null, knowledge_point: point, score_rate: 40 + Math.floor(random() * 60), test_date: addDays(today, -35), analysis: pick(['掌握较好', '需要巩固练习', '错误集中在细节题', '建议多做跟读练习']), ...st() });
      }
      if (n % 7 === 0) {
        const [item, level] = pick(CERTIFICATES);
        rz.push({ school_id: school.id, student_id: s.id, item, level, points: 50, award_date: addDays(today, -100 + n), remark: null, ...st() });
      }
      if (n % 3 === 1 && classType) {
        books.push({ school_id: school.id, student_id: s.id, class_type_id: classType.id, textbook_name: pick(TEXTBOOKS), quantity: 1, issued: n % 2, issue_date: n % 2 ? addDays(today, -30) : null, remark: null, ...st() });
      }
    }
    await insertAll(db, 'student_score', scores);
    await insertAll(db, 'tch_stu_score', assessments);
    await insertAll(db, 'student_kw_jfx', kw);
    await insertAll(db, 'student_rz_integral', rz);
    await insertAll(db, 'stu_class_type_textbook', books);

    // 7. referrers and attract-traffic records
    const referred = all.filter((x) => x.source === 2 || x.source === 6);
    const attract: AnyRow[] = [];
    for (const [n, s] of referred.entries()) {
      const pusher = learners[(n * 3 + 1) % Math.max(1, learners.length)];
      if (s.source === 2 && pusher && pusher.id !== s.id) await db.updateTable('student').set({ pusher_id: pusher.id }).where('id', '=', s.id).execute();
      attract.push({ school_id: school.id, student_id: s.id, channel: s.source, activity: s.source === 6 ? pick(ACTIVITIES) : '老学员推荐', attract_date: addDays(today, -Math.floor(random() * 120)), pusher_id: s.source === 2 && pusher && pusher.id !== s.id ? pusher.id : null, remark: null, ...st() });
    }
    await insertAll(db, 'student_attract_traffic', attract);

    // 9 (before 8 adds its class). two students per campus came from another class of the campus
    // (转班学员): an ended enrolment there (已转班) and the transfer record, as ct_transfer writes them
    const classes = await db.selectFrom('base_class_manage').select(['id', 'class_type_id']).where('school_id', '=', school.id).where('del_flag', '=', 0).where('is_warm_up', '=', 0).orderBy('id').execute();
    if (classes.length >= 2) {
      const [into, from] = classes;
      const movers = await db.selectFrom('stu_class').select(['student_id', 'join_date']).where('class_id', '=', into.id).where('state', '=', 1).orderBy('student_id').limit(2).execute();
      for (const m of movers) {
        const on = m.join_date ?? addDays(today, -30);
        await insertAll(db, 'stu_class', [{ school_id: school.id, student_id: m.student_id, class_id: from.id, class_type_id: from.class_type_id, join_date: addDays(on, -60), leave_date: on, state: 3, is_warm_up: 0, remark: `转班至 #${into.id}`, ...st() }]);
        await insertAll(db, 'ct_transfer', [{ school_id: school.id, student_id: m.student_id, from_class_id: from.id, to_class_id: into.id, transfer_date: on, reason: pick(['上课时间冲突', '家长希望换到周末班', '学员水平更适合新班级']), ...st() }]);
      }
    }

    // 8. a warm-up class with the campus's trial students (every campus: 热身班学员 of each campus's staff)
    // the first twelve trial students (the class seats 15)
    const trial = all.filter((x) => x.state === 6).slice(0, 12);
    if (classType && trial.length) {
      const cls = await db
        .insertInto('base_class_manage')
        .values({ school_id: school.id, name: `${school.name.replace(/校区$/, '')}热身体验班`, class_type_id: classType.id, head_teacher_id: teachers[0] ?? null, classroom_id: null, capacity: 15, state: 1, start_date: today, end_date: null, kf_id: null, is_warm_up: 1, remark: '试听学员先上热身课', del_flag: 0, ...st() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertAll(
        db,
        'stu_class',
        trial.map((s) => ({ school_id: school.id, student_id: s.id, class_id: cls.id, class_type_id: classType.id, join_date: addDays(today, -3), leave_date: null, state: 1, is_warm_up: 1, remark: null, ...st() })),
      );
    }
  }
}

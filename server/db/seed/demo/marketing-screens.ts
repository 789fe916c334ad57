import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import { POOL } from '../../../../src/contract/resources/marketing';
import { REFERRAL_RELATIONS, REFERRAL_SOURCE } from '../../../../src/contract/resources/marketing-screens';
import { addLead, recycleLeads } from '../../../modules/marketing';
import '../../core-schema';

/**
 * Demo rows of 老学员添加学员, 绘本学员 and AI日志 (after the leads, demo/marketing.ts, and the funnel):
 * per campus referrals made by its front desk, seller and principal (each sees their own), children
 * of the picture-book course, and leads left without follow-up that the recycling job (the area's own
 * code, as at every hour) warns about or takes back to the public pool.
 */
export const order = 61;

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const DAY_MS = 86_400_000;

const CHILDREN = ['王小雨', '李沐阳', '张可可', '刘若溪', '陈一诺', '杨乐乐', '赵子墨', '吴悠然', '周星辰', '徐安然'];
const PARENTS = ['王丽', '李强', '张敏', '刘芳', '陈磊', '杨静', '赵伟', '吴娟', '周鹏', '徐慧'];
const BOOK_TIMES = ['周六 10:00', '周六 14:00', '周日 10:00', '周三 18:30'];

export async function seed(db: Kysely<Database>): Promise<void> {
  const any = db as unknown as AnyDb;
  const nowMs = Date.now();
  const at = (daysAgo: number) => nowText(nowMs - daysAgo * DAY_MS);
  const schools = await db.selectFrom('organisations').select(['id', 'name']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  const staff = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('user_schools as us', 'us.user_id', 'u.id')
    .select(['u.id', 'u.name', 'r.code', 'us.school_id'])
    .where('r.code', 'in', ['telemarketer', 'sales', 'front_desk', 'principal', 'teacher'])
    .where('u.del_flag', '=', 0)
    .orderBy('u.id')
    .execute();
  const admin = (await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirst())?.id ?? null;
  if (admin === null) return;
  const of = (schoolId: number, code: string) => staff.find((s) => s.school_id === schoolId && s.code === code) ?? null;
  let seq = 0;
  const phone = () => `1${['37', '59', '86', '88'][seq % 4]}${String(51000000 + ++seq * 7919).slice(-8)}`;

  for (const school of schools) {
    const tmk = of(school.id, 'telemarketer');
    const seller = of(school.id, 'sales');
    const desk = of(school.id, 'front_desk');
    const principal = of(school.id, 'principal');
    const teacher = of(school.id, 'teacher');

    // 老学员添加学员: who entered each referral holds or waits for its lead, as the screen does
    const students = await db.selectFrom('student').select(['id', 'name']).where('school_id', '=', school.id).where('del_flag', '=', 0).orderBy('id').limit(3).execute();
    const makers = [desk, seller, principal].filter((m): m is NonNullable<typeof m> => m !== null);
    if (makers.length === 0) makers.push({ id: admin, name: '', code: 'RC999', school_id: school.id });
    for (const [i, st] of students.entries()) {
      const maker = makers[i % makers.length];
      const k = (school.id * 3 + i) % CHILDREN.length;
      const relation = REFERRAL_RELATIONS[i % REFERRAL_RELATIONS.length];
      const created = at(1 + i * 3);
      const lead = { school_id: school.id, name: CHILDREN[k], parent_name: PARENTS[k], parent_phone: phone(), gender: 1 + (i % 2), grade: 1 + i, address: null, remark: `老学员${st.name}转介绍（${relation.text}）`, source: REFERRAL_SOURCE };
      const holder = maker.code === 'sales' ? { pool: POOL.seller, seller_id: maker.id, name: maker.name } : { pool: POOL.unassigned };
      const leadId = await addLead(db, maker.id, lead, '老学员转介绍', holder);
      await any
        .insertInto('mkt_stu_referral')
        .values({ school_id: school.id, student_id: st.id, relation: relation.value, name: lead.name, gender: lead.gender, grade: lead.grade, parent_name: lead.parent_name, parent_phone: lead.parent_phone, resource_id: leadId, remark: i === 0 ? '家长在接送时推荐，想一起上课' : null, created_at: created, updated_at: created, created_by: maker.id, updated_by: maker.id })
        .execute();
      await any.updateTable('mkt_resource').set({ created_at: created, updated_at: created }).where('id', '=', leadId).execute();
    }

    // 绘本学员: leads of the campus in the picture-book course, newest first
    const leads = await db.selectFrom('mkt_resource').select(['id', 'pool']).where('school_id', '=', school.id).where('del_flag', '=', 0).where('pool', 'in', [POOL.public, POOL.tmk, POOL.seller, POOL.unassigned]).orderBy('pool', 'desc').orderBy('id').limit(6).execute();
    const books = leads.map((l, i) => {
      const joined = at(7 + i * 9).slice(0, 10);
      const done = Math.min(12, 2 + i * 2);
      const state = i === 4 ? 3 : i === 5 ? 2 : 1;
      return { school_id: school.id, del_flag: 0, resource_id: l.id, level: 1 + (i % 4), join_date: joined > todayText() ? todayText() : joined, teacher_id: teacher?.id ?? null, class_time: BOOK_TIMES[i % BOOK_TIMES.length], lesson_total: 12, lesson_done: state === 1 ? Math.min(done, 11) : 12, borrow_count: 3 + i * 2, state, remark: state === 3 ? '绘本课结课后报名少儿英语' : null, created_at: at(7 + i * 9), updated_at: at(7 + i * 9), created_by: admin, updated_by: admin };
    });
    if (books.length) await any.insertInto('mkt_picture_book_student').values(books).execute();

    // AI日志: leads nobody followed up, held by the telemarketer and the seller in turn: the job warns
    // about two and takes two back to the public pool
    const holders = [tmk ? { pool: POOL.tmk, tmk_id: tmk.id, name: tmk.name } : null, seller ? { pool: POOL.seller, seller_id: seller.id, name: seller.name } : null].filter((h) => h !== null);
    if (holders.length === 0) continue;
    for (const [i, days] of [20, 18, 14, 14].entries()) {
      const holder = holders[i % holders.length];
      const k = (school.id * 5 + i + 3) % CHILDREN.length;
      const id = await addLead(db, admin, { school_id: school.id, name: `${CHILDREN[k].slice(0, 1)}${['嘉怡', '明轩', '思远', '语桐'][i]}`, parent_name: PARENTS[k], parent_phone: phone(), gender: 1 + (i % 2), grade: 2 + i, address: null, remark: null, source: 5 }, '新增资源', holder);
      await any.updateTable('mkt_resource').set({ created_at: at(days), assigned_at: at(days), updated_at: at(days) }).where('id', '=', id).execute();
    }
  }
  // the job as it runs every hour (server/modules/marketing/recycle.ts): the timeline rows it writes are the log
  await recycleLeads(db);
}

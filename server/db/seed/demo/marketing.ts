import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText } from '../../../lib/time';
import { chunk } from '../../../lib/chunk';
import '../../../modules/marketing';
import '../../../modules/classes';
import '../../core-schema';
import { campusHistory, type HistoryLead } from './marketing-history';

/**
 * Demo leads of the marketing area (helper mkt-leads): per campus leads in every pool (待分配,
 * 电销跟进, 顾问跟进, 无效, 公海), some turned into students (已有学员), follow-up records of the
 * held ones, their timeline, and a few call-centre log rows. The demo telemarketer and seller hold
 * leads of 北京朝阳, so their own lists show rows. A share of them is taken further down the funnel
 * (invited, visited, trial: the funnel seed writes the invitations, visits and bookings the stamps
 * say happened). Then each campus's half year of lead history (marketing-history.ts, about 560 leads
 * per campus in every stage), inserted in batches.
 */
export const order = 30;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘';
const GIVEN = ['浩然', '子轩', '雨萱', '梓琪', '宇航', '欣妍', '俊杰', '可欣', '博文', '语嫣', '一鸣', '思彤', '天佑', '若曦', '明哲', '佳怡'];
const PARENT = ['建军', '丽华', '志刚', '晓燕', '海涛', '秀英', '国强', '春梅'];
const CONTENTS = ['家长对少儿英语感兴趣，约周末再联系', '孩子在外面上过自然拼读，想了解进阶课程', '无人接听，稍后再拨', '家长考虑价格，发送课程介绍', '已邀约周六上午到校试听', '家长表示暂不需要'];
const REASONS = ['空号', '家长明确拒绝', '重复资源', '年龄不符'];

type AnyRow = Record<string, unknown>;

function rng(start: number): () => number {
  let x = start;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

export async function seed(db: Kysely<Database>): Promise<void> {
  const random = rng(20261125);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const nowMs = Date.now();
  const at = (daysAgo: number, minutes = 0) => nowText(nowMs - daysAgo * 86_400_000 - minutes * 60_000);
  const any = db as unknown as Kysely<Record<string, AnyRow>>;

  const schools = await db.selectFrom('organisations').select(['id', 'name', 'code']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  if (schools.length === 0) return;
  const staff = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('user_schools as us', 'us.user_id', 'u.id')
    .select(['u.id', 'u.name', 'r.code', 'us.school_id'])
    .where('r.code', 'in', ['telemarketer', 'sales'])
    .where('u.del_flag', '=', 0)
    .execute();
  const admin = (await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirst())?.id ?? null;

  let phoneSeq = 0;
  const phone = () => `1${pick(['36', '35', '50', '87', '89', '58'])}${String(30000000 + ++phoneSeq * 6151).slice(-8)}`;
  // the history draws from its own sequence and numbers, so the named leads stay as they were
  const past = rng(20261129);
  const pastPick = <T>(list: readonly T[]): T => list[Math.floor(past() * list.length)];
  let pastSeq = 0;
  const pastPhone = () => `1${pastPick(['52', '53', '82', '83', '98', '99'])}${String(10000000 + ++pastSeq * 7919).slice(-8)}`;

  for (const school of schools) {
    const tmk = staff.find((s) => s.school_id === school.id && s.code === 'telemarketer') ?? null;
    const seller = staff.find((s) => s.school_id === school.id && s.code === 'sales') ?? null;
    const students = await db.selectFrom('student').select(['id', 'name', 'parent_phone']).where('school_id', '=', school.id).where('del_flag', '=', 0).orderBy('id').limit(4).execute();
    const leads: AnyRow[] = [];
    const plan: [number, number][] = [
      [1, 14],
      [2, tmk ? 16 : 0],
      [3, seller ? 12 : 0],
      [4, 6],
      [5, 10],
    ];
    for (const [pool, count] of plan) {
      for (let i = 0; i < count; i++) {
        const held = pool === 2 || pool === 3;
        // held leads were given out within the recycling period (15 days), so the job leaves them
        const createdDays = Math.floor(random() * (held ? 10 : 20)) + 1;
        const created = at(createdDays, Math.floor(random() * 600));
        // followed up after it was entered (a whole day later at least)
        const followed = held && random() < 0.8 ? at(Math.floor(random() * Math.min(5, createdDays)), Math.floor(random() * 300)) : null;
        const stage = held ? (followed ? (pool === 3 ? 3 : 2) : 1) : pool === 5 ? 2 : 1;
        leads.push({
          school_id: school.id,
          name: `${pick([...SURNAMES])}${pick(GIVEN)}`,
          gender: random() < 0.5 ? 1 : 2,
          grade: 1 + Math.floor(random() * 9),
          parent_name: `${pick([...SURNAMES])}${pick(PARENT)}`,
          parent_phone: phone(),
          source: pick([1, 2, 3, 4, 5, 6]),
          pool,
          stage,
          // an invalid lead keeps whoever invalidated it (half the telemarketer's, half the seller's)
          tmk_id: pool === 2 || pool === 3 || (pool === 4 && i % 2 === 0) ? (tmk?.id ?? null) : null,
          tmk_name: pool === 2 || pool === 3 || (pool === 4 && i % 2 === 0) ? (tmk?.name ?? null) : null,
          seller_id: pool === 3 || (pool === 4 && i % 2 === 1) ? (seller?.id ?? null) : null,
          seller_name: pool === 3 || (pool === 4 && i % 2 === 1) ? (seller?.name ?? null) : null,
          is_important: held && i < 2 ? 1 : 0,
          app_allow: 0,
          invalid_reason: pool === 4 ? pick(REASONS) : null,
          assigned_at: held ? created : null,
          last_follow_at: followed,
          next_follow_at: followed ? at(-1 - Math.floor(random() * 3)) : null,
          follow_count: followed ? 1 + Math.floor(random() * 3) : 0,
          called_at: stage >= 2 ? (followed ?? created) : null,
          invited_at: stage >= 3 ? (followed ?? created) : null,
          student_id: null,
          del_flag: 0,
          created_at: created,
          updated_at: created,
          created_by: admin,
          updated_by: admin,
        });
      }
    }
    // the campus's students that came in as leads (已有学员)
    for (const st of students) {
      const created = at(40 + Math.floor(random() * 30));
      leads.push({
        school_id: school.id,
        name: st.name,
        parent_phone: st.parent_phone ?? phone(),
        parent_name: null,
        source: 3,
        pool: seller ? 3 : 1,
        stage: 6,
        tmk_id: tmk?.id ?? null,
        tmk_name: tmk?.name ?? null,
        seller_id: seller?.id ?? null,
        seller_name: seller?.name ?? null,
        is_important: 1,
        app_allow: 1,
        assigned_at: created,
        last_follow_at: at(2),
        follow_count: 4,
        called_at: created,
        invited_at: created,
        visited_at: created,
        trial_at: created,
        signed_at: at(30),
        student_id: st.id,
        del_flag: 0,
        created_at: created,
        updated_at: created,
        created_by: admin,
        updated_by: admin,
      });
    }
    leads.forEach((l, j) => furtherDown(l, j, at(0)));
    const ids: number[] = [];
    for (const part of chunk(leads, 100)) ids.push(...(await any.insertInto('mkt_resource').values(part).returning('id').execute()).map((r) => Number(r.id)));
    const moves: AnyRow[] = [];
    const records: AnyRow[] = [];
    ids.forEach((id, i) => {
      const l = leads[i];
      moves.push({ school_id: school.id, resource_id: id, action: '新增资源', from_pool: null, to_pool: 1, from_owner: null, to_owner: null, reason: null, created_at: l.created_at, updated_at: l.created_at, created_by: admin, updated_by: admin });
      if (l.pool !== 1) {
        const owner = l.pool === 2 ? l.tmk_id : l.pool === 3 ? l.seller_id : null;
        const action = l.pool === 2 ? '分配电销' : l.pool === 3 ? '分配课程顾问' : l.pool === 4 ? '设为无效' : '放入公海';
        moves.push({ school_id: school.id, resource_id: id, action, from_pool: 1, to_pool: l.pool, from_owner: null, to_owner: owner, reason: l.invalid_reason ?? null, created_at: l.created_at, updated_at: l.created_at, created_by: admin, updated_by: admin });
      }
      if (l.last_follow_at) {
        const by = (l.pool === 3 ? l.seller_id : l.tmk_id) as number | null;
        const n = Number(l.follow_count);
        for (let k = 0; k < n; k++) {
          // the newest record is the lead's last follow-up (this month's call_record list shows it)
          const when = k === 0 ? String(l.last_follow_at) : at(3 + k * 2, k * 17);
          records.push({ school_id: school.id, resource_id: id, way: 1, result: pick([1, 2, 3, 4]), content: pick(CONTENTS), next_follow_at: k === 0 ? l.next_follow_at : null, call_status: 2, call_seconds: 30 + Math.floor(random() * 400), call_id: null, follow_at: when, created_at: when, updated_at: when, created_by: by, updated_by: by });
        }
      }
    });
    for (const part of chunk(moves, 200)) await any.insertInto('mkt_resource_move').values(part).execute();
    for (const part of chunk(records, 200)) await any.insertInto('mkt_record').values(part).execute();
    await any
      .insertInto('mkt_pool_rule')
      .values({ school_id: school.id, follow_days: 15, deal_days: 90, warn_days: 2, max_hold: 300, max_important: 30, max_claim_per_day: 30, cooldown_days: 7, created_at: at(60), updated_at: at(60), created_by: admin, updated_by: admin })
      .execute();
    // existing students given to the telemarketer for renewal calls
    if (tmk) {
      const allot = ids.slice(-students.length).map((id) => ({ school_id: school.id, resource_id: id, tmk_id: tmk.id, purpose: '续费回访', remark: null, created_at: at(5), updated_at: at(5), created_by: admin, updated_by: admin }));
      if (allot.length) await any.insertInto('mkt_stu_allot_tmk').values(allot).execute();
    }
    const caller = (await db.selectFrom('user_schools').select('user_id').where('school_id', '=', school.id).orderBy('user_id').executeTakeFirst())?.user_id ?? null;
    const unlinked = await db
      .selectFrom('student')
      .select(['id', 'name', 'parent_phone'])
      .where('school_id', '=', school.id)
      .where('del_flag', '=', 0)
      .where('id', 'not in', students.length ? students.map((st) => st.id) : [0])
      .orderBy('id')
      .limit(60)
      .execute();
    const history = campusHistory({
      schoolId: school.id,
      nowMs,
      random: past,
      phone: pastPhone,
      name: () => `${pastPick([...SURNAMES])}${pastPick(GIVEN)}`,
      parentName: () => `${pastPick([...SURNAMES])}${pastPick(PARENT)}`,
      tmk,
      seller,
      caller,
      admin,
      students: unlinked.map((st) => ({ id: st.id, name: st.name, parent_phone: st.parent_phone ?? null })),
    });
    await insertHistory(any, history);
    if (tmk) {
      const logs = ids.slice(14, 17).map((id, i) => ({ school_id: school.id, provider: 'record', kind: i === 2 ? 'sms' : 'call', target: leads[14 + i]?.parent_phone, content: i === 2 ? '您好，周六上午有免费英语体验课，欢迎到校参加。' : `外呼 ${String(leads[14 + i]?.name)}`, call_id: `demo-${school.id}-${i}`, resource_id: id, sent_at: at(0, 30 + i * 7), created_at: at(0, 30 + i * 7), updated_at: at(0, 30 + i * 7), created_by: tmk.id, updated_by: tmk.id }));
      await any.insertInto('mkt_call_center_log').values(logs).execute();
    }
  }
}

/**
 * A share of the campus's named leads taken further down the funnel, as the calls would stamp them
 * (invalid ones stay): about 40% of those not yet invited are invited a day or three after entered;
 * of the invited and not yet visited, a quarter visit two days later and half of those take a trial
 * lesson three days after. Never after now.
 */
function furtherDown(l: AnyRow, j: number, now: string): void {
  if (l.pool === 4) return;
  const shift = (t: string, days: number) => {
    const v = nowText(Date.parse(`${t.slice(0, 10)}T${t.slice(11, 19)}+08:00`) + days * 86_400_000);
    return v > now ? now : v;
  };
  const stage = Number(l.stage);
  if (!l.invited_at && stage < 3 && j % 10 < 4) l.invited_at = shift(String(l.created_at), 1 + (j % 3));
  if (l.invited_at && !l.visited_at && stage < 6 && j % 4 === 0) {
    l.visited_at = shift(String(l.invited_at), 2);
    if (j % 8 === 0) l.trial_at = shift(String(l.visited_at), 3);
  }
  l.stage = Math.max(stage, l.trial_at ? 5 : l.visited_at ? 4 : l.invited_at ? 3 : 1);
}

/** The history's leads in batches, then their follow-up records and timeline rows with the leads' ids. */
async function insertHistory(any: Kysely<Record<string, AnyRow>>, history: HistoryLead[]): Promise<void> {
  const ids: number[] = [];
  for (const part of chunk(history, 250)) ids.push(...(await any.insertInto('mkt_resource').values(part.map((h) => h.row)).returning('id').execute()).map((r) => Number(r.id)));
  const records = history.flatMap((h, i) => h.records.map((r) => ({ ...r, resource_id: ids[i] })));
  const moves = history.flatMap((h, i) => h.moves.map((m) => ({ ...m, resource_id: ids[i] })));
  for (const part of chunk(records, 500)) await any.insertInto('mkt_record').values(part).execute();
  for (const part of chunk(moves, 500)) await any.insertInto('mkt_resource_move').values(part).execute();
}

import { nowText as text } from '../../../lib/time';

/**
 * The demo campus's lead history (helper of demo/marketing.ts, no seed of its own): about 560 leads
 * per campus entered over the last half year, taken down the funnel as a campus's leads go —
 * about 72% reached, half of those invited, 60% of the invited visit, two thirds of the visitors
 * take a trial lesson and half of those sign (as a student of the campus: only as many sign as the
 * campus has students without a lead). Each stage is stamped a few days after the one before,
 * never after now, with the follow-up records, the timeline and the pools that history leaves:
 * leads worked lately are held by the campus's telemarketer or seller (a few dozen each, followed
 * up within the recycling period so the job leaves them), the rest wait in 待分配, went back to the
 * public pool, or were found invalid.
 */

type AnyRow = Record<string, unknown>;

export const HISTORY_LEADS_PER_CAMPUS = 560;
/** Leads in the works each holder keeps (well under the campus's cap of 300). */
const HELD_PER_PERSON = 60;
const DAY_MS = 86_400_000;

const CONTENTS = [
  '家长对少儿英语感兴趣，约周末再联系',
  '孩子在外面上过自然拼读，想了解进阶课程',
  '无人接听，稍后再拨',
  '家长考虑价格，发送课程介绍',
  '已邀约周六上午到校试听',
  '家长表示暂不需要',
  '妈妈在上班，约晚上七点后再打',
  '介绍了外教小班课，家长想先看看环境',
  '询问了上课时间，周末上午比较合适',
  '家长说孩子学校作业多，下学期再考虑',
];
const REASONS = ['空号', '家长明确拒绝', '重复资源', '年龄不符', '距离太远'];

export interface HistoryStaff {
  id: number;
  name: string;
}

export interface HistoryInput {
  schoolId: number;
  nowMs: number;
  random: () => number;
  phone: () => string;
  name: () => string;
  parentName: () => string;
  tmk: HistoryStaff | null;
  seller: HistoryStaff | null;
  /** who makes the calls where the campus has no telemarketer (its first member of staff) */
  caller: number | null;
  admin: number | null;
  /** students of the campus not yet linked to a lead: the history's signed leads become them */
  students: { id: number; name: string; parent_phone: string | null }[];
}

/** A lead of the history and what happened to it: the row, then its records and moves (by index). */
export interface HistoryLead {
  row: AnyRow;
  records: AnyRow[];
  moves: AnyRow[];
}

/** The history of one campus's leads (rows to insert; records and moves get the lead's id after the insert). */
export function campusHistory(input: HistoryInput): HistoryLead[] {
  const { schoolId, nowMs, random, tmk, seller, admin } = input;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const later = (ms: number, minDays: number, maxDays: number) => ms + (minDays + random() * (maxDays - minDays)) * DAY_MS;
  const out: HistoryLead[] = [];
  let tmkHeld = 0;
  let sellerHeld = 0;
  let signedLeft = input.students.length;
  for (let i = 0; i < HISTORY_LEADS_PER_CAMPUS; i++) {
    // more leads lately than half a year ago (a campus that grows)
    const createdMs = nowMs - Math.floor((1 - Math.sqrt(random())) * 180 * DAY_MS) - Math.floor(random() * 600) * 60_000;
    // each stage a few days after the one before; a stage whose day has not come is not reached
    const stamps: number[] = [];
    const plan: [number, number, number][] = [
      [0.72, 0.05, 2],
      [0.5, 1, 5],
      [0.6, 1, 7],
      [0.65, 0, 5],
      [0.5, 1, 10],
    ];
    let last = createdMs;
    for (const [p, min, max] of plan) {
      if (random() >= p) break;
      const at = later(last, min, max);
      if (at > nowMs) break;
      if (stamps.length === 4 && signedLeft === 0) break;
      stamps.push(at);
      last = at;
    }
    const stage = 1 + stamps.length;
    const signed = stage === 6;
    const student = signed ? input.students[input.students.length - signedLeft--] : null;
    const idleDays = (nowMs - last) / DAY_MS;
    const createdDays = (nowMs - createdMs) / DAY_MS;
    // who holds it now: worked lately (and entered recently enough for the no-deal rule) → its holder
    // (the campus's telemarketer calls and invites, its seller takes the visitors; where there is no
    // telemarketer the seller does both)
    const inWork = idleDays < 9 && createdDays < 75;
    let holder: 'tmk' | 'seller' | null = null;
    let pool = stage === 1 && createdDays < 14 ? 1 : 5;
    if (signed) {
      pool = seller ? 3 : 1;
      holder = seller ? 'seller' : null;
    } else if ((stage === 1 && createdDays > 5 && random() < 0.2) || (stage === 2 && random() < 0.12)) pool = 4;
    else if (inWork && tmk && tmkHeld < HELD_PER_PERSON && ((stage === 1 && random() < 0.5) || (stage >= 2 && stage < 4))) {
      holder = 'tmk';
      pool = 2;
      tmkHeld++;
    } else if (inWork && stage >= 2 && seller && sellerHeld < HELD_PER_PERSON) {
      holder = 'seller';
      pool = 3;
      sellerHeld++;
    }
    const worker = stage >= 4 && seller ? seller : tmk;
    const by = worker?.id ?? input.caller ?? admin;
    // follow-up records from the first call on: one per stage reached, and a few in between
    const records: AnyRow[] = [];
    if (stamps.length > 0) {
      const count = Math.min(6, stamps.length + Math.floor(random() * 3));
      for (let k = 0; k < count; k++) {
        const at = k < stamps.length ? stamps[k] : later(stamps[0], 0, Math.max(0.2, (last - stamps[0]) / DAY_MS));
        const result = k === 1 && stamps.length >= 2 ? 3 : k === 0 ? pick([1, 2]) : pick([1, 2, 4]);
        const when = text(Math.min(at, nowMs));
        records.push({ school_id: schoolId, way: k === 0 ? 1 : pick([1, 1, 2, 3]), result, content: pick(CONTENTS), next_follow_at: null, call_status: 2, call_seconds: 30 + Math.floor(random() * 400), call_id: null, follow_at: when, created_at: when, updated_at: when, created_by: by, updated_by: by });
      }
      records.sort((a, b) => String(a.follow_at).localeCompare(String(b.follow_at)));
    }
    const lastFollow = records.length ? String(records[records.length - 1].follow_at) : null;
    const stamp = (k: number) => (stamps[k] === undefined ? null : text(stamps[k]));
    const created = text(createdMs);
    const invalid = pool === 4;
    const row: AnyRow = {
      school_id: schoolId,
      name: student?.name ?? input.name(),
      gender: random() < 0.5 ? 1 : 2,
      grade: 1 + Math.floor(random() * 9),
      parent_name: input.parentName(),
      parent_phone: student?.parent_phone ?? input.phone(),
      source: pick([1, 1, 2, 3, 4, 5, 6]),
      pool,
      stage,
      tmk_id: holder === 'tmk' || (signed && tmk) || (invalid && tmk) ? (tmk?.id ?? null) : null,
      tmk_name: holder === 'tmk' || (signed && tmk) || (invalid && tmk) ? (tmk?.name ?? null) : null,
      seller_id: holder === 'seller' ? (seller?.id ?? null) : null,
      seller_name: holder === 'seller' ? (seller?.name ?? null) : null,
      is_important: 0,
      app_allow: signed ? 1 : 0,
      invalid_reason: invalid ? pick(REASONS) : null,
      assigned_at: holder ? text(Math.max(createdMs, last - 2 * DAY_MS)) : null,
      last_follow_at: lastFollow,
      // the held leads' next call is due in the coming days
      next_follow_at: holder && !signed ? text(nowMs + (1 + Math.floor(random() * 3)) * DAY_MS) : null,
      follow_count: records.length,
      called_at: stamp(0),
      invited_at: stamp(1),
      visited_at: stamp(2),
      trial_at: stamp(3),
      signed_at: stamp(4),
      student_id: student?.id ?? null,
      del_flag: 0,
      created_at: created,
      updated_at: lastFollow ?? created,
      created_by: admin,
      updated_by: admin,
    };
    const moves: AnyRow[] = [{ school_id: schoolId, action: '新增资源', from_pool: null, to_pool: 1, from_owner: null, to_owner: null, reason: null, created_at: created, updated_at: created, created_by: admin, updated_by: admin }];
    if (pool !== 1) {
      const owner = pool === 2 ? tmk?.id : pool === 3 ? seller?.id : null;
      const action = pool === 2 ? '分配电销' : pool === 3 ? '分配课程顾问' : pool === 4 ? '设为无效' : '放入公海';
      const at = pool === 5 || pool === 4 ? (lastFollow ?? created) : String(row.assigned_at ?? created);
      moves.push({ school_id: schoolId, action, from_pool: 1, to_pool: pool, from_owner: null, to_owner: owner ?? null, reason: row.invalid_reason ?? null, created_at: at, updated_at: at, created_by: admin, updated_by: admin });
    }
    out.push({ row, records, moves });
  }
  return out;
}

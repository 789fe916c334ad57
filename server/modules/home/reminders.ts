import type { Kysely } from 'kysely';
import { EXPIRY_DAYS, LOW_HOURS, REMIND_DAYS, REMINDER_TABS, type BirthdayRow, type CollectRow, type ReminderBadge, type ReminderTab, type RenewRow, type TodoRow, type VisitRow } from '../../../src/contract/home';
import { formatYuan } from '../../../src/lib/format/money';
import { wfInstanceListQuery } from '../../../src/contract/workflow';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { maskFor } from '../../lib/mask';
import { addDays } from '../../lib/time';
import { studentsBornOn } from '../students';
import { duePeriods, renewCandidates, unpaidOrders } from '../orders';
import { dueFollowUps } from '../marketing';
import { instancePage } from '../workflow';
import { ageOn, birthdayWindow } from './birthday-window';
import { linksFor, type Links } from './links';

/**
 * 待办提醒 (the home page's reminders): each tab reads the data of another area through its public
 * module, limited to the caller's campuses there, and is shown only to callers holding a screen of
 * that data (links.ts). Every function takes the caller's day or moment (Asia/Shanghai) as an
 * argument, so tests pass a fixed one.
 */

type Db = Kysely<Database>;

/** Which tabs the caller may see: the screens of the data behind each. */
export function visibleTabs(links: Links): ReminderTab[] {
  const may: Record<ReminderTab, boolean> = {
    birthday: links.holds('student'),
    collect: links.holds('money'),
    renew: links.holds('order'),
    todo: links.todo !== null || links.holds('lead'),
  };
  return REMINDER_TABS.filter((t) => may[t]);
}

export async function birthdayRows(db: Db, p: Principal, today: string, links?: Links): Promise<BirthdayRow[]> {
  const l = links ?? (await linksFor(db, p));
  if (!l.holds('student')) return [];
  const window = birthdayWindow(today, REMIND_DAYS);
  const students = await studentsBornOn(
    db,
    p,
    window.flatMap((d) => d.monthDays),
  );
  const rows: BirthdayRow[] = [];
  for (const s of students) {
    const md = s.birthday.slice(5, 10);
    const day = window.find((d) => d.monthDays.includes(md));
    if (!day) continue;
    rows.push({
      student_id: s.id,
      name: s.name,
      school_id: s.school_id,
      school_name: s.school_name ?? '',
      birthday_date: day.date,
      birthday: s.birthday,
      age: ageOn(s.birthday, day.date),
      days_left: day.offset,
      phone: maskFor(p, 'phone', s.phone ?? s.parent_phone),
      link: l.of('student'),
    });
  }
  return rows.sort((a, b) => a.days_left - b.days_left || a.student_id - b.student_id);
}

export async function collectRows(db: Db, p: Principal, today: string, links?: Links): Promise<CollectRow[]> {
  const l = links ?? (await linksFor(db, p));
  if (!l.holds('money')) return [];
  // 财务 holding only the receipts screen still collects: its rows link to the receipts
  const [periods, orders] = await Promise.all([duePeriods(db, p, addDays(today, REMIND_DAYS)), unpaidOrders(db, p)]);
  const rows: CollectRow[] = periods.map((d) => ({
    kind: 'installment',
    id: d.period_id,
    student_id: d.student_id,
    student_name: d.student_name ?? '',
    school_name: d.school_name ?? '',
    amount: d.owed,
    due_date: d.due_date,
    overdue: d.due_date < today,
    note: `分期第${d.period_no}期，应还 ¥${formatYuan(d.owed)}`,
    link: l.of('installment') ?? l.of('money'),
  }));
  for (const o of orders) {
    rows.push({
      kind: 'order',
      id: o.order_id,
      student_id: o.student_id,
      student_name: o.student_name ?? '',
      school_name: o.school_name ?? '',
      amount: o.owed,
      due_date: o.order_date,
      overdue: false,
      note: `订单 ${o.order_no ?? o.order_id} 待收 ¥${formatYuan(o.owed)}`,
      link: l.of('order') ?? l.of('money'),
    });
  }
  return rows;
}

export async function renewRows(db: Db, p: Principal, today: string, links?: Links): Promise<RenewRow[]> {
  const l = links ?? (await linksFor(db, p));
  if (!l.holds('order')) return [];
  const list = await renewCandidates(db, p, LOW_HOURS, today, addDays(today, EXPIRY_DAYS));
  return list
    .map((r) => ({
      student_id: r.student_id,
      student_name: r.student_name ?? '',
      school_name: r.school_name ?? '',
      class_type_name: r.class_type_name ?? '',
      remaining_hours: r.remaining_hours,
      expires_on: r.expires_on,
      reason: [r.remaining_hours <= LOW_HOURS ? `剩余 ${r.remaining_hours} 课时` : '', r.expires_on ? `${r.expires_on} 到期` : ''].filter(Boolean).join('，'),
      link: l.of('student'),
    }))
    .sort((a, b) => a.remaining_hours - b.remaining_hours || a.student_id - b.student_id);
}

/** Follow-ups due by the end of `today` (overdue ones first). */
export async function visitRows(db: Db, p: Principal, today: string, links?: Links): Promise<VisitRow[]> {
  const l = links ?? (await linksFor(db, p));
  if (!l.holds('lead')) return [];
  const list = await dueFollowUps(db, p, `${today} 23:59:59`);
  return list.map((r) => ({
    lead_id: r.id,
    name: r.name,
    school_name: r.school_name ?? '',
    phone: maskFor(p, 'phone', r.parent_phone),
    next_follow_at: r.next_follow_at,
    overdue: r.next_follow_at < `${today} 00:00:00`,
    owner_name: r.tmk_name ?? r.seller_name ?? null,
    link: l.of('lead'),
  }));
}

/** The caller's workflow tasks, then their due follow-ups. */
export async function todoRows(db: Db, p: Principal, today: string, links?: Links): Promise<TodoRow[]> {
  const l = links ?? (await linksFor(db, p));
  const [tasks, visits] = await Promise.all([l.todo ? instancePage(db, p, wfInstanceListQuery.parse({ type: 'todo', rows: 200 })) : undefined, visitRows(db, p, today, l)]);
  const rows: TodoRow[] = (tasks?.content ?? []).map((t) => ({
    kind: 'task',
    id: t.id,
    title: t.title,
    sub: `${t.define_name} · ${t.current_node_name ?? ''}${t.applicant_name ? ` · 发起人 ${t.applicant_name}` : ''}`,
    at: t.created_at,
    overdue: false,
    link: l.todo,
  }));
  for (const v of visits) rows.push({ kind: 'visit', id: v.lead_id, title: `回访 ${v.name}`, sub: `${v.school_name}${v.phone ? ` · ${v.phone}` : ''}`, at: v.next_follow_at, overdue: v.overdue, link: v.link });
  return rows;
}

export async function reminderBadge(db: Db, p: Principal, today: string): Promise<ReminderBadge> {
  const links = await linksFor(db, p);
  const tabs = visibleTabs(links);
  const [birthday, collect, renew, todo] = await Promise.all([
    birthdayRows(db, p, today, links),
    collectRows(db, p, today, links),
    renewRows(db, p, today, links),
    tabs.includes('todo') ? todoRows(db, p, today, links) : [],
  ]);
  const counts = { birthday: birthday.length, collect: collect.length, renew: renew.length, todo: todo.length };
  return { tabs, counts, total: tabs.reduce((s, t) => s + counts[t], 0) };
}

/** One page of a list already read in full (the lists are capped where they are read). */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { content: T[]; totalSize: number } {
  return { content: rows.slice((page - 1) * size, page * size), totalSize: rows.length };
}

import type { Kysely } from 'kysely';
import type { CalendarItem, CalendarMonth } from '../../../src/contract/home';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { addDays } from '../../lib/time';
import { lessonsBetween, teachesBetween } from '../classes';
import { trialsBetween, dueFollowUps } from '../marketing';
import { studentsBornOn } from '../students';
import { ageOn } from './birthday-window';
import { linksFor } from './links';

type Db = Kysely<Database>;

/** Last day of a month `YYYY-MM`. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return addDays(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`, -1);
}

/**
 * 日历: one month of what concerns the caller. Lessons and trial lessons: a teacher (someone
 * teaching a lesson that month) sees the ones they teach; others holding the timetable see their
 * campuses'. Follow-ups: their own leads' next follow-ups of the month (every lead of their campuses
 * with the right to all leads). Birthdays: students of their campuses, for holders of the student list.
 */
export async function calendarMonth(db: Db, p: Principal, month: string): Promise<CalendarMonth> {
  const from = `${month}-01`;
  const to = monthEnd(month);
  const links = await linksFor(db, p);
  const items: CalendarItem[] = [];
  const teacherOnly = await teachesBetween(db, p.userId, from, to);
  const seesTimetable = teacherOnly || links.holds('timetable');
  const [lessons, trials, follows, born] = await Promise.all([
    seesTimetable ? lessonsBetween(db, p, from, to, teacherOnly) : [],
    teacherOnly || links.holds('trial') ? trialsBetween(db, p, from, to, teacherOnly) : [],
    links.holds('lead') ? dueFollowUps(db, p, `${to} 23:59:59`) : [],
    links.holds('student') ? studentsBornOn(db, p, monthDays(from, to)) : [],
  ]);
  for (const l of lessons) {
    items.push({ kind: 'lesson', date: l.lesson_date, time: l.start_time, title: l.class_name ?? '课程', sub: `${l.start_time}-${l.end_time} · ${l.school_name ?? ''}`, link: links.of('timetable') });
  }
  for (const t of trials) {
    items.push({ kind: 'trial', date: t.lesson_date, time: t.start_time, title: t.name, sub: `${t.start_time}-${t.end_time} · ${t.school_name ?? ''} · 已约 ${t.booked_count ?? 0} 人`, link: links.of('trial') });
  }
  for (const f of follows) {
    const date = f.next_follow_at.slice(0, 10);
    if (date < from) continue;
    items.push({ kind: 'visit', date, time: f.next_follow_at.slice(11, 16), title: `回访 ${f.name}`, sub: f.school_name ?? '', link: links.of('lead') });
  }
  for (const s of born) {
    const date = `${month}-${s.birthday.slice(8, 10)}`;
    // 29 February of a year without it: wished on the 28th
    const real = date > to ? to : date;
    items.push({ kind: 'birthday', date: real, time: null, title: `${s.name} 生日`, sub: `${ageOn(s.birthday, real)} 岁 · ${s.school_name ?? ''}`, link: links.of('student') });
  }
  items.sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? ''));
  return { month, items, truncated: lessons.length >= 1500 };
}

function monthDays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d.slice(5));
  if (to.slice(5) === '02-28') out.push('02-29');
  return out;
}

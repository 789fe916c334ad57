import { MARK_TEXT, type RosterSession, type RosterStudent } from '../../../contract/check-in';
import type { OutboxItem } from '../../../offline/db';
import { checkedCount, formatHours, maskedPhone, syncKey, syncOf, type StudentSync } from '../checkIn/roster';
import { iconAttributes, MARK_COLOR, SYNC_ICON, syncText } from '../checkIn/markLook';
import badge from '../checkIn/MarkBadge.module.css';
import classes from './FrontDesk.module.css';

/*
 * The front desk's roster as plain DOM: the same markup as RosterSessions, StudentTile and
 * MarkBadge render (tests/unit/features/quick-desk-markup.test.tsx holds them equal), built
 * without React for the quick desk's first draw. On a slow tablet's offline cold start, React's
 * evaluation and first render were about a third of the time to the roster.
 */

type Child = Node | string | null | false;

function el(tag: string, attrs: Record<string, string | null>, ...children: Child[]): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null) e.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== false) e.append(c);
  return e;
}

function icon(state: Exclude<StudentSync['state'], 'none'>): SVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [k, v] of iconAttributes(SYNC_ICON[state], 12)) svg.setAttribute(k, v);
  for (const d of SYNC_ICON[state].paths) {
    const p = document.createElementNS(ns, 'path');
    p.setAttribute('d', d);
    svg.append(p);
  }
  return svg;
}

/** MarkBadge at size 'sm'. */
function markBadge(student: RosterStudent, sync: StudentSync): HTMLElement {
  const mark = student.mark
    ? el('span', { class: badge.badge, 'data-size': 'sm', style: `background:var(--mantine-color-${MARK_COLOR[student.mark]}-filled)`, 'data-testid': 'mark' }, MARK_TEXT[student.mark])
    : el('span', { class: `${badge.badge} ${badge.none}`, 'data-size': 'sm', 'data-testid': 'mark' }, '未签到');
  const state = sync.state;
  const syncBadge =
    state !== 'none' &&
    el(
      'span',
      { class: `${badge.state} ${badge[state]}`, title: state === 'rejected' ? (sync.message ?? '被服务器拒绝') : null, 'data-testid': 'sync-state' },
      icon(state),
      syncText(state, sync.message),
    );
  return el('div', { class: badge.row }, mark, syncBadge);
}

/** StudentTile. */
export function tileElement(student: RosterStudent, session: RosterSession, sync: StudentSync): HTMLElement {
  const accent = student.mark ? `var(--mantine-color-${MARK_COLOR[student.mark]}-6)` : 'var(--mantine-color-gray-3)';
  return el(
    'button',
    {
      type: 'button',
      class: classes.tile,
      'data-testid': 'roster-student',
      'data-student-id': String(student.student_id),
      'data-schedule-id': String(session.schedule_id),
      'aria-label': `${student.name} 签到`,
    },
    el(
      'div',
      { class: classes.tilePaper, style: `border-left-color:${accent}` },
      el('div', { class: classes.tileHead }, el('span', { class: classes.tileName }, student.name), student.is_makeup && el('span', { class: classes.tileMakeup }, '补课')),
      el('div', { class: classes.tileParent }, `${student.parent_name ?? '家长'} ${maskedPhone(student.parent_phone)}`),
      el('div', { class: classes.tileHours, 'data-testid': 'remaining-hours' }, '剩余 ', el('b', {}, formatHours(student.remaining_hours)), ' 课时'),
      markBadge(student, sync),
    ),
  );
}

/** RosterSessions of the whole lessons (no search), at most `limit` tiles in all. */
export function sessionElements(sessions: readonly RosterSession[], items: ReadonlyMap<string, OutboxItem>, limit: number): HTMLElement[] {
  const out: HTMLElement[] = [];
  let left = limit;
  for (const s of sessions) {
    if (left <= 0) break;
    const shown = s.students.slice(0, left);
    left -= s.students.length;
    const head = el(
      'div',
      { class: classes.sessionHead },
      el('span', { class: classes.sessionTitle }, `${s.start_time}-${s.end_time} ${s.class_name}`),
      el(
        'span',
        { class: classes.dimmed },
        `${[s.teacher_name, s.classroom_name].filter(Boolean).join(' · ')} · 每次 ${s.hours_per_lesson} 课时 · 已签 ${checkedCount(s)}/${s.students.length}`,
      ),
    );
    const body =
      shown.length === 0
        ? el('span', { class: classes.dimmed }, '本次课没有学员')
        : el('div', { class: classes.grid }, ...shown.map((st) => tileElement(st, s, syncOf(st, items.get(syncKey(s.schedule_id, st.student_id))))));
    out.push(el('section', { class: classes.session, 'data-testid': 'roster-session', 'data-schedule-id': String(s.schedule_id) }, head, body));
  }
  return out;
}

/**
 * The quick desk's title line: the day's count, when the saved roster was loaded (it is always the
 * device's copy: a badge when the browser knows it is offline, plain text otherwise, as a network
 * that is up without reaching the server looks online) and what the last tap did.
 */
export function quickBarElement(p: { day: string; done: number; total: number; loadedAt: string; offline: boolean; note: string }): HTMLElement {
  return el(
    'div',
    { class: classes.quickBar },
    el('h4', { class: classes.quickTitle }, '前台签到'),
    el('span', { class: classes.dimmed }, `${p.day} · 已签 ${p.done}/${p.total}`),
    p.offline ? el('span', { class: classes.offlineBadge }, `离线，名单来自 ${p.loadedAt}`) : el('span', { class: classes.dimmed }, `名单来自 ${p.loadedAt}`),
    el('span', { class: classes.dimmed, role: 'status' }, p.note),
  );
}

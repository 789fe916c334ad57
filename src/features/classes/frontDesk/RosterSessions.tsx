import type { RosterSession, RosterStudent } from '../../../contract/check-in';
import type { OutboxItem } from '../../../offline/db';
import { checkedCount, syncKey, syncOf } from '../checkIn/roster';
import { StudentTile } from './StudentTile';
import classes from './FrontDesk.module.css';

interface Props {
  /** the lessons to draw, their students narrowed by the search */
  shown: readonly RosterSession[];
  /** the lesson as loaded (its counts are of every student, not the search's) */
  whole(s: RosterSession): RosterSession;
  items: ReadonlyMap<string, OutboxItem>;
  onTap(session: RosterSession, student: RosterStudent): void;
  /** draw at most this many tiles in all (the rest of the lessons and students are left out) */
  limit?: number;
}

/** The lessons cut to `limit` students in all (a lesson without students still shows). */
function withinLimit(shown: readonly RosterSession[], limit: number): readonly RosterSession[] {
  if (limit === Infinity) return shown;
  const out: RosterSession[] = [];
  let left = limit;
  for (const s of shown) {
    if (left <= 0) break;
    out.push(s.students.length <= left ? s : { ...s, students: s.students.slice(0, left) });
    left -= s.students.length;
  }
  return out;
}

/**
 * Today's lessons with a tile per student: plain elements (no Mantine code), drawn by the front
 * desk board and by the quick desk before the layout has loaded.
 */
export function RosterSessions({ shown, whole, items, onTap, limit = Infinity }: Props) {
  return withinLimit(shown, limit).map((s) => (
    <section key={s.schedule_id} className={classes.session} data-testid="roster-session" data-schedule-id={s.schedule_id}>
      <div className={classes.sessionHead}>
        <span className={classes.sessionTitle}>
          {s.start_time}-{s.end_time} {s.class_name}
        </span>
        <span className={classes.dimmed}>
          {[s.teacher_name, s.classroom_name].filter(Boolean).join(' · ')} · 每次 {s.hours_per_lesson} 课时 · 已签 {checkedCount(whole(s))}/{whole(s).students.length}
        </span>
      </div>
      {s.students.length === 0 ? (
        <span className={classes.dimmed}>本次课没有学员</span>
      ) : (
        <div className={classes.grid}>
          {s.students.map((st) => (
            <StudentTile key={st.student_id} student={st} session={s} sync={syncOf(st, items.get(syncKey(s.schedule_id, st.student_id)))} onTap={onTap} />
          ))}
        </div>
      )}
    </section>
  ));
}

import type { RosterSession } from '../../../contract/classes';
import { fetchLessons, fetchRoster } from '../api';

/** The signed-in teacher's lessons today with their rosters: os_page by teacher, then each campus's roster. */
export async function loadMyRoster(teacherId: number, day: string): Promise<RosterSession[]> {
  const lessons = await fetchLessons({ teacher_id: teacherId, date_start: day, date_end: day });
  const mine = new Set(lessons.map((l) => l.id));
  const schools = [...new Set(lessons.map((l) => l.school_id))];
  const rosters = await Promise.all(schools.map((id) => fetchRoster(id, day)));
  return rosters
    .flat()
    .filter((s) => mine.has(s.schedule_id))
    .toSorted((a, b) => a.start_time.localeCompare(b.start_time) || a.schedule_id - b.schedule_id);
}

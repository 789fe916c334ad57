import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { registerCatalogue } from './catalogue';
import { registerClassRoutes } from './class-routes';
import { registerEnrolment } from './enrolment';
import { registerSchedules } from './schedules';
import { registerCheckIn } from './check-in';
import { registerLeave } from './leave';
import { registerPlans } from './plans';
import { registerProgress } from './progress';
import './schema';

/** Classes, schedules and attendance (spec doc 001 §7). */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  registerCatalogue(app);
  registerClassRoutes(app);
  registerEnrolment(app);
  registerSchedules(app);
  registerCheckIn(app);
  registerLeave(app);
  registerPlans(app);
  registerProgress(app);
}

// Public module: what other areas and the demo seed (server/db/seed/demo/classes.ts) may call.
export { addDays, expandPattern, type WeeklySlot } from './arrange';
export { loadCalendar } from './calendar';
export { insertLessons, addEnrolledStudents, renumber } from './sessions';
// the students area's freeze: its lessons freed when it starts, given back when it is rolled back or ends early
export { dropFrozenLessons, restoreLessons } from './frozen';
export { lessonsBetween, teachesBetween, type LessonItem } from './lessons-between';
export { CHECK_IN_REF } from './hours';
export { attendanceByCampus, consumingCheckIns, kfDayFigures, emptyAttendance, LOW_HOURS_LIMIT, type AttendanceFigures, type KfDayFigures, type LowHoursStudent } from './day-figures';

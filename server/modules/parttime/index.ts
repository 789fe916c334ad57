import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { registerUsers } from './users';
import { registerStudents } from './students';
import { registerAttendance } from './attendance';
import './schema';

/**
 * The part-time acquirers' open API (src/contract/parttime.ts): `/api/openapi/erp/part_time_user`,
 * `acquirer_student` and `acquirer_attendance_record`, behind the open API's own authentication
 * (server/app.ts). Families collected are handed to marketing through its public module.
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  registerUsers(app);
  registerStudents(app);
  registerAttendance(app);
}

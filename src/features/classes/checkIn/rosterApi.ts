import { api } from '../../../api/client';
import { TODAY_ROSTER_PATH, type RosterSession } from '../../../contract/check-in';
import { PATHS, type UserSchools } from '../../../contract/paths';

/**
 * The roster's reads by path (todayRosterCall's GET), without the classes contract: the front
 * desk's screen must not load zod and the area's schemas before its first row (issue 11).
 */
export function fetchRoster(schoolId: number, date?: string): Promise<RosterSession[]> {
  return api.get<RosterSession[]>(TODAY_ROSTER_PATH, { school_id: schoolId, date });
}

export function fetchUserSchools(): Promise<UserSchools> {
  return api.get<UserSchools>(PATHS.userSchools);
}

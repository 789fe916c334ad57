import dayjs from 'dayjs';
import type { RosterSession } from '../../../contract/check-in';
import { refKeys } from '../../../offline/refKeys';
import { mirroredRefList } from '../../../offline/refMirror';

// Without Dexie (rosterStore has the reads and writes): the quick desk finds and draws its roster
// from these before the offline database has loaded.

/**
 * Today's rosters live in Dexie (refLists) so the tablet and the phone work offline after one
 * online load. The key is per user and day: `classes:<user>:<day>:<scope>` (scope 'school:<id>' at
 * the front desk, 'mine' for a teacher), so signing out clears it (clearUserRefData).
 */
export function rosterKey(userId: number, day: string, scope: string): string {
  return refKeys.todayClasses(userId, `${day}:${scope}`);
}

export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** What is saved: the sessions with local marks applied, and when the server last answered. */
export interface SavedRoster {
  loadedAt: number;
  sessions: RosterSession[];
}

/** The roster as last saved, from its mirror in local storage (read at once; see mirrorRefList). */
export function mirroredRoster(key: string): SavedRoster | undefined {
  return mirroredRefList<SavedRoster>(key);
}


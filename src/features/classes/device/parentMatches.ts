import type { RosterSession, RosterStudent } from '../../../contract/classes';

/** A child a parent may mean: one student in one of today's lessons. */
export interface ChildMatch {
  session: RosterSession;
  student: RosterStudent;
}

/** Children whose parent's phone ends with these four digits (several children, or several lessons, give several). */
export function matchesByPhone(sessions: readonly RosterSession[], lastFour: string): ChildMatch[] {
  if (!/^\d{4}$/.test(lastFour)) return [];
  const out: ChildMatch[] = [];
  for (const session of sessions) for (const student of session.students) if ((student.parent_phone ?? '').endsWith(lastFour)) out.push({ session, student });
  return out;
}

/** The child of a scanned card: its text must equal the signed card the server gave with the roster. */
export function matchesByCard(sessions: readonly RosterSession[], scanned: string): ChildMatch[] {
  const code = scanned.trim();
  if (!code) return [];
  const out: ChildMatch[] = [];
  for (const session of sessions) for (const student of session.students) if (student.card && student.card === code) out.push({ session, student });
  return out;
}

/** The one lesson to check a card into without asking: the only match, or the only one not marked yet. */
export function soleUnmarked(matches: readonly ChildMatch[]): ChildMatch | null {
  if (matches.length === 1) return matches[0];
  const open = matches.filter((m) => m.student.mark === null);
  return open.length === 1 ? open[0] : null;
}

import { liveQuery } from 'dexie';
import { readSavedRoster, type LiveRoster } from '../checkIn/rosterStore';

export { queueCheckIn } from '../checkIn/rosterStore';

/**
 * The quick desk's live part, loaded after its first draw: calls `onChange` with the roster and
 * the outbox as Dexie holds them, and again whenever a tap or a send changes them (the first draw
 * is from the roster's mirror). Answers how to stop.
 */
export function followSavedRoster(key: string, onChange: (roster: LiveRoster) => void): () => void {
  const sub = liveQuery(() => readSavedRoster(key)).subscribe({
    next: onChange,
    // a failing database (private mode, quota) leaves the roster as drawn
    error: () => undefined,
  });
  return () => sub.unsubscribe();
}

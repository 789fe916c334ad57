import type { ReactNode } from 'react';
import { useSavedRoster, type LiveRoster, type SavedRosterView } from '../checkIn/useSavedRoster';

export { readSavedRoster } from '../checkIn/useSavedRoster';

/**
 * The quick desk's live part, loaded after its first draw: the roster and the outbox read from
 * Dexie and followed as taps change them (the first draw is from the roster's mirror).
 */
export function LiveQuickRoster({ storeKey, first, children }: { storeKey: string; first: LiveRoster; children(roster: SavedRosterView): ReactNode }) {
  return children(useSavedRoster(storeKey, first));
}

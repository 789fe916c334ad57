import { CHECK_IN_UNDO_MINUTES } from '../../../contract/check-in';

/**
 * The front desk's own check-ins of the last CHECK_IN_UNDO_MINUTES, per `schedule:student`, kept in
 * local storage so a reload does not lose the way to take back a mis-tap. The server decides in
 * the end (same user, within the window); this only decides whether to offer the undo.
 */
export type RecentTaps = Readonly<Record<string, number>>;

const WINDOW_MS = CHECK_IN_UNDO_MINUTES * 60_000;

function storageKey(userId: number): string {
  return `front-desk-recent:${userId}`;
}

export function pruneTaps(taps: RecentTaps, now: number): RecentTaps {
  return Object.fromEntries(Object.entries(taps).filter(([, at]) => now - at < WINDOW_MS));
}

export function loadTaps(userId: number, now = Date.now()): RecentTaps {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}') as unknown;
    if (!raw || typeof raw !== 'object') return {};
    const taps = Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === 'number'));
    return pruneTaps(taps, now);
  } catch {
    return {};
  }
}

export function saveTaps(userId: number, taps: RecentTaps): void {
  localStorage.setItem(storageKey(userId), JSON.stringify(taps));
}

export function isRecent(taps: RecentTaps, key: string, now = Date.now()): boolean {
  const at = taps[key];
  return at !== undefined && now - at < WINDOW_MS;
}

// Without Dexie: read by the quick desk before the offline database has loaded.

const MIRROR = 'ref-list-mirror';

/**
 * Keeps a copy of one saved list (the last one mirrored) in local storage, readable at once when
 * the app starts: IndexedDB's first open after a browser start takes about half a second on a slow
 * tablet. Dexie stays the truth; the mirror only lets a screen draw before Dexie has answered.
 */
export function mirrorRefList<T>(key: string, value: T): void {
  try {
    localStorage.setItem(MIRROR, JSON.stringify({ key, value }));
  } catch {
    // storage full or unavailable: the list is still in Dexie
  }
}

/** The mirrored copy of the list saved under `key`, if the mirror holds that list. */
export function mirroredRefList<T>(key: string): T | undefined {
  try {
    const m = JSON.parse(localStorage.getItem(MIRROR) ?? 'null') as { key?: unknown; value?: T } | null;
    return m && m.key === key ? m.value : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the mirrored list (a sign-out: see clearUserRefData). */
export function clearRefMirror(): void {
  localStorage.removeItem(MIRROR);
}

/**
 * Which menu screen each path opened last time (path → the menu's component key), so that a start
 * on that path can fetch the screen's code while the menus still load (the menus are what map a
 * path to its screen). Only a hint: the menus still decide what is shown.
 */
export const SCREEN_HINTS_KEY = 'campus-desk-screen-hints';
const MAX_HINTS = 20;

type Hints = Record<string, string>;

function readHints(storage: Storage): Hints {
  try {
    const v: unknown = JSON.parse(storage.getItem(SCREEN_HINTS_KEY) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Hints) : {};
  } catch {
    return {};
  }
}

export function hintedScreen(path: string, storage: Storage = localStorage): string | null {
  const key = readHints(storage)[path];
  return typeof key === 'string' && key ? key : null;
}

/** Remembers the screen a path showed; the most recent MAX_HINTS paths are kept. */
export function rememberScreen(path: string, componentKey: string, storage: Storage = localStorage): void {
  try {
    const hints = readHints(storage);
    if (hints[path] === componentKey) return;
    delete hints[path];
    const kept = Object.entries(hints).slice(-(MAX_HINTS - 1));
    storage.setItem(SCREEN_HINTS_KEY, JSON.stringify(Object.fromEntries([...kept, [path, componentKey]])));
  } catch {
    // storage full or unavailable: the screen only starts a little later next time
  }
}

/** The path of a hash-routed location (`#/a/b?x=1` → `/a/b`). */
export function hashPath(hash: string): string {
  const p = hash.replace(/^#/, '').split('?')[0] ?? '';
  return p.startsWith('/') ? p : `/${p}`;
}

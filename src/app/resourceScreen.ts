import type { ScreenLoader } from './screens';

/**
 * `resource/<name>` keys render the shared ResourcePage for the declaration of that name; the
 * declarations (with their schemas) load with the screen, not with the shell. A name without a
 * declaration renders MODULE_NOT_FOUND.
 */
export function loadResourceScreen(name: string): ScreenLoader {
  return () => import('./ResourceScreen').then((m) => ({ default: m.resourceScreen(name) }));
}

import { resourceByName } from '../contract/resources';
import type { ScreenLoader } from './screens';

/**
 * `resource/<name>` keys render the shared ResourcePage for the declaration of that name.
 * Answers null when no declaration has the name (the key is then MODULE_NOT_FOUND).
 */
export function loadResourceScreen(name: string): ScreenLoader | null {
  const def = resourceByName(name);
  if (!def) return null;
  // TODO(widgets): render components/ResourcePage for `def` once it lands.
  return null;
}

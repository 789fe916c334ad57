import type { ResourceDef } from '../resource';
import { SYSTEM_RESOURCES } from './system';

/**
 * Every resource declaration, by name. Each business area adds its file and one line here;
 * the server mounts them all, the app finds a list screen's declaration by name.
 */
export const RESOURCES: readonly ResourceDef[] = [...SYSTEM_RESOURCES];

export function resourceByName(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}

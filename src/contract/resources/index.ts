import type { ResourceDef } from '../resource';
import { SYSTEM_RESOURCES } from './system';
import { GUIDE_RESOURCES } from './guides';
import { BASE_CLASS_RESOURCES } from './base';
import { BASE_ORG_RESOURCES } from './base-org';
import { CLASSES_RESOURCES } from './classes';
import { PRODUCTS_CLASS_RESOURCES } from './products';
import { STUDENT_RESOURCES } from './students';

/**
 * Every resource declaration, by name. Each business area adds its file and one line here;
 * the server mounts them all, the app finds a list screen's declaration by name.
 */
export const RESOURCES: readonly ResourceDef[] = [
  ...SYSTEM_RESOURCES,
  ...GUIDE_RESOURCES,
  ...PRODUCTS_CLASS_RESOURCES,
  ...BASE_CLASS_RESOURCES,
  ...BASE_ORG_RESOURCES,
  ...STUDENT_RESOURCES,
  ...CLASSES_RESOURCES,
];

export function resourceByName(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}

import type { ResourceDef } from '../resource';
import { SYSTEM_RESOURCES } from './system';
import { GUIDE_RESOURCES } from './teaching';
import { TEACHING_RECORD_RESOURCES } from './teaching-records';
import { TEACHING_RESULT_RESOURCES } from './teaching-results';
import { BASE_CLASS_RESOURCES } from './base';
import { BASE_ORG_RESOURCES } from './base-org';
import { BASE_SCHOOL_RESOURCES } from './base-school';
import { BASE_CATALOGUE_RESOURCES } from './base-catalogue';
import { CLASSES_RESOURCES } from './classes';
import { PRODUCTS_RESOURCES } from './products';
import { STUDENT_RESOURCES } from './students';
import { LOGGER_RESOURCES } from './misc';
import { UNICOM_RESOURCES } from './misc-unicom';
import { ORDER_EXTRA_RESOURCES } from './orders-extras';
import { MARKETING_PLAN_RESOURCES } from './marketing-plans';
import { ORDERS_RESOURCES } from './orders';
import { ORDER_TRANSFER_RESOURCES } from './orders-transfer';
import { MARKETING_RESOURCES } from './marketing';
import { FINANCE_ACCOUNT_RESOURCES } from './finance-accounts';
import { FINANCE_FLOW_RESOURCES } from './finance-flows';
import { MARKETING_FUNNEL_RESOURCES } from './marketing-funnel';
import { CRM_RESOURCES } from './crm';
import { MARKETING_SCREEN_RESOURCES } from './marketing-screens';
import { MESSAGES_RESOURCES } from './messages';

/**
 * Every area file's list of declarations, each declaration with its own type: the server derives
 * a declared table's type from it (server/db/schema.ts DeclaredTable), and
 * tests/unit/architecture/declared-tables.test.ts finds every declared table in the Database type.
 */
const AREA_LISTS = [
  SYSTEM_RESOURCES,
  GUIDE_RESOURCES,
  TEACHING_RECORD_RESOURCES,
  TEACHING_RESULT_RESOURCES,
  PRODUCTS_RESOURCES,
  BASE_CLASS_RESOURCES,
  BASE_ORG_RESOURCES,
  BASE_SCHOOL_RESOURCES,
  BASE_CATALOGUE_RESOURCES,
  STUDENT_RESOURCES,
  CLASSES_RESOURCES,
  LOGGER_RESOURCES,
  ORDER_EXTRA_RESOURCES,
  MARKETING_PLAN_RESOURCES,
  ORDERS_RESOURCES,
  ORDER_TRANSFER_RESOURCES,
  MARKETING_RESOURCES,
  FINANCE_ACCOUNT_RESOURCES,
  FINANCE_FLOW_RESOURCES,
  MARKETING_FUNNEL_RESOURCES,
  MARKETING_SCREEN_RESOURCES,
  CRM_RESOURCES,
  UNICOM_RESOURCES,
  MESSAGES_RESOURCES,
] as const;

/** One declaration of any area, with its own fields, table, scope and soft delete. */
export type Declaration = (typeof AREA_LISTS)[number][number];

/**
 * Every resource declaration, by name. Each business area adds its file and one line above;
 * the server mounts them all, the app finds a list screen's declaration by name.
 */
export const RESOURCES: readonly ResourceDef[] = AREA_LISTS.flatMap((list): readonly ResourceDef[] => list);

/** The area (as named in spec calls.tsv) of each declaration: what the audit log records. */
const AREA_OF = new Map<string, string>([
  ...SYSTEM_RESOURCES.map((r) => [r.name, 'system'] as const),
  ...[...GUIDE_RESOURCES, ...TEACHING_RECORD_RESOURCES, ...TEACHING_RESULT_RESOURCES].map((r) => [r.name, 'teaching'] as const),
  ...[...LOGGER_RESOURCES, ...UNICOM_RESOURCES].map((r) => [r.name, 'misc'] as const),
  ...PRODUCTS_RESOURCES.map((r) => [r.name, 'products'] as const),
  ...[...BASE_CLASS_RESOURCES, ...BASE_ORG_RESOURCES, ...BASE_SCHOOL_RESOURCES, ...BASE_CATALOGUE_RESOURCES].map((r) => [r.name, 'base'] as const),
  ...STUDENT_RESOURCES.map((r) => [r.name, 'students'] as const),
  ...CLASSES_RESOURCES.map((r) => [r.name, 'classes'] as const),
  ...ORDER_EXTRA_RESOURCES.map((r) => [r.name, 'orders'] as const),
  ...MARKETING_PLAN_RESOURCES.map((r) => [r.name, 'marketing'] as const),
  ...ORDERS_RESOURCES.map((r) => [r.name, 'orders'] as const),
  ...ORDER_TRANSFER_RESOURCES.map((r) => [r.name, 'orders'] as const),
  ...MARKETING_RESOURCES.map((r) => [r.name, 'marketing'] as const),
  ...FINANCE_ACCOUNT_RESOURCES.map((r) => [r.name, 'finance'] as const),
  ...FINANCE_FLOW_RESOURCES.map((r) => [r.name, 'finance'] as const),
  ...MARKETING_FUNNEL_RESOURCES.map((r) => [r.name, 'marketing'] as const),
  ...MARKETING_SCREEN_RESOURCES.map((r) => [r.name, 'marketing'] as const),
  ...CRM_RESOURCES.map((r) => [r.name, 'crm'] as const),
  ...MESSAGES_RESOURCES.map((r) => [r.name, 'messages'] as const),
]);

export function areaOfResource(name: string): string {
  return AREA_OF.get(name) ?? 'misc';
}

export function resourceByName(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}

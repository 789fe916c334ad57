import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { STUDENT_SCREEN } from '../../../src/contract/students';
import { ORDER_SCREENS } from '../../../src/contract/resources/orders';
import { ORDER_EXTRA_SCREEN } from '../../../src/contract/orders-extras';
import { LEAD_SCREENS } from '../../../src/contract/marketing';
import { TEACHING_SCREENS } from '../../../src/contract/classes';
import { FIN_SCREEN } from '../../../src/contract/finance-accounts';

/**
 * The screens behind the reminders: which menus (screen codes) show each kind of data, in the
 * order a row's link prefers them. Holding one of them is what lets a caller see that data on the
 * home page (a teacher holds no order screen, so sees no 催缴), and its address is where the row links.
 */
export const TARGETS = {
  student: [STUDENT_SCREEN.all, STUDENT_SCREEN.existing],
  installment: [ORDER_EXTRA_SCREEN.installment, ORDER_EXTRA_SCREEN.installmentJx],
  order: [ORDER_SCREENS.all, ORDER_SCREENS.audited],
  /** the money of orders: order screens and 财务's receipts */
  money: [ORDER_EXTRA_SCREEN.installment, ORDER_SCREENS.all, ORDER_SCREENS.audited, FIN_SCREEN.receipts],
  lead: [...LEAD_SCREENS],
  timetable: ['educational_timetable', 'educational_teacher_check_in', ...TEACHING_SCREENS],
  trial: ['marketing_trial_lesson', 'mkt_trial_lesson_student'],
} as const satisfies Record<string, readonly string[]>;
export type Target = keyof typeof TARGETS;

/** 任务中心 › 我的待办 (src/contract/menus/workflow.ts), found by its address. */
export const TODO_URL = '/task/todo';

export function holdsMenu(p: Principal, codes: readonly string[]): boolean {
  return p.superuser || codes.some((c) => p.menuCodes.has(c));
}

export interface Links {
  /** the address of the first screen of the target the caller holds, or null */
  of(target: Target): string | null;
  todo: string | null;
  holds(target: Target): boolean;
}

/** The caller's addresses of every target, read once per request from the menus they hold. */
export async function linksFor(db: Kysely<Database>, p: Principal): Promise<Links> {
  const codes = [...new Set(Object.values(TARGETS).flat())];
  const menus = await db
    .selectFrom('menus')
    .select(['code', 'url'])
    .where((eb) => eb.or([eb('code', 'in', codes), eb('url', '=', TODO_URL)]))
    .where('type', '=', 1)
    .where('del_flag', '=', 0)
    .execute();
  const held = menus.filter((m) => m.url && (p.superuser || p.menuCodes.has(m.code)));
  const urlOf = new Map(held.map((m) => [m.code, m.url as string]));
  return {
    of: (target) => TARGETS[target].map((c) => urlOf.get(c)).find((u) => u !== undefined) ?? null,
    todo: held.some((m) => m.url === TODO_URL) ? TODO_URL : null,
    holds: (target) => holdsMenu(p, TARGETS[target]),
  };
}

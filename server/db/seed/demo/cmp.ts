import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { addDays, todayText } from '../../../lib/time';
import { enabledRules, isDue, runRuleDay } from '../../../modules/cmp';
import '../../core-schema';

/**
 * Demo of the daily reports: each demo class's head teacher also looks after it as 班级客服 (so
 * 学管日报 has its 学管: the demo teacher at 上海浦东 among them), then the reports of the last
 * DEMO_DAYS days are made by the job's own code (runRuleDay: under each rule's claim of the day,
 * skipping the days a rule does not run on), from the figures the other demo seeds made.
 * Runs after them (orders, finance, marketing funnel) and before the audit demo.
 */
export const order = 85;

const DEMO_DAYS = 4;

export async function seed(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('base_class_manage')
    .set((eb) => ({ kf_id: eb.ref('head_teacher_id') }))
    .where('kf_id', 'is', null)
    .where('is_warm_up', '=', 0)
    .where('del_flag', '=', 0)
    .where('head_teacher_id', 'is not', null)
    .execute();
  const now = Date.now();
  const today = todayText(now);
  for (const rule of await enabledRules(db)) {
    for (let back = DEMO_DAYS; back >= 1; back--) {
      const day = addDays(today, -back);
      if (isDue(rule, day, now)) await runRuleDay(db, rule, day, now);
    }
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { runOnceForPeriod } from '../../lib/job-lease';
import { addDays, nowText, todayText } from '../../lib/time';
import { enabledRules, generateForRule, type GenRule } from './generate';

/**
 * The daily reports' job: every server process looks each minute for rules whose time (Asia/Shanghai)
 * has come and whose day has no report yet, and claims (rule, day) in the database lease
 * (server/lib/job-lease.ts) before making them, in the claim's transaction: across processes and
 * machines a rule's day is made exactly once. Days missed while no server ran (the server down at
 * 21:00) are made at the next start, back to CATCH_UP_DAYS days and never before the rule existed.
 */

type Db = Kysely<Database>;

/** How far back a start catches up missed days. */
export const CATCH_UP_DAYS = 7;
/** How often each process looks for due reports. */
export const REPORT_TICK_MS = 60_000;

/** The lease's job name of a rule (one claim per rule and day). */
export const reportJob = (ruleId: number): string => `cmp_daily_report:${ruleId}`;

const isWeekend = (day: string): boolean => {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 || d === 6;
};

/** Whether the rule's report of `day` is due at `nowMs`: its time has come that day (or the day is past), on a working day unless the rule includes weekends. */
export function isDue(rule: Pick<GenRule, 'generate_time' | 'include_weekend'>, day: string, nowMs: number): boolean {
  if (rule.include_weekend !== 1 && isWeekend(day)) return false;
  const today = todayText(nowMs);
  if (day < today) return true;
  if (day > today) return false;
  return nowText(nowMs).slice(11, 16) >= rule.generate_time;
}

/** The days of a rule to look at: the last CATCH_UP_DAYS days up to today, not before the rule was made. */
export function daysToCheck(rule: Pick<GenRule, 'created_at'>, nowMs: number): string[] {
  const today = todayText(nowMs);
  const first = addDays(today, -(CATCH_UP_DAYS - 1));
  const made = rule.created_at?.slice(0, 10);
  const from = made && made > first ? made : first;
  const days: string[] = [];
  for (let d = from; d <= today; d = addDays(d, 1)) days.push(d);
  return days;
}

export interface RunOutcome {
  rule_id: number;
  day: string;
  reports: number;
}

/** Makes every due report not made yet; answers what this process made (nothing when another process held the claim). */
export async function runDueReports(db: Db, nowMs = Date.now()): Promise<RunOutcome[]> {
  const out: RunOutcome[] = [];
  for (const rule of await enabledRules(db)) {
    const job = reportJob(rule.id);
    for (const day of daysToCheck(rule, nowMs)) {
      if (!isDue(rule, day, nowMs)) continue;
      const claimed = await db.selectFrom('sys_job_lease').select('job').where('job', '=', job).where('period', '=', day).executeTakeFirst();
      if (claimed) continue;
      const made = await runRuleDay(db, rule, day, nowMs);
      if (made !== null) out.push({ rule_id: rule.id, day, reports: made });
    }
  }
  // claims older than the catch-up window are never looked at again
  await db.deleteFrom('sys_job_lease').where('job', 'like', 'cmp_daily_report:%').where('period', '<', addDays(todayText(nowMs), -(CATCH_UP_DAYS + 1))).execute();
  return out;
}

/**
 * One rule's reports of one day, made under the rule's claim of that day (the demo seed makes its
 * past days through this too): the number made, or null when the day was claimed already.
 */
export async function runRuleDay(db: Db, rule: GenRule, day: string, nowMs = Date.now()): Promise<number | null> {
  let reports = 0;
  const ran = await runOnceForPeriod(db, reportJob(rule.id), day, async (trx) => void (reports = await generateForRule(trx, rule, day, null, nowText(nowMs))), nowMs);
  return ran ? reports : null;
}

/** Starts the job in this server process (first a few seconds after start: the catch-up). */
export function scheduleDailyReports(db: Db, firstMs = 10_000): () => void {
  const run = (): void => {
    runDueReports(db).catch((err: unknown) => console.error(`定时任务 日报生成 失败: ${err instanceof Error ? err.message : String(err)}`));
  };
  const first = setTimeout(run, firstMs);
  const every = setInterval(run, REPORT_TICK_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

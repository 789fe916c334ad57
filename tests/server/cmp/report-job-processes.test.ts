import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { AnyDB } from '../../../server/lib/resource-routes';
import { reportJob, type RunOutcome } from '../../../server/modules/cmp';
import { runWorker, sharedDatabase } from '../worker-processes';

/**
 * The daily reports' job runs in every server process (WORKERS=2, or several machines on one
 * PostgreSQL): two processes tick at the same instant on one database and a rule's day is made
 * once, one report per subject, under one claim. SQLite file, or PostgreSQL with TEST_DATABASE_URL.
 */
describe('cmp: the daily reports’ job in two processes', () => {
  it('makes one report per rule, day and campus when two processes run the same minute', async () => {
    const shared = await sharedDatabase();
    try {
      const db = shared.opened.db as unknown as Kysely<AnyDB>;
      await db.updateTable('cmp_gen_rule').set({ state: 0 }).execute();
      const rule = Number(
        (
          await db
            .insertInto('cmp_gen_rule')
            .values({ name: '双进程校区日报', report_kind: 2, generate_time: '20:30', include_weekend: 1, state: 1, remark: null, created_at: '2032-03-01 08:00:00', updated_at: null, created_by: null, updated_by: null })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      // 2032-03-01 20:45 Asia/Shanghai: the rule's first day is due, in both processes at once
      const atMs = Date.parse('2032-03-01T20:45:00+08:00');
      const results = await Promise.all([0, 1].map(() => runWorker<{ made: RunOutcome[] }>('cmp-report-worker.ts', shared.target, [String(atMs)])));
      const made = results.flatMap((r) => r.made).filter((m) => m.rule_id === rule);
      const campuses = await db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).execute();
      expect(made).toEqual([{ rule_id: rule, day: '2032-03-01', reports: campuses.length }]);
      const rows = await db.selectFrom('cmp_daily_report').select(['subject_key']).where('rule_id', '=', rule).execute();
      expect(rows).toHaveLength(campuses.length);
      expect(new Set(rows.map((r) => r.subject_key)).size).toBe(campuses.length);
      const leases = await db.selectFrom('sys_job_lease').select('period').where('job', '=', reportJob(rule)).execute();
      expect(leases.map((l) => l.period)).toEqual(['2032-03-01']);
    } finally {
      await shared.close();
    }
  }, 400_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { OpenedDatabase } from '../../../server/db/index';
import type { Database } from '../../../server/db/schema';
import { createDefine, createInstance } from '../../../server/modules/workflow';
import { periodKey } from '../../../server/lib/job-lease';
import { REMIND_EVERY_MS } from '../../../server/modules/workflow/reminders';
import { nowText } from '../../../server/lib/time';
import { runWorker, sharedDatabase, type SharedDatabase } from '../worker-processes';

/**
 * Overdue approvals are reminded by a scheduled job every server process runs: two processes on
 * one database (a SQLite file, or PostgreSQL) run the same period at the same moment, and the
 * approver gets exactly one reminder. A later period finds nothing new to remind.
 */

let shared: SharedDatabase;
let opened: OpenedDatabase;

function worker(atMs: number, holdMs: number): Promise<{ ran: boolean }> {
  return runWorker<{ ran: boolean }>('lease-worker.ts', shared.target, [String(atMs), String(holdMs)]);
}

async function remindersOf(db: Kysely<Database>, instanceId: number): Promise<number> {
  const rows = await db.selectFrom('wf_step').select('id').where('instance_id', '=', instanceId).where('action', '=', 'remind').execute();
  return rows.length;
}

beforeAll(async () => {
  shared = await sharedDatabase();
  opened = shared.opened;
}, 60_000);

afterAll(async () => shared?.close());

describe('the reminder job across two processes', () => {
  it('an overdue task is reminded exactly once per period, whichever process runs it', async () => {
    const db = opened.db;
    const users = new Map((await db.selectFrom('users').select(['id', 'login_id']).execute()).map((u) => [u.login_id, u.id]));
    const principal = users.get('principal')!;
    const def = await createDefine(db, users.get('admin')!, {
      define_key: `lease_${Date.now() % 100000}`,
      name: '超时测试',
      tag: 'lease_test',
      tree: { id: 'start', name: '发起人', type: 'start', child: { id: 'a', name: '审批', type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [principal] }, timeout_hours: 1 } },
      form: [],
    });
    const { instanceId } = await db.transaction().execute((trx) => createInstance(trx, { refType: 'lease_test', refId: null, defineKey: def.define_key, schoolId: null, applicantId: users.get('sales')!, form: {} }));
    // an hour and a bit later the task is overdue
    await db.updateTable('wf_task').set({ due_at: nowText(Date.now() - 60_000) }).where('instance_id', '=', instanceId).execute();
    const messagesBefore = await db.selectFrom('sys_user_message').select('id').where('user_id', '=', principal).where('title', 'like', '审批超时%').execute();

    const at = Date.now();
    const results = await Promise.all([worker(at, 400), worker(at, 400)]);
    expect(results.map((r) => r.ran).sort()).toEqual([false, true]);
    expect(await remindersOf(db, instanceId)).toBe(1);
    const messagesAfter = await db.selectFrom('sys_user_message').select('id').where('user_id', '=', principal).where('title', 'like', '审批超时%').execute();
    expect(messagesAfter.length - messagesBefore.length).toBe(1);
    const claims = await db.selectFrom('sys_job_lease').selectAll().where('job', '=', 'wf_remind_overdue').where('period', '=', periodKey(REMIND_EVERY_MS, at)).execute();
    expect(claims).toHaveLength(1);

    // the next period runs again but the task was reminded already
    const next = await worker(at + REMIND_EVERY_MS, 0);
    expect(next.ran).toBe(true);
    expect(await remindersOf(db, instanceId)).toBe(1);
  }, 60_000);
});

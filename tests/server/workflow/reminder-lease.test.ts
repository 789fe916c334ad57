import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase, type OpenedDatabase } from '../../../server/db/index';
import type { Database } from '../../../server/db/schema';
import { createDefine, createInstance } from '../../../server/modules/workflow';
import { periodKey } from '../../../server/lib/job-lease';
import { REMIND_EVERY_MS } from '../../../server/modules/workflow/reminders';
import { nowText } from '../../../server/lib/time';
import { seededPgDatabase, seededSqliteImage } from '../seeded-database';

/**
 * Overdue approvals are reminded by a scheduled job every server process runs: two processes on
 * one database (a SQLite file, or PostgreSQL) run the same period at the same moment, and the
 * approver gets exactly one reminder. A later period finds nothing new to remind.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

let target: string;
let opened: OpenedDatabase;
let dropPg: (() => Promise<void>) | undefined;
let dataDir: string | undefined;

function worker(atMs: number, holdMs: number): Promise<{ ran: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/fixtures/lease-worker.ts', target, String(atMs), String(holdMs)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`工作进程失败（${code}）：${err}${out}`));
      else resolve(JSON.parse(line) as { ran: boolean });
    });
  });
}

async function remindersOf(db: Kysely<Database>, instanceId: number): Promise<number> {
  const rows = await db.selectFrom('wf_step').select('id').where('instance_id', '=', instanceId).where('action', '=', 'remind').execute();
  return rows.length;
}

beforeAll(async () => {
  const pgBase = process.env.TEST_DATABASE_URL;
  if (pgBase) {
    const fresh = await seededPgDatabase(pgBase);
    target = fresh.url;
    dropPg = fresh.drop;
    opened = openDatabase({ dataDir: ':memory:', databaseUrl: fresh.url, poolSize: 2 });
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-desk-lease-'));
    fs.writeFileSync(path.join(dataDir, 'campus-desk.db'), await seededSqliteImage());
    target = dataDir;
    opened = openDatabase({ dataDir, databaseUrl: undefined });
  }
}, 60_000);

afterAll(async () => {
  await opened?.close();
  await dropPg?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

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

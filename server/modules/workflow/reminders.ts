import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowText } from '../../lib/time';
import { scheduleJob, type LeasedJob } from '../../lib/job-lease';
import { sendUserMessages } from '../messages';
import { TASK_STATES, WF_STATES } from '../../../src/contract/workflow';
import { administrators } from './approvers';
import './schema';

/** How often the overdue approvals are looked for (one run per period across all processes). */
export const REMIND_EVERY_MS = 10 * 60_000;

/**
 * Reminds the approvers of pending tasks past their time limit, once per task: a user message
 * and a 超时提醒 step; tasks of the administrators' queue remind the administrators.
 */
export async function remindOverdue(db: Kysely<Database>, atMs = Date.now()): Promise<number> {
  const now = nowText(atMs);
  const due = await db
    .selectFrom('wf_task')
    .innerJoin('wf_instance', 'wf_instance.id', 'wf_task.instance_id')
    .select(['wf_task.id', 'wf_task.instance_id', 'wf_task.node_id', 'wf_task.node_name', 'wf_task.assignee_id', 'wf_instance.title'])
    .where('wf_task.state', '=', TASK_STATES.PENDING)
    .where('wf_task.reminded', '=', 0)
    .where('wf_task.due_at', '<=', now)
    .where('wf_instance.state', '=', WF_STATES.RUNNING)
    .orderBy('wf_task.id')
    .limit(1000)
    .execute();
  if (due.length === 0) return 0;
  const admins = due.some((t) => t.assignee_id === null) ? (await administrators(db)).map((a) => a.id) : [];
  for (const t of due) {
    await db.updateTable('wf_task').set({ reminded: 1 }).where('id', '=', t.id).execute();
    await db.insertInto('wf_step').values({ instance_id: t.instance_id, node_id: t.node_id, node_name: t.node_name, user_id: null, action: 'remind', comment: '审批超时，已提醒审批人', attachments: null, diff: null, created_at: now }).execute();
    await sendUserMessages(db, {
      userIds: t.assignee_id === null ? admins : [t.assignee_id],
      title: `审批超时：${t.title}`,
      content: `流程「${t.title}」在「${t.node_name}」等待您审批已超时，请尽快到 任务中心 › 我的待办 处理。`,
      publisher: '审批流程',
    });
  }
  return due.length;
}

export const REMIND_JOB: LeasedJob = {
  job: 'wf_remind_overdue',
  everyMs: REMIND_EVERY_MS,
  work: async (trx) => {
    await remindOverdue(trx);
  },
};

/** Starts the reminder job in this server process (see server/lib/job-lease.ts). */
export function scheduleWorkflowReminders(db: Kysely<Database>): () => void {
  return scheduleJob(db, REMIND_JOB);
}

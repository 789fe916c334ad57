import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppDeps, AppEnv } from '../../lib/context';
import type { Database } from '../../db/schema';
import { TASK_STATES, WF_STATES } from '../../../src/contract/workflow';
import { registerRoutes } from './routes';
import { registerClockIn } from './clock-in';
import { registerAssetStock } from './assets';
import { registerRefundApply } from './refund-apply';
import { addSigner, recallInstance, runTask, startInstance } from './engine';
// the files of an application's steps open for those who see the application (sys_attachment/sign)
import './step-file-access';
import './schema';

/**
 * The workflow area (spec calls.tsv `workflow`): an approval engine on the application's own
 * database (definitions as node trees with immutable versions, instances tied to a business
 * record, tasks, steps, copies), the 21 sys_wf calls, and the staff attendance punch of /wf/clockIn.
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  registerClockIn(app);
  registerRoutes(app);
  registerAssetStock(app);
  registerRefundApply(app);
}

// ---------------------------------------------------------------------------------------------
// Public module: what other areas use. Everything runs in the caller's transaction (`db`).
//
//   // once, at module load: what happens to the record when its approval ends
//   registerOutcome('stu_freeze', async ({ db, outcome, instance }) => {
//     if (outcome === 'approved') await db.updateTable('stu_freeze').set({ state: 2 }).where('id', '=', instance.ref_id!).execute();
//     else await db.updateTable('stu_freeze').set({ state: 0 }).where('id', '=', instance.ref_id!).execute();
//   });
//
//   // in the handler that records the request (same transaction):
//   const { instanceId } = await createInstance(c.var.db, {
//     refType: 'stu_freeze', refId: freeze.id, tag: 'freeze',          // or defineKey: 'student_freeze'
//     schoolId: student.school_id, applicantId: principal.userId,
//     form: { reason, start_date, end_date }, title: `${student.name} 冻结申请`, snapshot: freeze,
//   });
//
// - The definition is found by `defineKey`, or by `tag` (the enabled definition of that business
//   kind; the definitions list of 流程管理 sets both). No enabled definition → ApiError 404
//   `流程不存在或未启用` (the caller's transaction rolls back).
// - One running instance per (refType, refId): a second answers 409 `该业务记录已有审批中的流程`.
// - The outcome handler runs in the transaction of the step that ends the instance: the last
//   approval ('approved'), a refusal ('refused'), the applicant's recall ('recalled') or an
//   administrator's stop ('interrupted'). Throwing an ApiError there refuses that step.
// - A definition with no approver found (or an approver node resolving to nobody) never stalls:
//   the task goes to the administrators' queue.
// ---------------------------------------------------------------------------------------------

export { registerOutcome, registerApplyCheck, type Outcome, type OutcomeEvent, type OutcomeHandler, type ApplyCheck, type ApplyCheckEvent } from './outcomes';
export { scheduleWorkflowReminders, remindOverdue } from './reminders';
export { createDefine } from './defines';
/** For the demo seed: an opening stock (or any move outside an approval). */
export { moveStock } from './assets';

export interface CreateInstanceInput {
  /** the business kind, e.g. 'stu_freeze'; the outcome handler of this refType is called at the end */
  refType: string;
  refId: number | null;
  defineKey?: string;
  tag?: string;
  schoolId: number | null;
  applicantId: number;
  form: Readonly<Record<string, unknown>>;
  title?: string;
  /** the business record as it is now, shown to the approvers */
  snapshot?: unknown;
  /** files the applicant uploaded (sys_attachment ids of their own), shown on the 提交 step */
  attachments?: readonly number[];
}

/** Starts an approval for a business record; answers the instance id and its state (1 running, 2 approved at once). */
export async function createInstance(db: Kysely<Database>, input: CreateInstanceInput): Promise<{ instanceId: number; state: number }> {
  return startInstance(db, { ...input, refType: input.refType, refId: input.refId });
}

/** The latest instance of a business record (any state), or undefined. */
export async function instanceOf(db: Kysely<Database>, refType: string, refId: number): Promise<{ id: number; state: number; finished_at: string | null } | undefined> {
  return db.selectFrom('wf_instance').select(['id', 'state', 'finished_at']).where('ref_type', '=', refType).where('ref_id', '=', refId).orderBy('id', 'desc').executeTakeFirst();
}

/**
 * Whether a user takes part in an approval of the record (approver, copy recipient or applicant):
 * an area lets such a user read the record whatever their campus scope.
 */
export async function takesPart(db: Kysely<Database>, userId: number, refType: string, refId: number): Promise<boolean> {
  const row = await db
    .selectFrom('wf_instance as i')
    .select('i.id')
    .where('i.ref_type', '=', refType)
    .where('i.ref_id', '=', refId)
    .where((eb) =>
      eb.or([
        eb('i.applicant_id', '=', userId),
        eb.exists(eb.selectFrom('wf_task').select('wf_task.id').whereRef('wf_task.instance_id', '=', 'i.id').where('wf_task.assignee_id', '=', userId)),
        eb.exists(eb.selectFrom('wf_copy').select('wf_copy.id').whereRef('wf_copy.instance_id', '=', 'i.id').where('wf_copy.user_id', '=', userId)),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The `readsOutOfScope` hook of a resource whose rows have approvals of `refType`: those who take
 * part in a row's approval (approver, copy recipient, applicant) read it by id whatever their
 * campus scope; anyone else outside scope is answered as for a missing row.
 */
export function partakersRead(refType: string): (ctx: { db: Kysely<Database>; principal: { userId: number } }, id: number) => Promise<boolean> {
  return (ctx, id) => takesPart(ctx.db, ctx.principal.userId, refType, id);
}

export { WF_STATES };

/** For the demo seed: `userId` approves or refuses their pending task on an instance (or, as an administrator, a queued one). */
export async function demoRun(db: Kysely<Database>, userId: number, instanceId: number, action: 'approve' | 'refuse', comment: string): Promise<void> {
  const task = await db
    .selectFrom('wf_task')
    .select(['id', 'assignee_id'])
    .where('instance_id', '=', instanceId)
    .where('state', '=', TASK_STATES.PENDING)
    .where((eb) => eb.or([eb('assignee_id', '=', userId), eb('assignee_id', 'is', null)]))
    .orderBy('id')
    .executeTakeFirst();
  if (!task) throw new Error(`演示流程 ${instanceId} 没有用户 ${userId} 的待办`);
  await runTask(db, { userId, admin: task.assignee_id === null }, { taskId: task.id, action, comment });
}

/** For the demo seed: the approver `userId` adds `signerId` to their pending task on an instance (加签). */
export async function demoAddSigner(db: Kysely<Database>, userId: number, instanceId: number, signerId: number, comment: string): Promise<void> {
  const task = await db.selectFrom('wf_task').select('id').where('instance_id', '=', instanceId).where('assignee_id', '=', userId).where('state', '=', TASK_STATES.PENDING).executeTakeFirst();
  if (!task) throw new Error(`演示流程 ${instanceId} 没有用户 ${userId} 的待办`);
  await addSigner(db, { userId, admin: false }, { taskId: task.id, userId: signerId, comment });
}

/** For the demo seed: the applicant recalls an instance. */
export async function demoRecall(db: Kysely<Database>, userId: number, instanceId: number, comment: string): Promise<void> {
  await recallInstance(db, { userId, admin: false }, { instanceId, comment });
}
export { instancePage } from './lists';

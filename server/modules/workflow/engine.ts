import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, notFound } from '../../lib/http';
import { nowText } from '../../lib/time';
import { sendUserMessages } from '../messages';
import { TASK_STATES, WF_STATES, type FormDiff, type PathNode, type StepAction } from '../../../src/contract/workflow';
import { allNodes, branchEntry, chooseBranch, findNode, nextAfter, type ApproverNode, type FormField, type WfNode } from '../../../src/contract/workflow-tree';
import { administrators, resolveRule, type Person } from './approvers';
import { checkForm, formDiff, type FormValues } from './form';
import { loadDefine, nodeName, type LoadedDefine } from './defines';
import { runApplyCheck, runOutcome, type Outcome } from './outcomes';
import { ownAttachments } from './attachments';
import './schema';

/**
 * The approval engine. Every function takes the caller's transaction (`db`) and changes state
 * only inside it; an action on an instance first locks the instance row (an update of it), so on
 * PostgreSQL two approvals of the same instance run one after the other, as they do on SQLite
 * (whose write transactions begin immediate). A task is closed by a conditional update
 * (state pending → decided): of two concurrent answers to the same task one wins, the other is
 * told it was already handled.
 */

const HOUR_MS = 3_600_000;
export const ALREADY_HANDLED = '该待办已被处理';
export const INSTANCE_CLOSED = '该流程已结束';

/** Who acts: a user, and whether they may act for the administrators (RC999 / 流程干预). */
export interface Actor {
  userId: number;
  admin: boolean;
  /** the campuses the administrator acts for (absent: all) */
  inScope?(schoolId: number | null): boolean;
}

type InstanceRecord = Awaited<ReturnType<typeof lockInstance>>;

async function userName(db: Kysely<Database>, id: number | null): Promise<string> {
  if (id === null) return '系统';
  const row = await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? '系统';
}

async function addStep(
  db: Kysely<Database>,
  instanceId: number,
  step: { node?: { id: string; name: string } | null; userId: number | null; action: StepAction; comment?: string | null; attachments?: readonly number[] | null; diff?: FormDiff[] | null },
): Promise<void> {
  await db
    .insertInto('wf_step')
    .values({
      instance_id: instanceId,
      node_id: step.node?.id ?? null,
      node_name: step.node?.name ?? null,
      user_id: step.userId,
      action: step.action,
      comment: step.comment ?? null,
      attachments: step.attachments && step.attachments.length > 0 ? JSON.stringify(step.attachments) : null,
      diff: step.diff ? JSON.stringify(step.diff) : null,
      created_at: nowText(),
    })
    .execute();
}

/** Locks a running instance for this transaction (and answers it); a finished one is refused. */
async function lockInstance(db: Kysely<Database>, instanceId: number) {
  const locked = await db.updateTable('wf_instance').set({ updated_at: nowText() }).where('id', '=', instanceId).where('state', '=', WF_STATES.RUNNING).executeTakeFirst();
  const row = await db.selectFrom('wf_instance').selectAll().where('id', '=', instanceId).executeTakeFirst();
  if (!row) throw notFound();
  if (Number(locked.numUpdatedRows) === 0) throw new ApiError(409, INSTANCE_CLOSED);
  return row;
}

function parseForm(text: string): FormValues {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as FormValues) : {};
  } catch {
    return {};
  }
}

/** The definition and version an instance runs on. */
async function instanceVersion(db: Kysely<Database>, inst: { define_id: number; version_id: number }): Promise<LoadedDefine> {
  return loadDefine(db, { defineId: inst.define_id }, { anyState: true, versionId: inst.version_id });
}

function dueAt(node: ApproverNode, def: LoadedDefine): string {
  return nowText(Date.now() + (node.timeout_hours ?? def.row.timeout_hours) * HOUR_MS);
}

async function notifyApprovers(db: Kysely<Database>, inst: { title: string }, ids: readonly number[]): Promise<void> {
  await sendUserMessages(db, { userIds: ids, title: `待审批：${inst.title}`, content: `您有一条新的审批待办「${inst.title}」，请到 任务中心 › 我的待办 处理。`, publisher: '审批流程' });
}

/**
 * Makes an approver node the current one: resolves its approvers and creates their tasks (依次审批:
 * the first pending, the others waiting their turn). Nobody found → one task for the
 * administrators' queue, so the instance never stalls unseen.
 */
async function activate(db: Kysely<Database>, inst: InstanceRecord, def: LoadedDefine, node: ApproverNode): Promise<void> {
  const round = inst.round + 1;
  const name = nodeName(def, node);
  const people = await resolveRule(db, node.rule, { applicantId: inst.applicant_id, schoolId: inst.school_id });
  const now = nowText();
  const due = dueAt(node, def);
  const base = { instance_id: inst.id, node_id: node.id, node_name: name, round, added: 0, reminded: 0, acted_at: null, comment: null, created_at: now, updated_at: now, created_by: null, updated_by: null };
  if (people.length === 0) {
    await db.insertInto('wf_task').values({ ...base, assignee_id: null, state: TASK_STATES.PENDING, seq_no: 0, due_at: due }).execute();
    await db.updateTable('wf_instance').set({ current_node: node.id, current_node_name: name, current_approvers: '管理员', admin_queue: 1, round }).where('id', '=', inst.id).execute();
    await addStep(db, inst.id, { node: { id: node.id, name }, userId: null, action: 'admin_queue', comment: '未找到审批人，已转管理员处理' });
    const admins = await administrators(db);
    await sendUserMessages(db, { userIds: admins.map((a) => a.id), title: `待处理：${inst.title}`, content: `流程「${inst.title}」的节点「${name}」找不到审批人，请到 任务中心 › 我的待办 处理或转交。`, publisher: '审批流程' });
    return;
  }
  const seq = node.mode === 'seq';
  await db
    .insertInto('wf_task')
    .values(people.map((p, i) => ({ ...base, assignee_id: p.id, state: seq && i > 0 ? TASK_STATES.WAITING : TASK_STATES.PENDING, seq_no: i, due_at: seq && i > 0 ? null : due })))
    .execute();
  const pending = seq ? [people[0]] : people;
  await db
    .updateTable('wf_instance')
    .set({ current_node: node.id, current_node_name: name, current_approvers: names(pending), admin_queue: 0, round })
    .where('id', '=', inst.id)
    .execute();
  await notifyApprovers(db, inst, pending.map((p) => p.id));
}

function names(people: readonly Person[]): string {
  return people
    .map((p) => p.name)
    .join('、')
    .slice(0, 255);
}

/** Walks from `start` through copies and branches to the next approver node (activated) or the end. */
async function enter(db: Kysely<Database>, inst: InstanceRecord, def: LoadedDefine, start: WfNode | undefined, actorId: number | null): Promise<void> {
  const form = parseForm(inst.form);
  let node = start;
  for (let guard = 0; node && guard < 1000; guard += 1) {
    if (node.type === 'end') break;
    if (node.type === 'approver') {
      await activate(db, inst, def, node);
      return;
    }
    if (node.type === 'copy') {
      const people = await resolveRule(db, node.rule, { applicantId: inst.applicant_id, schoolId: inst.school_id });
      if (people.length > 0) {
        const now = nowText();
        await db
          .insertInto('wf_copy')
          .values(people.map((p) => ({ instance_id: inst.id, node_id: node!.id, user_id: p.id, created_at: now })))
          .onConflict((oc) => oc.columns(['user_id', 'instance_id', 'node_id']).doNothing())
          .execute();
        await addStep(db, inst.id, { node: { id: node.id, name: nodeName(def, node) }, userId: null, action: 'copy', comment: `抄送：${names(people)}` });
        await sendUserMessages(db, { userIds: people.map((p) => p.id), title: `抄送：${inst.title}`, content: `流程「${inst.title}」抄送给您，请到 任务中心 › 抄送我的 查看。`, publisher: '审批流程' });
      }
      node = nextAfter(def.tree, node.id);
      continue;
    }
    if (node.type === 'branch') {
      const branch = chooseBranch(node, form, inst.school_id);
      node = branch ? branchEntry(def.tree, node, branch) : nextAfter(def.tree, node.id);
      continue;
    }
    node = nextAfter(def.tree, node.id);
  }
  await finish(db, inst, WF_STATES.APPROVED, actorId);
}

const OUTCOME_OF: Record<number, Outcome> = { [WF_STATES.APPROVED]: 'approved', [WF_STATES.REFUSED]: 'refused', [WF_STATES.RECALLED]: 'recalled', [WF_STATES.INTERRUPTED]: 'interrupted' };
const FINISH_TEXT: Record<number, string> = { [WF_STATES.APPROVED]: '已通过', [WF_STATES.REFUSED]: '已被拒绝', [WF_STATES.RECALLED]: '已撤回', [WF_STATES.INTERRUPTED]: '已被管理员终止' };

/** Ends an instance: open tasks cancelled, the area's outcome handler run (same transaction), the applicant told. */
async function finish(db: Kysely<Database>, inst: InstanceRecord, state: number, actorId: number | null): Promise<void> {
  const now = nowText();
  await cancelOpenTasks(db, inst.id);
  await db.updateTable('wf_instance').set({ state, finished_at: now, current_node: null, current_node_name: null, current_approvers: null, admin_queue: 0 }).where('id', '=', inst.id).execute();
  await addStep(db, inst.id, { node: null, userId: null, action: 'finish', comment: `流程${FINISH_TEXT[state]}` });
  await runOutcome(db, { id: inst.id, ref_type: inst.ref_type, ref_id: inst.ref_id, school_id: inst.school_id, applicant_id: inst.applicant_id, form: parseForm(inst.form), snapshot: inst.snapshot ? (JSON.parse(inst.snapshot) as unknown) : null }, OUTCOME_OF[state], actorId);
  if (actorId !== inst.applicant_id) {
    await sendUserMessages(db, { userIds: [inst.applicant_id], title: `审批结果：${inst.title}`, content: `您的申请「${inst.title}」${FINISH_TEXT[state]}。`, publisher: '审批流程' });
  }
}

async function cancelOpenTasks(db: Kysely<Database>, instanceId: number, nodeId?: string): Promise<void> {
  let qb = db
    .updateTable('wf_task')
    .set({ state: TASK_STATES.CANCELLED, updated_at: nowText() })
    .where('instance_id', '=', instanceId)
    .where('state', 'in', [TASK_STATES.PENDING, TASK_STATES.WAITING]);
  if (nodeId) qb = qb.where('node_id', '=', nodeId);
  await qb.execute();
}

// ---------------------------------------------------------------------------------------------
// Starting an instance
// ---------------------------------------------------------------------------------------------

export interface StartInput {
  defineKey?: string;
  defineId?: number;
  /** the enabled definition of this business kind, when no key or id is given */
  tag?: string;
  /** defaults to the definition's ref_type */
  refType?: string;
  /** the business record; absent for a stand-alone application */
  refId?: number | null;
  schoolId: number | null;
  form: Readonly<Record<string, unknown>>;
  applicantId: number;
  title?: string;
  /** the business record as it is at submission (kept for the approvers) */
  snapshot?: unknown;
  /** files the applicant uploaded for the application (shown on the 提交 step) */
  attachments?: readonly number[];
}

/** Starts an instance on the definition's current version and runs it to its first approver. */
export async function startInstance(db: Kysely<Database>, input: StartInput): Promise<{ instanceId: number; state: number }> {
  const def = await loadDefine(db, { defineKey: input.defineKey, defineId: input.defineId, tag: input.tag });
  let refType = input.refType ?? def.row.ref_type;
  let refId = input.refId ?? null;
  const bound: { refType?: string; refId?: number } = {};
  const form = await runApplyCheck({
    db,
    refType,
    refId,
    schoolId: input.schoolId,
    applicantId: input.applicantId,
    form: checkForm(def.form, input.form),
    bind: (t, id) => {
      bound.refType = t;
      bound.refId = id;
    },
  });
  // the area's check wrote the business record of an application that named none
  if (refId === null && bound.refType !== undefined && bound.refId !== undefined) {
    refType = bound.refType;
    refId = bound.refId;
  }
  if (refId !== null) {
    const open = await db.selectFrom('wf_instance').select('id').where('ref_type', '=', refType).where('ref_id', '=', refId).where('state', '=', WF_STATES.RUNNING).executeTakeFirst();
    if (open) throw new ApiError(409, '该业务记录已有审批中的流程');
  }
  const applicant = await userName(db, input.applicantId);
  const now = nowText();
  const title = (input.title?.trim() || `${applicant}的${def.row.name}`).slice(0, 100);
  const row = await db
    .insertInto('wf_instance')
    .values({
      define_id: def.row.id,
      version_id: def.versionId,
      title,
      ref_type: refType,
      ref_id: refId,
      school_id: input.schoolId,
      applicant_id: input.applicantId,
      state: WF_STATES.RUNNING,
      current_node: null,
      current_node_name: null,
      current_approvers: null,
      admin_queue: 0,
      round: 0,
      form: JSON.stringify(form),
      snapshot: input.snapshot === undefined ? null : JSON.stringify(input.snapshot),
      finished_at: null,
      created_at: now,
      updated_at: now,
      created_by: input.applicantId,
      updated_by: input.applicantId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const files = await ownAttachments(db, input.applicantId, input.attachments);
  await addStep(db, row.id, { node: { id: def.tree.id, name: nodeName(def, def.tree) }, userId: input.applicantId, action: 'submit', attachments: files });
  await enter(db, row, def, nextAfter(def.tree, def.tree.id), input.applicantId);
  const after = await db.selectFrom('wf_instance').select('state').where('id', '=', row.id).executeTakeFirstOrThrow();
  return { instanceId: row.id, state: after.state };
}

// ---------------------------------------------------------------------------------------------
// Acting on a task
// ---------------------------------------------------------------------------------------------

/** A pending task of the actor (or of the administrators' queue for an administrator), with its instance locked. */
async function myTask(db: Kysely<Database>, taskId: number, actor: Actor) {
  const first = await db
    .selectFrom('wf_task')
    .innerJoin('wf_instance', 'wf_instance.id', 'wf_task.instance_id')
    .select(['wf_task.id', 'wf_task.instance_id', 'wf_task.assignee_id', 'wf_instance.school_id'])
    .where('wf_task.id', '=', taskId)
    .executeTakeFirst();
  const queued = first?.assignee_id === null && actor.admin && (actor.inScope?.(first.school_id) ?? true);
  if (!first || !(first.assignee_id === actor.userId || queued)) throw notFound();
  const inst = await lockInstance(db, first.instance_id);
  // read again under the lock: another approval may have closed it meanwhile
  const task = await db.selectFrom('wf_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
  if (task.state !== TASK_STATES.PENDING || task.round !== inst.round) throw new ApiError(409, ALREADY_HANDLED);
  return { task, inst };
}

async function closeTask(db: Kysely<Database>, taskId: number, state: number, comment: string | null): Promise<void> {
  const now = nowText();
  const r = await db.updateTable('wf_task').set({ state, acted_at: now, comment, updated_at: now }).where('id', '=', taskId).where('state', '=', TASK_STATES.PENDING).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new ApiError(409, ALREADY_HANDLED);
}

export interface RunInput {
  taskId: number;
  action: 'approve' | 'refuse';
  comment?: string | null;
  attachments?: readonly number[];
  /** refuse back to this earlier approver node, or to the start node (the applicant, who edits and resubmits), instead of ending the instance */
  backNodeId?: string;
}

/** Approves or refuses a task; answers the instance's state afterwards. */
export async function runTask(db: Kysely<Database>, actor: Actor, input: RunInput): Promise<{ instanceId: number; state: number }> {
  const { task, inst } = await myTask(db, input.taskId, actor);
  const def = await instanceVersion(db, inst);
  const node = findNode(def.tree, task.node_id);
  const comment = input.comment?.trim() || null;
  const here = { id: task.node_id, name: task.node_name };
  const files = await ownAttachments(db, actor.userId, input.attachments);
  if (input.action === 'refuse') {
    if (input.backNodeId && input.backNodeId === def.tree.id) {
      await closeTask(db, task.id, TASK_STATES.REFUSED, comment);
      await cancelOpenTasks(db, inst.id);
      await addStep(db, inst.id, { node: here, userId: actor.userId, action: 'back', comment: `${comment ?? ''}${comment ? '；' : ''}退回至「${nodeName(def, def.tree)}」`, attachments: files });
      await returnToApplicant(db, inst, def);
      return { instanceId: inst.id, state: WF_STATES.RUNNING };
    }
    let back: ApproverNode | undefined;
    if (input.backNodeId) {
      const earlier = await earlierNodes(db, inst.id, def, task.node_id);
      back = earlier.find((n) => n.id === input.backNodeId);
      if (!back) throw new ApiError(400, '只能退回到之前已经过的审批节点');
    }
    await closeTask(db, task.id, TASK_STATES.REFUSED, comment);
    if (back) {
      await cancelOpenTasks(db, inst.id);
      await addStep(db, inst.id, { node: here, userId: actor.userId, action: 'back', comment: `${comment ?? ''}${comment ? '；' : ''}退回至「${nodeName(def, back)}」`, attachments: files });
      await activate(db, inst, def, back);
    } else {
      await addStep(db, inst.id, { node: here, userId: actor.userId, action: 'refuse', comment, attachments: files });
      await finish(db, inst, WF_STATES.REFUSED, actor.userId);
    }
  } else {
    await closeTask(db, task.id, TASK_STATES.APPROVED, comment);
    await addStep(db, inst.id, { node: here, userId: actor.userId, action: 'approve', comment, attachments: files });
    await afterApproval(db, inst, def, node && node.type === 'approver' ? node : undefined, task.node_id, actor.userId);
  }
  const after = await db.selectFrom('wf_instance').select('state').where('id', '=', inst.id).executeTakeFirstOrThrow();
  return { instanceId: inst.id, state: after.state };
}

/** After an approval: the node is done when its mode says so (and every added signer approved); then the flow moves on. */
async function afterApproval(db: Kysely<Database>, inst: InstanceRecord, def: LoadedDefine, node: ApproverNode | undefined, nodeId: string, actorId: number): Promise<void> {
  const tasks = await db.selectFrom('wf_task').selectAll().where('instance_id', '=', inst.id).where('node_id', '=', nodeId).where('round', '=', inst.round).execute();
  const open = (t: (typeof tasks)[number]) => t.state === TASK_STATES.PENDING || t.state === TASK_STATES.WAITING;
  const original = tasks.filter((t) => t.added === 0);
  const mode = node?.mode ?? 'any';
  const adminTask = original.some((t) => t.assignee_id === null && t.state === TASK_STATES.APPROVED);
  // the node's tasks closed here; with `tasks` (read under the instance's lock) they tell what is still open
  const cancelled = new Set<number>();
  if (mode === 'any' || adminTask) {
    const decided = original.some((t) => t.state === TASK_STATES.APPROVED);
    if (decided) {
      const others = original.filter(open).map((t) => t.id);
      if (others.length > 0) await db.updateTable('wf_task').set({ state: TASK_STATES.CANCELLED, updated_at: nowText() }).where('id', 'in', others).execute();
      for (const id of others) cancelled.add(id);
    }
  } else if (mode === 'seq' && !original.some((t) => t.state === TASK_STATES.PENDING)) {
    const next = original.filter((t) => t.state === TASK_STATES.WAITING).sort((a, b) => a.seq_no - b.seq_no)[0];
    if (next && node) {
      await db.updateTable('wf_task').set({ state: TASK_STATES.PENDING, due_at: dueAt(node, def), updated_at: nowText() }).where('id', '=', next.id).execute();
      await db
        .updateTable('wf_instance')
        .set({ current_approvers: await userName(db, next.assignee_id) })
        .where('id', '=', inst.id)
        .execute();
      await notifyApprovers(db, inst, next.assignee_id === null ? [] : [next.assignee_id]);
      return;
    }
  }
  if (tasks.some((t) => open(t) && !cancelled.has(t.id))) return;
  await enter(db, inst, def, nextAfter(def.tree, nodeId), actorId);
}

/**
 * 退回发起人: the instance stays running at its start node, with no task open (a new round, so
 * the refused round's tasks are history). The applicant edits the form and resubmits (the flow
 * starts again from the first node, every step kept), or recalls it; the business record stays as
 * it is meanwhile, as it does while approvers decide.
 */
async function returnToApplicant(db: Kysely<Database>, inst: InstanceRecord, def: LoadedDefine): Promise<void> {
  const applicant = await userName(db, inst.applicant_id);
  await db
    .updateTable('wf_instance')
    .set({ current_node: def.tree.id, current_node_name: nodeName(def, def.tree), current_approvers: applicant.slice(0, 255), admin_queue: 0, round: inst.round + 1 })
    .where('id', '=', inst.id)
    .execute();
  await sendUserMessages(db, { userIds: [inst.applicant_id], title: `退回修改：${inst.title}`, content: `您的申请「${inst.title}」被退回，请到 任务中心 › 我的申请 修改后重新提交，或撤回申请。`, publisher: '审批流程' });
}

/** Whether the instance waits for its applicant to resubmit (退回发起人). */
export function returnedToApplicant(inst: Pick<InstanceRecord, 'state' | 'current_node'>, def: LoadedDefine): boolean {
  return inst.state === WF_STATES.RUNNING && inst.current_node === def.tree.id;
}

/** The applicant resubmits a returned application, with the form corrected (kept as a diff step): the flow runs again from the first node. */
export async function resubmitInstance(db: Kysely<Database>, actor: Actor, input: { instanceId: number; form?: Readonly<Record<string, unknown>>; comment?: string | null; attachments?: readonly number[] }): Promise<{ instanceId: number; state: number }> {
  const inst = await lockInstance(db, input.instanceId);
  if (inst.applicant_id !== actor.userId) throw new ApiError(403, '只有发起人可以重新提交申请');
  const def = await instanceVersion(db, inst);
  if (!returnedToApplicant(inst, def)) throw new ApiError(409, '申请未被退回，不能重新提交');
  const start = { id: def.tree.id, name: nodeName(def, def.tree) };
  if (input.form) {
    const merged = checkForm(def.form, { ...parseForm(inst.form), ...input.form });
    await saveForm(db, inst, def.form, merged, { node: start, userId: actor.userId, comment: null });
  }
  const files = await ownAttachments(db, actor.userId, input.attachments);
  await addStep(db, inst.id, { node: start, userId: actor.userId, action: 'resubmit', comment: input.comment?.trim() || null, attachments: files });
  const fresh = await db.selectFrom('wf_instance').selectAll().where('id', '=', inst.id).executeTakeFirstOrThrow();
  await enter(db, fresh, def, nextAfter(def.tree, def.tree.id), actor.userId);
  const after = await db.selectFrom('wf_instance').select('state').where('id', '=', inst.id).executeTakeFirstOrThrow();
  return { instanceId: inst.id, state: after.state };
}

/** Approver nodes the instance has passed before `currentId` (where a refusal may send it back). */
export async function earlierNodes(db: Kysely<Database>, instanceId: number, def: LoadedDefine, currentId: string): Promise<ApproverNode[]> {
  const passed = await db.selectFrom('wf_task').select('node_id').distinct().where('instance_id', '=', instanceId).where('state', '=', TASK_STATES.APPROVED).execute();
  const ids = new Set(passed.map((p) => p.node_id));
  ids.delete(currentId);
  return allNodes(def.tree).filter((n): n is ApproverNode => n.type === 'approver' && ids.has(n.id));
}

/** 加签: the task's approver asks another person to approve this node too. */
export async function addSigner(db: Kysely<Database>, actor: Actor, input: { taskId: number; userId: number; comment?: string | null }): Promise<{ taskId: number }> {
  const { task, inst } = await myTask(db, input.taskId, actor);
  const person = await db.selectFrom('users').select(['id', 'name']).where('id', '=', input.userId).where('del_flag', '=', 0).where('state', '=', 1).executeTakeFirst();
  if (!person) throw new ApiError(404, '加签人不存在或已停用');
  if (person.id === inst.applicant_id) throw new ApiError(400, '不能加签给发起人');
  const dup = await db
    .selectFrom('wf_task')
    .select('id')
    .where('instance_id', '=', inst.id)
    .where('node_id', '=', task.node_id)
    .where('round', '=', inst.round)
    .where('assignee_id', '=', person.id)
    .where('state', 'in', [TASK_STATES.PENDING, TASK_STATES.WAITING])
    .executeTakeFirst();
  if (dup) throw new ApiError(409, `${person.name} 已是该节点的审批人`);
  const now = nowText();
  const row = await db
    .insertInto('wf_task')
    .values({
      instance_id: inst.id,
      node_id: task.node_id,
      node_name: task.node_name,
      round: inst.round,
      assignee_id: person.id,
      state: TASK_STATES.PENDING,
      seq_no: 0,
      added: 1,
      due_at: task.due_at,
      reminded: 0,
      acted_at: null,
      comment: null,
      created_at: now,
      updated_at: now,
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const approvers = inst.current_approvers ? `${inst.current_approvers}、${person.name}` : person.name;
  await db.updateTable('wf_instance').set({ current_approvers: approvers.slice(0, 255) }).where('id', '=', inst.id).execute();
  await addStep(db, inst.id, { node: { id: task.node_id, name: task.node_name }, userId: actor.userId, action: 'add_signer', comment: `${input.comment?.trim() ? `${input.comment.trim()}；` : ''}加签：${person.name}` });
  await notifyApprovers(db, inst, [person.id]);
  return { taskId: row.id };
}

// ---------------------------------------------------------------------------------------------
// Applicant and administrator actions
// ---------------------------------------------------------------------------------------------

/** Whether the applicant may still take the application back: nobody has approved at the current node. */
async function untouched(db: Kysely<Database>, inst: InstanceRecord): Promise<boolean> {
  const acted = await db.selectFrom('wf_task').select('id').where('instance_id', '=', inst.id).where('round', '=', inst.round).where('state', 'in', [TASK_STATES.APPROVED, TASK_STATES.REFUSED]).executeTakeFirst();
  return !acted;
}

export async function canRecall(db: Kysely<Database>, inst: InstanceRecord, userId: number): Promise<boolean> {
  return inst.state === WF_STATES.RUNNING && inst.applicant_id === userId && (await untouched(db, inst));
}

/** The applicant takes the application back while the current approvers have not acted. */
export async function recallInstance(db: Kysely<Database>, actor: Actor, input: { instanceId: number; comment?: string | null }): Promise<{ instanceId: number; state: number }> {
  const inst = await lockInstance(db, input.instanceId);
  if (inst.applicant_id !== actor.userId) throw new ApiError(403, '只有发起人可以撤回申请');
  if (!(await untouched(db, inst))) throw new ApiError(409, '审批人已处理，不能撤回');
  await addStep(db, inst.id, { node: inst.current_node ? { id: inst.current_node, name: inst.current_node_name ?? '' } : null, userId: actor.userId, action: 'recall', comment: input.comment?.trim() || null });
  await finish(db, inst, WF_STATES.RECALLED, actor.userId);
  return { instanceId: inst.id, state: WF_STATES.RECALLED };
}

/** An administrator stops a running instance. */
export async function interruptInstance(db: Kysely<Database>, actor: Actor, input: { instanceId: number; comment: string }): Promise<{ instanceId: number; state: number }> {
  const inst = await lockInstance(db, input.instanceId);
  await addStep(db, inst.id, { node: inst.current_node ? { id: inst.current_node, name: inst.current_node_name ?? '' } : null, userId: actor.userId, action: 'interrupt', comment: input.comment });
  await finish(db, inst, WF_STATES.INTERRUPTED, actor.userId);
  return { instanceId: inst.id, state: WF_STATES.INTERRUPTED };
}

/** An administrator reassigns a pending task to someone else, or moves the instance to another approver node. */
export async function repairInstance(
  db: Kysely<Database>,
  actor: Actor,
  input: { instanceId: number; taskId?: number; userId?: number; nodeId?: string; comment?: string | null },
): Promise<{ instanceId: number; state: number }> {
  const inst = await lockInstance(db, input.instanceId);
  const def = await instanceVersion(db, inst);
  const comment = input.comment?.trim() || null;
  if (input.nodeId) {
    const node = findNode(def.tree, input.nodeId);
    if (!node || node.type !== 'approver') throw new ApiError(400, '目标节点不存在或不是审批节点');
    await cancelOpenTasks(db, inst.id);
    await addStep(db, inst.id, { node: { id: node.id, name: nodeName(def, node) }, userId: actor.userId, action: 'repair', comment: `${comment ? `${comment}；` : ''}跳转至「${nodeName(def, node)}」` });
    await activate(db, inst, def, node);
  } else if (input.taskId && input.userId) {
    const task = await db.selectFrom('wf_task').selectAll().where('id', '=', input.taskId).where('instance_id', '=', inst.id).executeTakeFirst();
    if (!task || task.state !== TASK_STATES.PENDING) throw new ApiError(409, ALREADY_HANDLED);
    const person = await db.selectFrom('users').select(['id', 'name']).where('id', '=', input.userId).where('del_flag', '=', 0).where('state', '=', 1).executeTakeFirst();
    if (!person) throw new ApiError(404, '处理人不存在或已停用');
    await db.updateTable('wf_task').set({ assignee_id: person.id, reminded: 0, updated_at: nowText(), updated_by: actor.userId }).where('id', '=', task.id).execute();
    const pending = await db
      .selectFrom('wf_task')
      .innerJoin('users', 'users.id', 'wf_task.assignee_id')
      .select(['users.name'])
      .where('wf_task.instance_id', '=', inst.id)
      .where('wf_task.round', '=', inst.round)
      .where('wf_task.state', '=', TASK_STATES.PENDING)
      .execute();
    const stillQueued = await db.selectFrom('wf_task').select('id').where('instance_id', '=', inst.id).where('round', '=', inst.round).where('state', '=', TASK_STATES.PENDING).where('assignee_id', 'is', null).executeTakeFirst();
    await db
      .updateTable('wf_instance')
      .set({ current_approvers: pending.map((p) => p.name).join('、').slice(0, 255) || null, admin_queue: stillQueued ? 1 : 0 })
      .where('id', '=', inst.id)
      .execute();
    await addStep(db, inst.id, { node: { id: task.node_id, name: task.node_name }, userId: actor.userId, action: 'repair', comment: `${comment ? `${comment}；` : ''}转交给 ${person.name}` });
    await notifyApprovers(db, inst, [person.id]);
  }
  const after = await db.selectFrom('wf_instance').select('state').where('id', '=', inst.id).executeTakeFirstOrThrow();
  return { instanceId: inst.id, state: after.state };
}

// ---------------------------------------------------------------------------------------------
// Form edits
// ---------------------------------------------------------------------------------------------

async function saveForm(db: Kysely<Database>, inst: InstanceRecord, fields: readonly FormField[], next: FormValues, step: { node: { id: string; name: string } | null; userId: number; comment?: string | null }): Promise<FormDiff[]> {
  const before = parseForm(inst.form);
  const merged = { ...before, ...next };
  const diff = formDiff(fields, before, merged);
  if (diff.length === 0) return [];
  await db.updateTable('wf_instance').set({ form: JSON.stringify(merged) }).where('id', '=', inst.id).execute();
  await addStep(db, inst.id, { ...step, action: 'edit_form', comment: step.comment?.trim() || null, diff });
  return diff;
}

/** The applicant corrects the application while nobody has acted at the current node. */
export async function editFormByApplicant(db: Kysely<Database>, actor: Actor, input: { instanceId: number; form: Readonly<Record<string, unknown>>; comment?: string | null }): Promise<FormDiff[]> {
  const inst = await lockInstance(db, input.instanceId);
  if (inst.applicant_id !== actor.userId) throw new ApiError(403, '只有发起人可以修改申请内容');
  if (!(await untouched(db, inst))) throw new ApiError(409, '审批人已处理，不能再修改申请内容');
  const def = await instanceVersion(db, inst);
  const merged = checkForm(def.form, { ...parseForm(inst.form), ...input.form });
  return saveForm(db, inst, def.form, merged, { node: null, userId: actor.userId, comment: input.comment });
}

/** Fields the approver of a node may edit and may not see. */
export function fieldRules(node: WfNode | undefined): { editable: string[]; hidden: string[] } {
  const rules = node && node.type === 'approver' ? (node.fields ?? {}) : {};
  return {
    editable: Object.entries(rules)
      .filter(([, p]) => p === 'edit')
      .map(([f]) => f),
    hidden: Object.entries(rules)
      .filter(([, p]) => p === 'hidden')
      .map(([f]) => f),
  };
}

/** The current approver edits the fields their node permits; every change is kept as a diff step. */
export async function editFormByApprover(db: Kysely<Database>, actor: Actor, input: { taskId: number; form: Readonly<Record<string, unknown>>; comment?: string | null }): Promise<FormDiff[]> {
  const { task, inst } = await myTask(db, input.taskId, actor);
  const def = await instanceVersion(db, inst);
  const { editable } = fieldRules(findNode(def.tree, task.node_id));
  const before = parseForm(inst.form);
  const labels = new Map(def.form.map((f) => [f.name, f.label]));
  const changed = Object.keys(input.form).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(input.form[k] ?? null));
  const refused = changed.filter((k) => !editable.includes(k));
  if (refused.length > 0) throw new ApiError(403, `当前节点不能修改：${refused.map((k) => labels.get(k) ?? k).join('、')}`);
  const checked = checkForm(def.form, { ...before, ...input.form }, new Set(changed));
  const next: FormValues = {};
  for (const k of changed) next[k] = checked[k];
  return saveForm(db, inst, def.form, next, { node: { id: task.node_id, name: task.node_name }, userId: actor.userId, comment: input.comment });
}

// ---------------------------------------------------------------------------------------------
// The path (prerun and the instance detail)
// ---------------------------------------------------------------------------------------------

/** The nodes an instance would meet with this form, and their approvers, without writing anything. */
export async function previewPath(db: Kysely<Database>, def: LoadedDefine, form: Readonly<Record<string, unknown>>, ctx: { applicantId: number; schoolId: number | null }, from?: WfNode): Promise<PathNode[]> {
  const out: PathNode[] = [];
  let node: WfNode | undefined = from ?? def.tree;
  for (let guard = 0; node && guard < 1000; guard += 1) {
    if (node.type === 'end') break;
    if (node.type === 'start') out.push({ node_id: node.id, name: nodeName(def, node), type: 'start', approvers: [{ id: ctx.applicantId, name: await userName(db, ctx.applicantId) }], missing: false });
    if (node.type === 'approver' || node.type === 'copy') {
      const people = await resolveRule(db, node.rule, ctx);
      out.push({ node_id: node.id, name: nodeName(def, node), type: node.type, approvers: people, missing: node.type === 'approver' && people.length === 0, mode: node.type === 'approver' ? node.mode : undefined });
    }
    if (node.type === 'branch') {
      const branch = chooseBranch(node, form, ctx.schoolId);
      node = branch ? branchEntry(def.tree, node, branch) : nextAfter(def.tree, node.id);
      continue;
    }
    node = nextAfter(def.tree, node.id);
  }
  out.push({ node_id: '__end', name: '结束', type: 'end', approvers: [], missing: false });
  return out;
}

export { instanceVersion, parseForm, lockInstance };

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { notFound } from '../../lib/http';
import { hasPerm } from '../../lib/auth';
import { inScope, whereInScope } from '../../lib/scope';
import { countOf, likeInsensitive, likePattern } from '../../db/dialect';
import { listOrder } from '../../lib/list-order';
import { cachedCount, countOfTable } from '../../lib/count-cache';
import { STEP_ACTION_TEXT, TASK_STATES, WF_STATES, WF_STATE_TEXT, type InstanceDetail, type InstancePage, type InstanceRow, type PathNode, type StepAction, type StepRow, type wfInstanceListQuery } from '../../../src/contract/workflow';
import type { z } from 'zod';
import { findNode } from '../../../src/contract/workflow-tree';
import { canRecall, earlierNodes, fieldRules, instanceVersion, parseForm, previewPath, returnedToApplicant } from './engine';
import { nodeName } from './defines';
import { filesOfSteps } from './attachments';
import './schema';

type ListQuery = z.output<typeof wfInstanceListQuery>;

/** Whether the caller acts for the administrators: sees the queue of tasks nobody could take, intervenes. */
export function isWfAdmin(p: Principal): boolean {
  return p.superuser || hasPerm(p, 'wf_repair') || hasPerm(p, 'wf_interrupt');
}

function base(db: Kysely<Database>) {
  return db
    .selectFrom('wf_instance as i')
    .innerJoin('wf_define as d', 'd.id', 'i.define_id')
    .innerJoin('wf_define_version as v', 'v.id', 'i.version_id')
    .leftJoin('users as u', 'u.id', 'i.applicant_id')
    .leftJoin('organisations as o', 'o.id', 'i.school_id');
}

const COLUMNS = [
  'i.id',
  'i.title',
  'd.define_key',
  'd.name as define_name',
  'v.version',
  'i.ref_type',
  'i.ref_id',
  'i.school_id',
  'o.name as school_name',
  'i.applicant_id',
  'u.name as applicant_name',
  'i.state',
  'i.current_node_name',
  'i.current_approvers',
  'i.admin_queue',
  'i.created_at',
  'i.finished_at',
] as const;

/**
 * The caller's pending tasks: their own, and for an administrator the queue of their campuses
 * (each queued task's instance looked up by id). Two index reads joined by `union all`: an `or`
 * of the two, or the queue as `instance_id in (every instance of the campuses)`, makes both
 * databases read every pending task or every instance (seconds at 1,000,000 instances).
 */
function todoBranches(db: Kysely<Database>, p: Principal) {
  const own = db.selectFrom('wf_task as t').where('t.state', '=', TASK_STATES.PENDING).where('t.assignee_id', '=', p.userId);
  if (!isWfAdmin(p)) return { own };
  const queue = whereInScope(db.selectFrom('wf_task as t').innerJoin('wf_instance as qi', 'qi.id', 't.instance_id').where('t.state', '=', TASK_STATES.PENDING).where('t.assignee_id', 'is', null), 'qi.school_id', p);
  return { own, queue };
}

/** The instances of the caller's pending tasks (a subquery). */
function todoInstanceIds(db: Kysely<Database>, p: Principal) {
  const { own, queue } = todoBranches(db, p);
  const ids = own.select('t.instance_id');
  return queue ? ids.unionAll(queue.select('t.instance_id')) : ids;
}

/**
 * The same instances, each once, read from the task index alone (every task has its instance;
 * instances are never deleted): the count and the default page of the unfiltered to-do list. Going
 * through wf_instance instead looks every pending task's instance up by id, one random page of a
 * large table each (about 10 ms for the 333 to-dos of the bench's finance reviewer).
 */
function todoDistinctIds(db: Kysely<Database>, p: Principal) {
  const { own, queue } = todoBranches(db, p);
  const ids = own.select('t.instance_id');
  return db.selectFrom((queue ? ids.union(queue.select('t.instance_id')) : ids.distinct()).as('x')).select('x.instance_id');
}

/** The number of to-do instances, on the task index (see todoDistinctIds). */
function todoCount(db: Kysely<Database>, p: Principal): Promise<number> {
  return countOf(todoDistinctIds(db, p));
}

/**
 * The decided tasks' instances (the done badge): counted on the task index alone, and kept while
 * wf_task is unchanged (count-cache.ts). An approver of long standing has decided tens of thousands
 * of tasks (the bench's finance reviewer: 39,000), and counting them distinct is most of the cost of
 * every task-center list, while between two approvals the answer is the same.
 */
function doneCount(db: Kysely<Database>, p: Principal): Promise<number> {
  return cachedCount(db, 'wf_task', `wf_done\u0000${p.userId}`, () =>
    db
      .selectFrom('wf_task')
      .select(sql<number | string>`count(distinct instance_id)`.as('n'))
      .where('assignee_id', '=', p.userId)
      .where('state', 'in', [TASK_STATES.APPROVED, TASK_STATES.REFUSED])
      .executeTakeFirst()
      .then((r) => Number(r?.n ?? 0)),
  );
}

/** The caller's pending tasks of these instances, in task order. */
async function todoTasksOf(db: Kysely<Database>, p: Principal, instanceIds: readonly number[]): Promise<{ task_id: number; instance_id: number }[]> {
  const { own, queue } = todoBranches(db, p);
  const rows = await own.select(['t.id as task_id', 't.instance_id']).where('t.instance_id', 'in', instanceIds).execute();
  if (queue) rows.push(...(await queue.select(['t.id as task_id', 't.instance_id']).where('t.instance_id', 'in', instanceIds).execute()));
  return rows.sort((a, b) => a.task_id - b.task_id);
}

/** One list of the task center (to-do, done, my applications, copies) or the monitor (every instance in scope). */
function listQuery(db: Kysely<Database>, p: Principal, q: ListQuery) {
  // the filters read the instance alone: counted without the joins of the rows shown (base)
  let qb = db.selectFrom('wf_instance as i');
  const me = p.userId;
  switch (q.type) {
    case 'todo':
      qb = qb.where('i.id', 'in', todoInstanceIds(db, p));
      break;
    case 'done':
      qb = qb.where('i.id', 'in', db.selectFrom('wf_task').select('instance_id').where('assignee_id', '=', me).where('state', 'in', [TASK_STATES.APPROVED, TASK_STATES.REFUSED]));
      break;
    case 'apply':
      qb = qb.where('i.applicant_id', '=', me);
      break;
    case 'copy':
      qb = qb.where('i.id', 'in', db.selectFrom('wf_copy').select('instance_id').where('user_id', '=', me));
      break;
    case 'all':
      qb = whereInScope(qb, 'i.school_id', p);
      break;
  }
  if (q.ref_type) qb = qb.where('i.ref_type', '=', q.ref_type);
  if (q.tag) qb = qb.where('i.define_id', 'in', db.selectFrom('wf_define').select('id').where('tag', '=', q.tag));
  if (q.state) qb = qb.where('i.state', '=', q.state);
  if (q.keyword) qb = qb.where(likeInsensitive(sql.ref('i.title'), likePattern(q.keyword)));
  if (q.applicant_id) qb = qb.where('i.applicant_id', '=', q.applicant_id);
  if (q.school_id) qb = qb.where('i.school_id', '=', q.school_id);
  if (q.date_start) qb = qb.where('i.created_at', '>=', `${q.date_start} 00:00:00`);
  if (q.date_end) qb = qb.where('i.created_at', '<=', `${q.date_end} 23:59:59`);
  return qb;
}

function toRow(r: Omit<InstanceRow, 'state_text'>): InstanceRow {
  return { ...r, state_text: WF_STATE_TEXT[r.state] ?? '' };
}

/**
 * Badge counts of the task center: pending to-dos, decided tasks, own running applications, copies.
 * `knownTodo`: the to-do count when the caller has just counted the unfiltered to-do list.
 */
export async function taskCounts(db: Kysely<Database>, p: Principal, knownTodo?: number): Promise<InstancePage['counts']> {
  const [todo, done, apply, copy] = await Promise.all([
    knownTodo ?? todoCount(db, p),
    doneCount(db, p),
    countOf(db.selectFrom('wf_instance').select('id').where('applicant_id', '=', p.userId).where('state', '=', WF_STATES.RUNNING)),
    countOf(db.selectFrom('wf_copy').select('id').where('user_id', '=', p.userId)),
  ]);
  return { todo, done, apply, copy };
}

export async function instancePage(db: Kysely<Database>, p: Principal, q: ListQuery): Promise<InstancePage> {
  const qb = listQuery(db, p, q);
  const unfiltered = !q.ref_type && !q.tag && !q.state && !q.keyword && !q.applicant_id && !q.school_id && !q.date_start && !q.date_end;
  const order = listOrder(q.sort, { id: 'i.id', created_at: 'i.created_at', finished_at: 'i.finished_at', state: 'i.state', title: 'i.title' }, [['i.id', 'desc']]);
  // the unfiltered to-do list in its usual order (newest first) needs nothing of wf_instance but
  // the 20 rows shown: its count and its page are read from the task index (todoDistinctIds)
  const tasksOnly = q.type === 'todo' && unfiltered && order.length === 1 && order[0][0] === 'i.id' && order[0][1] === 'desc';
  let totalSize: number;
  if (tasksOnly) totalSize = await todoCount(db, p);
  // every instance in scope (the monitor, an applicant's own) filters on wf_instance only: its
  // count is kept while the table is unchanged (count-cache.ts); the other lists read tasks or copies too
  else if (q.type === 'all' || q.type === 'apply') totalSize = await countOfTable(db, 'wf_instance', qb.select('i.id'));
  else totalSize = await countOf(qb.select('i.id'));
  let pageIds = qb.select('i.id');
  let sorted = base(db).select([...COLUMNS]);
  for (const [ref, dir] of order) {
    pageIds = pageIds.orderBy(sql.ref(ref), dir);
    sorted = sorted.orderBy(sql.ref(ref), dir);
  }
  const offset = (q.page - 1) * q.rows;
  // the page's ids first, then their joins (the definition, applicant and campus names of 20 rows)
  const rows = await sorted
    .where('i.id', 'in', tasksOnly ? todoDistinctIds(db, p).orderBy('x.instance_id', 'desc').limit(q.rows).offset(offset) : pageIds.limit(q.rows).offset(offset))
    .execute();
  let content = rows.map((r) => toRow(r as Omit<InstanceRow, 'state_text'>));
  if (q.type === 'todo' && content.length > 0) {
    const tasks = await todoTasksOf(
      db,
      p,
      content.map((r) => r.id),
    );
    const byInstance = new Map<number, number>();
    for (const t of tasks) if (!byInstance.has(t.instance_id)) byInstance.set(t.instance_id, t.task_id);
    content = content.map((r) => ({ ...r, task_id: byInstance.get(r.id) ?? null }));
  }
  // the unfiltered to-do list's total is the to-do badge: not counted twice
  return { content, totalSize, counts: await taskCounts(db, p, q.type === 'todo' && unfiltered ? totalSize : undefined) };
}

/**
 * Whether the caller may see an instance: they applied, have (had) a task on it or a copy of it,
 * or they watch their campuses' workflows (流程干预/终止) and it is in their scope. Approvers see
 * an instance whatever their own campus scope.
 */
export async function assertVisible(db: Kysely<Database>, p: Principal, inst: { id: number; applicant_id: number; school_id: number | null }): Promise<void> {
  if (inst.applicant_id === p.userId) return;
  if (isWfAdmin(p) && inScope(p, inst.school_id)) return;
  const task = await db.selectFrom('wf_task').select('id').where('instance_id', '=', inst.id).where('assignee_id', '=', p.userId).executeTakeFirst();
  if (task) return;
  const copy = await db.selectFrom('wf_copy').select('id').where('instance_id', '=', inst.id).where('user_id', '=', p.userId).executeTakeFirst();
  if (copy) return;
  throw notFound();
}

function parseList<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export async function instanceDetail(db: Kysely<Database>, p: Principal, instanceId: number): Promise<InstanceDetail> {
  const inst = await db.selectFrom('wf_instance').selectAll().where('id', '=', instanceId).executeTakeFirst();
  if (!inst) throw notFound();
  await assertVisible(db, p, inst);
  const row = await base(db)
    .select([...COLUMNS])
    .where('i.id', '=', instanceId)
    .executeTakeFirstOrThrow();
  const def = await instanceVersion(db, inst);
  const form = parseForm(inst.form);
  const steps = await db.selectFrom('wf_step as s').leftJoin('users as u', 'u.id', 's.user_id').select(['s.id', 's.node_id', 's.node_name', 's.user_id', 'u.name as user_name', 's.action', 's.comment', 's.attachments', 's.diff', 's.created_at']).where('s.instance_id', '=', instanceId).orderBy('s.id').execute();
  const tasks = await db
    .selectFrom('wf_task as t')
    .leftJoin('users as u', 'u.id', 't.assignee_id')
    .select(['t.id', 't.node_id', 't.node_name', 't.assignee_id', 'u.name as assignee_name', 't.state', 't.added', 't.due_at', 't.acted_at', 't.comment', 't.round'])
    .where('t.instance_id', '=', instanceId)
    .orderBy('t.id')
    .execute();
  const mine = tasks.find((t) => t.state === TASK_STATES.PENDING && t.round === inst.round && (t.assignee_id === p.userId || (t.assignee_id === null && isWfAdmin(p) && inScope(p, inst.school_id))));
  const mineNode = mine ? findNode(def.tree, mine.node_id) : undefined;
  const rules = fieldRules(mineNode);
  const path = await detailPath(db, inst, def, form, tasks);
  const stepFiles = await filesOfSteps(db, steps.map((s) => ({ id: s.id, attachments: parseList<number[]>(s.attachments) ?? [] })));
  const stepRows: StepRow[] = steps.map((s) => ({
    id: s.id,
    node_id: s.node_id,
    node_name: s.node_name,
    user_id: s.user_id,
    user_name: s.user_name,
    action: s.action as StepAction,
    action_text: STEP_ACTION_TEXT[s.action as StepAction] ?? s.action,
    comment: s.comment,
    attachments: parseList<number[]>(s.attachments) ?? [],
    files: stepFiles.get(s.id) ?? [],
    diff: parseList(s.diff),
    created_at: s.created_at,
  }));
  const recall = await canRecall(db, inst, p.userId);
  return {
    instance: toRow(row as Omit<InstanceRow, 'state_text'>),
    form: mine ? Object.fromEntries(Object.entries(form).filter(([k]) => !rules.hidden.includes(k))) : form,
    form_fields: mine ? def.form.filter((f) => !rules.hidden.includes(f.name)) : def.form,
    snapshot: parseList(inst.snapshot),
    path,
    steps: stepRows,
    tasks: tasks.map(({ round: _round, ...t }) => t),
    my_task: mine
      ? {
          id: mine.id,
          node_id: mine.node_id,
          node_name: mine.node_name,
          editable: rules.editable,
          hidden: rules.hidden,
          // back to the applicant (退回发起人) first, then the approver nodes passed
          earlier_nodes: [{ node_id: def.tree.id, name: `${nodeName(def, def.tree)}（修改后重新提交）` }, ...(await earlierNodes(db, inst.id, def, mine.node_id)).map((n) => ({ node_id: n.id, name: nodeName(def, n) }))],
        }
      : null,
    can_recall: recall,
    can_edit_form: recall,
    can_resubmit: inst.applicant_id === p.userId && returnedToApplicant(inst, def),
    can_admin: inst.state === WF_STATES.RUNNING && isWfAdmin(p) && inScope(p, inst.school_id),
  };
}

/**
 * The path shown on the detail: the nodes passed (with who actually decided), the current one,
 * and those ahead as the form would take them now.
 */
async function detailPath(
  db: Kysely<Database>,
  inst: { applicant_id: number; school_id: number | null; state: number; current_node: string | null },
  def: Awaited<ReturnType<typeof instanceVersion>>,
  form: Record<string, unknown>,
  tasks: readonly { node_id: string; assignee_id: number | null; assignee_name: string | null; state: number }[],
): Promise<PathNode[]> {
  const planned = await previewPath(db, def, form, { applicantId: inst.applicant_id, schoolId: inst.school_id });
  const currentIndex = inst.current_node ? planned.findIndex((n) => n.node_id === inst.current_node) : -1;
  return planned.map((n, i) => {
    const acted = tasks.filter((t) => t.node_id === n.node_id && t.assignee_id !== null && (t.state === TASK_STATES.APPROVED || t.state === TASK_STATES.REFUSED || t.state === TASK_STATES.PENDING));
    const approvers = acted.length > 0 ? [...new Map(acted.map((t) => [t.assignee_id as number, { id: t.assignee_id as number, name: t.assignee_name ?? '' }])).values()] : n.approvers;
    let status: PathNode['status'];
    if (inst.state !== WF_STATES.RUNNING) status = inst.state === WF_STATES.APPROVED || n.type === 'start' || acted.length > 0 ? 'done' : 'ahead';
    else if (currentIndex < 0) status = i === 0 ? 'done' : 'ahead';
    else status = i < currentIndex ? 'done' : i === currentIndex ? 'current' : 'ahead';
    return { ...n, approvers, status };
  });
}

import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { isUniqueViolation } from '../../db/dialect';
import type { DefineRow } from '../../../src/contract/workflow';
import { allNodes, formFieldSchema, validateTree, wfNodeSchema, type FormField, type WfNode } from '../../../src/contract/workflow-tree';
import type { WfDefineTable } from './schema';
import './schema';

/** A definition with the tree and form of one version (the current one unless asked otherwise). */
export interface LoadedDefine {
  row: Selectable<WfDefineTable>;
  versionId: number;
  version: number;
  tree: WfNode;
  form: FormField[];
  stepNames: Record<string, string>;
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The name a node shows: the one set by update_step_name, else its own. */
export function nodeName(def: Pick<LoadedDefine, 'stepNames'>, node: Pick<WfNode, 'id' | 'name'>): string {
  return def.stepNames[node.id] ?? node.name;
}

export async function loadVersion(db: Kysely<Database>, versionId: number): Promise<{ id: number; version: number; tree: WfNode; form: FormField[] }> {
  const v = await db.selectFrom('wf_define_version').select(['id', 'version', 'tree', 'form']).where('id', '=', versionId).executeTakeFirst();
  if (!v) throw new ApiError(404, '流程版本不存在');
  return { id: v.id, version: v.version, tree: parseJson<WfNode>(v.tree, { id: 'start', name: '发起人', type: 'start' }), form: parseJson<FormField[]>(v.form, []) };
}

/**
 * A definition by key, id or tag (the enabled one of that business kind). Only enabled, undeleted
 * definitions start instances; `anyState` loads a disabled one too (running instances, the designer).
 * `versionId`: that version's tree and form instead of the current one's (a running instance's
 * version; read instead of the current one, not besides it).
 */
export async function loadDefine(db: Kysely<Database>, by: { defineKey?: string; defineId?: number; tag?: string }, opts: { anyState?: boolean; versionId?: number } = {}): Promise<LoadedDefine> {
  let qb = db.selectFrom('wf_define').selectAll().where('del_flag', '=', 0);
  if (by.defineId) qb = qb.where('id', '=', by.defineId);
  else if (by.defineKey) qb = qb.where('define_key', '=', by.defineKey);
  else if (by.tag) qb = qb.where('tag', '=', by.tag);
  else throw new ApiError(400, '请选择流程');
  if (!opts.anyState) qb = qb.where('state', '=', 1);
  const row = await qb.orderBy('id').executeTakeFirst();
  if (!row || row.version_id === null) throw new ApiError(404, opts.anyState ? '流程不存在' : '流程不存在或未启用');
  const v = await loadVersion(db, opts.versionId ?? row.version_id);
  return { row, versionId: v.id, version: v.version, tree: v.tree, form: v.form, stepNames: parseJson<Record<string, string>>(row.step_names, {}) };
}

export function defineRow(r: Selectable<WfDefineTable>): DefineRow {
  return {
    id: r.id,
    define_key: r.define_key,
    name: r.name,
    tag: r.tag,
    ref_type: r.ref_type,
    state: r.state,
    version: r.version,
    version_id: r.version_id ?? 0,
    timeout_hours: r.timeout_hours,
    remark: r.remark,
    updated_at: r.updated_at,
  };
}

/** The tree a new definition starts with: the applicant, then the campus principal. */
export function defaultTree(): WfNode {
  return { id: 'start', name: '发起人', type: 'start', child: { id: 'n1', name: '校长审批', type: 'approver', mode: 'any', rule: { kind: 'principal' } } };
}
export const DEFAULT_FORM: FormField[] = [{ name: 'reason', label: '申请事由', type: 'textarea', required: true }];

export interface DefineInput {
  name: string;
  tag: string;
  ref_type?: string;
  remark?: string | null;
  timeout_hours?: number;
  state?: number;
}

async function addVersion(db: Kysely<Database>, defineId: number, tree: WfNode, form: FormField[], userId: number | null): Promise<{ id: number; version: number }> {
  const last = await db.selectFrom('wf_define_version').select(({ fn }) => fn.max('version').as('v')).where('define_id', '=', defineId).executeTakeFirst();
  const version = Number(last?.v ?? 0) + 1;
  const now = nowText();
  const row = await db
    .insertInto('wf_define_version')
    .values({ define_id: defineId, version, tree: JSON.stringify(tree), form: JSON.stringify(form), created_at: now, updated_at: now, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, version };
}

/** A new definition with version 1 (the default tree and form unless given). */
export async function createDefine(db: Kysely<Database>, userId: number | null, input: DefineInput & { define_key: string; tree?: WfNode; form?: FormField[] }): Promise<DefineRow> {
  const now = nowText();
  let id: number;
  try {
    const row = await db
      .insertInto('wf_define')
      .values({
        define_key: input.define_key,
        name: input.name,
        tag: input.tag,
        ref_type: input.ref_type ?? input.tag,
        state: input.state ?? 1,
        version_id: null,
        version: 0,
        timeout_hours: input.timeout_hours ?? 24,
        step_names: null,
        remark: input.remark ?? null,
        del_flag: 0,
        created_at: now,
        updated_at: now,
        created_by: userId,
        updated_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, `流程标识 ${input.define_key} 已存在`);
    throw err;
  }
  const tree = input.tree ?? defaultTree();
  const form = input.form ?? DEFAULT_FORM;
  assertSavable(tree, form);
  const v = await addVersion(db, id, tree, form, userId);
  await db.updateTable('wf_define').set({ version_id: v.id, version: v.version }).where('id', '=', id).execute();
  return defineRow(await db.selectFrom('wf_define').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

function assertSavable(tree: WfNode, form: FormField[]): void {
  const names = new Set<string>();
  for (const f of form) {
    if (names.has(f.name)) throw new ApiError(400, `表单字段重复：${f.name}`);
    names.add(f.name);
  }
  const problems = validateTree(tree, form);
  if (problems.length > 0) throw new ApiError(400, problems.join('；'));
}

/** Saves a definition: every save is a new immutable version; running instances keep theirs. */
export async function saveDefine(db: Kysely<Database>, userId: number, id: number, input: DefineInput & { tree: WfNode; form: FormField[] }): Promise<DefineRow> {
  const row = await db.selectFrom('wf_define').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row) throw new ApiError(404, '流程不存在');
  assertSavable(input.tree, input.form);
  const v = await addVersion(db, id, input.tree, input.form, userId);
  await db
    .updateTable('wf_define')
    .set({
      name: input.name,
      tag: input.tag,
      ref_type: input.ref_type ?? row.ref_type,
      remark: input.remark === undefined ? row.remark : input.remark,
      timeout_hours: input.timeout_hours ?? row.timeout_hours,
      state: input.state ?? row.state,
      version_id: v.id,
      version: v.version,
      updated_at: nowText(),
      updated_by: userId,
    })
    .where('id', '=', id)
    .execute();
  return defineRow(await db.selectFrom('wf_define').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/** Renames nodes of a definition (display names; every version and running instance shows them). */
export async function renameSteps(db: Kysely<Database>, userId: number, defineId: number, steps: readonly { node_id: string; name: string }[]): Promise<number> {
  const def = await loadDefine(db, { defineId }, { anyState: true });
  const known = new Set(allNodes(def.tree).map((n) => n.id));
  for (const s of steps) if (!known.has(s.node_id)) throw new ApiError(400, `节点 ${s.node_id} 不在当前版本中`);
  const names = { ...def.stepNames };
  for (const s of steps) names[s.node_id] = s.name;
  await db.updateTable('wf_define').set({ step_names: JSON.stringify(names), updated_at: nowText(), updated_by: userId }).where('id', '=', defineId).execute();
  return steps.length;
}

/** Parses a stored or seeded tree and form (used by the demo seed to check its own definitions). */
export function parseDefinition(tree: unknown, form: unknown): { tree: WfNode; form: FormField[] } {
  return { tree: wfNodeSchema.parse(tree), form: formFieldSchema.array().parse(form) };
}

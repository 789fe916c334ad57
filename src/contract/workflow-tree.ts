import { z } from './zod';

/**
 * A workflow definition's node tree (DingTalk-style): a chain of nodes linked by `child`; a branch
 * node holds condition branches, each a chain of its own, after which the flow continues with the
 * branch node's `child`. The chain ends (the instance is approved) where a `child` is missing or at
 * an `end` node. Shared by the designer (the app) and the engine (the server).
 */

/** Who approves (or receives a copy at) a node. */
export type ApproverRule =
  /** named users */
  | { kind: 'user'; user_ids: number[] }
  /** holders of a role who work in the applicant's campus (or reach every campus) */
  | { kind: 'role'; role_code: string }
  /** the applicant's superior in the organisation tree: the leader of their organisation, else the campus principal, else upwards */
  | { kind: 'superior' }
  /** the principals of the instance's campus */
  | { kind: 'principal' };

export const APPROVER_KIND_TEXT: Record<ApproverRule['kind'], string> = { user: '指定成员', role: '校区角色', superior: '直属上级', principal: '校区校长' };

/** all: every approver must approve (会签); any: one is enough (或签); seq: one after another (依次审批). */
export type ApproveMode = 'all' | 'any' | 'seq';
export const APPROVE_MODE_TEXT: Record<ApproveMode, string> = { all: '会签（全部同意）', any: '或签（一人同意即可）', seq: '依次审批' };

/** What the approver of a node may do with a form field; a field not named is read-only. */
export type FieldPermission = 'edit' | 'read' | 'hidden';

export type ConditionOp = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'ne' | 'contains' | 'in';
export const CONDITION_OP_TEXT: Record<ConditionOp, string> = { gt: '大于', gte: '大于等于', lt: '小于', lte: '小于等于', eq: '等于', ne: '不等于', contains: '包含', in: '属于' };

/** `field` is a form field name, or `school_id` (the instance's campus). `in`: comma-joined values. */
export interface Condition {
  field: string;
  op: ConditionOp;
  value: string;
}

interface NodeBase {
  /** unique within the tree; kept across versions so step names and field rules follow it */
  id: string;
  name: string;
}

export interface StartNode extends NodeBase {
  type: 'start';
  child?: WfNode;
}
export interface ApproverNode extends NodeBase {
  type: 'approver';
  rule?: ApproverRule;
  mode: ApproveMode;
  fields?: Record<string, FieldPermission>;
  /** hours before a pending task is reminded; absent → the definition's default */
  timeout_hours?: number;
  child?: WfNode;
}
export interface CopyNode extends NodeBase {
  type: 'copy';
  rule?: ApproverRule;
  child?: WfNode;
}
export interface Branch {
  id: string;
  name: string;
  /** all must hold; an empty list is the default branch (其他情况) */
  conditions: Condition[];
  child?: WfNode;
}
export interface BranchNode extends NodeBase {
  type: 'branch';
  branches: Branch[];
  child?: WfNode;
}
export interface EndNode extends NodeBase {
  type: 'end';
}
export type WfNode = StartNode | ApproverNode | CopyNode | BranchNode | EndNode;
export type NodeType = WfNode['type'];
export const NODE_TYPE_TEXT: Record<NodeType, string> = { start: '发起人', approver: '审批人', copy: '抄送人', branch: '条件分支', end: '结束' };

/** A field of a definition's application form (rendered by the generic form). */
export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'textarea' | 'number' | 'money' | 'date' | 'select';
  required?: boolean;
  /** select: the choices */
  options?: string[];
}

// ---------------------------------------------------------------------------------------------
// Schemas (what define_save accepts)
// ---------------------------------------------------------------------------------------------

const nodeId = z.string({ error: '节点编号不能为空' }).trim().min(1, '节点编号不能为空').max(40, '节点编号不能超过40个字符');
const nodeName = z.string({ error: '节点名称不能为空' }).trim().min(1, '节点名称不能为空').max(40, '节点名称不能超过40个字符');
const positiveId = z.coerce.number({ error: '成员必须是数字' }).int('成员必须是整数').positive('成员必须是正整数');

export const approverRuleSchema: z.ZodType<ApproverRule> = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('user'), user_ids: z.array(positiveId, { error: '请选择成员' }).max(50, '成员最多 50 个') }),
    z.object({ kind: z.literal('role'), role_code: z.string({ error: '请选择角色' }).trim().min(1, '请选择角色').max(64) }),
    z.object({ kind: z.literal('superior') }),
    z.object({ kind: z.literal('principal') }),
  ],
  { error: '审批人规则只能是 指定成员、校区角色、直属上级 或 校区校长' },
);

const conditionSchema = z.object({
  field: z.string({ error: '请选择条件字段' }).trim().min(1, '请选择条件字段').max(40),
  op: z.enum(['gt', 'gte', 'lt', 'lte', 'eq', 'ne', 'contains', 'in'], { error: '条件运算符无效' }),
  value: z.coerce.string().max(200, '条件值不能超过200个字符'),
});

/** Nodes deeper than this are refused: a tree is walked recursively. */
export const MAX_TREE_DEPTH = 60;

export const wfNodeSchema: z.ZodType<WfNode> = z.lazy(() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({ id: nodeId, name: nodeName, type: z.literal('start'), child: wfNodeSchema.optional() }),
      z.object({
        id: nodeId,
        name: nodeName,
        type: z.literal('approver'),
        rule: approverRuleSchema.optional(),
        mode: z.enum(['all', 'any', 'seq'], { error: '审批方式只能是 会签、或签 或 依次审批' }),
        fields: z.record(z.string().max(40), z.enum(['edit', 'read', 'hidden'], { error: '字段权限只能是 edit、read 或 hidden' })).optional(),
        timeout_hours: z.coerce.number().int('超时时间必须是整数小时').min(1, '超时时间至少 1 小时').max(720, '超时时间不能超过 720 小时').optional(),
        child: wfNodeSchema.optional(),
      }),
      z.object({ id: nodeId, name: nodeName, type: z.literal('copy'), rule: approverRuleSchema.optional(), child: wfNodeSchema.optional() }),
      z.object({
        id: nodeId,
        name: nodeName,
        type: z.literal('branch'),
        branches: z
          .array(z.object({ id: nodeId, name: nodeName, conditions: z.array(conditionSchema).max(10, '每个分支最多 10 个条件'), child: wfNodeSchema.optional() }))
          .min(2, '条件分支至少要有两个分支')
          .max(10, '条件分支最多 10 个'),
        child: wfNodeSchema.optional(),
      }),
      z.object({ id: nodeId, name: nodeName, type: z.literal('end') }),
    ],
    { error: '节点类型无效' },
  ),
);

export const formFieldSchema: z.ZodType<FormField> = z.object({
  name: z.string({ error: '字段名不能为空' }).trim().regex(/^[a-z][a-z0-9_]{0,39}$/, '字段名只能是小写字母开头的字母、数字和下划线'),
  label: z.string({ error: '字段标题不能为空' }).trim().min(1, '字段标题不能为空').max(40),
  type: z.enum(['text', 'textarea', 'number', 'money', 'date', 'select'], { error: '字段类型无效' }),
  required: z.boolean().optional(),
  options: z.array(z.string().max(40)).max(50).optional(),
});

// ---------------------------------------------------------------------------------------------
// Walking and checking a tree
// ---------------------------------------------------------------------------------------------

/** Every node of the tree, depth first, branches in order. */
export function allNodes(root: WfNode): WfNode[] {
  const out: WfNode[] = [];
  const walk = (n: WfNode | undefined): void => {
    for (let cur = n; cur; cur = 'child' in cur ? cur.child : undefined) {
      out.push(cur);
      if (cur.type === 'branch') for (const b of cur.branches) walk(b.child);
    }
  };
  walk(root);
  return out;
}

export function findNode(root: WfNode, id: string): WfNode | undefined {
  return allNodes(root).find((n) => n.id === id);
}

/**
 * The node that follows `id` once it is done: its child, or (at the end of a branch's chain) what
 * follows the branch node, upwards. undefined: the flow ends there.
 */
export function nextAfter(root: WfNode, id: string): WfNode | undefined {
  // the chain of continuations: for each branch node entered, what comes after it
  const search = (n: WfNode | undefined, after: WfNode | undefined): { found: boolean; next: WfNode | undefined } => {
    for (let cur = n; cur; cur = 'child' in cur ? cur.child : undefined) {
      const follow = ('child' in cur ? cur.child : undefined) ?? (cur.type === 'end' ? undefined : after);
      if (cur.id === id) return { found: true, next: cur.type === 'end' ? undefined : follow };
      if (cur.type === 'branch') {
        for (const b of cur.branches) {
          const r = search(b.child, follow);
          if (r.found) return r;
        }
      }
    }
    return { found: false, next: undefined };
  };
  return search(root, undefined).next;
}

/** The first node of a branch's chain, or what follows the branch node when the branch is empty. */
export function branchEntry(root: WfNode, branchNode: BranchNode, branch: Branch): WfNode | undefined {
  return branch.child ?? nextAfter(root, branchNode.id);
}

function compare(actual: unknown, c: Condition): boolean {
  const text = actual === undefined || actual === null ? '' : String(actual);
  const num = Number(text);
  const want = Number(c.value);
  const numeric = text !== '' && Number.isFinite(num) && c.value.trim() !== '' && Number.isFinite(want);
  switch (c.op) {
    case 'gt':
      return numeric && num > want;
    case 'gte':
      return numeric && num >= want;
    case 'lt':
      return numeric && num < want;
    case 'lte':
      return numeric && num <= want;
    case 'eq':
      return numeric ? num === want : text === c.value;
    case 'ne':
      return numeric ? num !== want : text !== c.value;
    case 'contains':
      return c.value !== '' && text.includes(c.value);
    case 'in':
      return c.value
        .split(',')
        .map((v) => v.trim())
        .includes(text);
  }
}

/** The branch an instance takes: the first whose conditions all hold, else the default (no conditions). */
export function chooseBranch(node: BranchNode, form: Readonly<Record<string, unknown>>, schoolId: number | null): Branch | undefined {
  const value = (field: string): unknown => (field === 'school_id' ? schoolId : form[field]);
  const matching = node.branches.find((b) => b.conditions.length > 0 && b.conditions.every((c) => compare(value(c.field), c)));
  return matching ?? node.branches.find((b) => b.conditions.length === 0);
}

/** Chinese problems of a tree the designer must fix before saving; empty when it can be saved. */
export function validateTree(root: WfNode, form: readonly FormField[]): string[] {
  const problems: string[] = [];
  if (root.type !== 'start') problems.push('流程必须从发起人节点开始');
  const ids = new Set<string>();
  const fieldNames = new Set([...form.map((f) => f.name), 'school_id']);
  let approvers = 0;
  const depth = (n: WfNode | undefined, d: number): void => {
    if (d > MAX_TREE_DEPTH) {
      problems.push(`流程层级不能超过 ${MAX_TREE_DEPTH} 层`);
      return;
    }
    for (let cur = n; cur; cur = 'child' in cur ? cur.child : undefined) {
      if (ids.has(cur.id)) problems.push(`节点编号重复：${cur.id}`);
      ids.add(cur.id);
      if (cur.type === 'start' && cur !== root) problems.push('发起人节点只能有一个');
      if (cur.type === 'approver') {
        approvers += 1;
        if (!cur.rule) problems.push(`审批节点「${cur.name}」没有设置审批人`);
        else if (cur.rule.kind === 'user' && cur.rule.user_ids.length === 0) problems.push(`审批节点「${cur.name}」没有选择成员`);
        for (const f of Object.keys(cur.fields ?? {})) if (!fieldNames.has(f)) problems.push(`审批节点「${cur.name}」的字段权限指向不存在的字段 ${f}`);
      }
      if (cur.type === 'copy') {
        if (!cur.rule) problems.push(`抄送节点「${cur.name}」没有设置抄送人`);
        else if (cur.rule.kind === 'user' && cur.rule.user_ids.length === 0) problems.push(`抄送节点「${cur.name}」没有选择成员`);
      }
      if (cur.type === 'branch') {
        const defaults = cur.branches.filter((b) => b.conditions.length === 0).length;
        if (defaults === 0) problems.push(`条件分支「${cur.name}」缺少默认分支（其他情况）`);
        if (defaults > 1) problems.push(`条件分支「${cur.name}」只能有一个默认分支`);
        for (const b of cur.branches) {
          if (ids.has(b.id)) problems.push(`节点编号重复：${b.id}`);
          ids.add(b.id);
          for (const c of b.conditions) {
            if (!fieldNames.has(c.field)) problems.push(`分支「${b.name}」的条件字段 ${c.field} 不在表单中`);
            if (c.value.trim() === '') problems.push(`分支「${b.name}」的条件值不能为空`);
          }
          depth(b.child, d + 1);
        }
      }
    }
  };
  depth(root, 0);
  if (approvers === 0) problems.push('流程至少需要一个审批节点');
  return [...new Set(problems)];
}

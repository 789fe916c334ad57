import { describe, expect, it } from 'vitest';
import { addBranch, insertAfter, insertInBranch, makeNode, removeBranch, removeNode } from '../../../../src/features/workflow/designer/treeEdit';
import { allNodes, validateTree, type BranchNode, type FormField, type WfNode } from '../../../../src/contract/workflow-tree';

/** The designer's tree edits (treeEdit.ts) and the problems validateTree names before a save. */

const form: FormField[] = [{ name: 'amount', label: '金额', type: 'money', required: true }];
const start = (): WfNode => ({ id: 'start', name: '发起人', type: 'start', child: { id: 'p', name: '校长审批', type: 'approver', mode: 'any', rule: { kind: 'principal' } } });
const chain = (root: WfNode): string[] => {
  const out: string[] = [];
  for (let n: WfNode | undefined = root; n; n = 'child' in n ? n.child : undefined) out.push(n.id);
  return out;
};
const branchOf = (root: WfNode, id: string): BranchNode => {
  const b = allNodes(root).find((n) => n.id === id);
  if (b?.type !== 'branch') throw new Error(`no branch ${id}`);
  return b;
};

describe('designer tree editing', () => {
  it('adds an approver node after another; what followed it follows the new one; the old tree is unchanged', () => {
    const root = start();
    const node = makeNode('approver');
    const next = insertAfter(root, 'start', node);
    expect(chain(next)).toEqual(['start', node.id, 'p']);
    expect(chain(root)).toEqual(['start', 'p']);
    expect(node).toMatchObject({ type: 'approver', mode: 'any', rule: { kind: 'principal' } });
    expect(validateTree(next, form)).toEqual([]);
    // nothing goes after an end node
    const ended = insertAfter(next, 'p', makeNode('end'));
    const endId = chain(ended).at(-1)!;
    expect(chain(insertAfter(ended, endId, makeNode('approver')))).toEqual(chain(ended));
  });

  it('adds a branch node, a condition branch before the default one, and a node inside a branch', () => {
    const branch = makeNode('branch') as BranchNode;
    let root = insertAfter(start(), 'p', branch);
    expect(branchOf(root, branch.id).branches.map((b) => b.conditions.length)).toEqual([1, 0]);
    root = addBranch(root, branch.id);
    const branches = branchOf(root, branch.id).branches;
    expect(branches).toHaveLength(3);
    expect(branches.at(-1)!.conditions).toEqual([]);
    expect(branches[1]).toMatchObject({ name: '条件2', conditions: [{ field: 'school_id', op: 'eq', value: '' }] });
    const inner = makeNode('copy');
    root = insertInBranch(root, branch.id, branches[0].id, inner);
    expect(branchOf(root, branch.id).branches[0].child?.id).toBe(inner.id);
    // a branch node keeps at least two branches
    root = removeBranch(root, branch.id, branches[1].id);
    expect(branchOf(root, branch.id).branches).toHaveLength(2);
    expect(branchOf(removeBranch(root, branch.id, branches[0].id), branch.id).branches).toHaveLength(2);
  });

  it('removes a node (what followed it moves up), a branch node with its branches, never the start', () => {
    const a = makeNode('approver');
    const root = insertAfter(start(), 'start', a);
    expect(chain(removeNode(root, a.id))).toEqual(['start', 'p']);
    expect(removeNode(root, 'start')).toBe(root);
    const branch = makeNode('branch') as BranchNode;
    const withBranch = insertInBranch(insertAfter(root, a.id, branch), branch.id, branch.branches[1].id, makeNode('approver'));
    const removed = removeNode(withBranch, branch.id);
    expect(chain(removed)).toEqual(['start', a.id, 'p']);
    expect(allNodes(removed).some((n) => n.type === 'branch')).toBe(false);
  });

  it('names what must be fixed before a save', () => {
    // no approver left
    expect(validateTree(removeNode(start(), 'p'), form)).toEqual(['流程至少需要一个审批节点']);
    // a new branch's condition has no value; an unknown field; a branch node with no default branch
    const branch = makeNode('branch') as BranchNode;
    const root = insertAfter(start(), 'p', branch);
    expect(validateTree(root, form)).toEqual(['分支「条件1」的条件值不能为空']);
    const b = branchOf(root, branch.id);
    b.branches[0].conditions = [{ field: 'nonexistent', op: 'eq', value: '1' }];
    b.branches[1].conditions = [{ field: 'amount', op: 'gt', value: '100' }];
    expect(validateTree(root, form)).toEqual([`条件分支「${branch.name}」缺少默认分支（其他情况）`, '分支「条件1」的条件字段 nonexistent 不在表单中']);
    // an approver node with no member chosen, a copy node with no member, a duplicated id
    const bad: WfNode = {
      id: 'start',
      name: '发起人',
      type: 'start',
      child: { id: 'x', name: '财务', type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [] }, child: { id: 'x', name: '抄送', type: 'copy', rule: { kind: 'user', user_ids: [] } } },
    };
    expect(validateTree(bad, form)).toEqual(['审批节点「财务」没有选择成员', '节点编号重复：x', '抄送节点「抄送」没有选择成员']);
    expect(validateTree({ id: 'a', name: '审批', type: 'approver', mode: 'any', rule: { kind: 'principal' } }, form)).toEqual(['流程必须从发起人节点开始']);
  });
});

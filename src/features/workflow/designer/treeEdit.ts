import type { ApproverNode, Branch, BranchNode, WfNode } from '../../../contract/workflow-tree';

/**
 * Edits of a definition's node tree for the designer. Each returns a new tree (the old one is left
 * as it was, so React sees the change); positions are named by node ids.
 */

let counter = 0;
export function newId(prefix = 'n'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

function clone(root: WfNode): WfNode {
  return structuredClone(root);
}

type Chained = Exclude<WfNode, { type: 'end' }>;

function visit(root: WfNode, fn: (n: WfNode) => boolean | void): void {
  const walk = (n: WfNode | undefined): boolean => {
    for (let cur = n; cur; cur = 'child' in cur ? cur.child : undefined) {
      if (fn(cur) === true) return true;
      if (cur.type === 'branch') for (const b of cur.branches) if (walk(b.child)) return true;
    }
    return false;
  };
  walk(root);
}

/** A new node of a kind, with the defaults the designer starts from. */
export function makeNode(type: 'approver' | 'copy' | 'branch' | 'end'): WfNode {
  switch (type) {
    case 'approver':
      return { id: newId(), name: '审批人', type: 'approver', mode: 'any', rule: { kind: 'principal' } } satisfies ApproverNode;
    case 'copy':
      return { id: newId(), name: '抄送人', type: 'copy', rule: { kind: 'principal' } };
    case 'branch':
      return {
        id: newId('b'),
        name: '条件分支',
        type: 'branch',
        branches: [
          { id: newId('c'), name: '条件1', conditions: [{ field: 'school_id', op: 'eq', value: '' }] },
          { id: newId('c'), name: '其他情况', conditions: [] },
        ],
      } satisfies BranchNode;
    case 'end':
      return { id: newId(), name: '结束', type: 'end' };
  }
}

/** Inserts `node` right after the node `afterId` (an `end` node takes nothing after it). */
export function insertAfter(root: WfNode, afterId: string, node: WfNode): WfNode {
  const next = clone(root);
  visit(next, (n) => {
    if (n.id !== afterId || n.type === 'end') return false;
    const host = n as Chained;
    if (node.type !== 'end') (node as Chained).child = host.child;
    host.child = node;
    return true;
  });
  return next;
}

/** Inserts `node` at the top of a branch's chain. */
export function insertInBranch(root: WfNode, branchNodeId: string, branchId: string, node: WfNode): WfNode {
  const next = clone(root);
  visit(next, (n) => {
    if (n.id !== branchNodeId || n.type !== 'branch') return false;
    const b = n.branches.find((x) => x.id === branchId);
    if (!b) return true;
    if (node.type !== 'end') (node as Chained).child = b.child;
    b.child = node;
    return true;
  });
  return next;
}

/** Removes a node (a branch node with its branches); what followed it moves up. The start stays. */
export function removeNode(root: WfNode, id: string): WfNode {
  if (root.id === id) return root;
  const next = clone(root);
  const follow = (n: WfNode): WfNode | undefined => ('child' in n ? n.child : undefined);
  visit(next, (n) => {
    if ('child' in n && n.child?.id === id) {
      n.child = follow(n.child);
      return true;
    }
    if (n.type === 'branch') {
      for (const b of n.branches) {
        if (b.child?.id === id) {
          b.child = follow(b.child);
          return true;
        }
      }
    }
    return false;
  });
  return next;
}

/** Replaces a node's own settings (its position and what follows it are kept). */
export function replaceNode(root: WfNode, updated: WfNode): WfNode {
  if (root.id === updated.id) return { ...updated, child: 'child' in root ? root.child : undefined } as WfNode;
  const next = clone(root);
  const keepChild = (old: WfNode, u: WfNode): WfNode => (u.type === 'end' ? u : ({ ...u, child: 'child' in old ? old.child : undefined } as WfNode));
  visit(next, (n) => {
    if ('child' in n && n.child?.id === updated.id) {
      n.child = keepChild(n.child, updated);
      return true;
    }
    if (n.type === 'branch') {
      for (const b of n.branches) {
        if (b.child?.id === updated.id) {
          b.child = keepChild(b.child, updated);
          return true;
        }
      }
    }
    return false;
  });
  return next;
}

/** Changes one branch's name and conditions. */
export function updateBranch(root: WfNode, branchNodeId: string, branch: Omit<Branch, 'child'>): WfNode {
  const next = clone(root);
  visit(next, (n) => {
    if (n.id !== branchNodeId || n.type !== 'branch') return false;
    const b = n.branches.find((x) => x.id === branch.id);
    if (b) {
      b.name = branch.name;
      b.conditions = branch.conditions;
    }
    return true;
  });
  return next;
}

/** Adds a condition branch before the default one. */
export function addBranch(root: WfNode, branchNodeId: string): WfNode {
  const next = clone(root);
  visit(next, (n) => {
    if (n.id !== branchNodeId || n.type !== 'branch') return false;
    const at = n.branches.findIndex((b) => b.conditions.length === 0);
    const b: Branch = { id: newId('c'), name: `条件${n.branches.length}`, conditions: [{ field: 'school_id', op: 'eq', value: '' }] };
    n.branches.splice(at < 0 ? n.branches.length : at, 0, b);
    return true;
  });
  return next;
}

/** Removes a branch (a branch node keeps at least two: remove the whole node instead). */
export function removeBranch(root: WfNode, branchNodeId: string, branchId: string): WfNode {
  const next = clone(root);
  visit(next, (n) => {
    if (n.id !== branchNodeId || n.type !== 'branch') return false;
    if (n.branches.length > 2) n.branches = n.branches.filter((b) => b.id !== branchId);
    return true;
  });
  return next;
}

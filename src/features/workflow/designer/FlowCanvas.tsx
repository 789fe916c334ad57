import { ActionIcon, Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { APPROVER_KIND_TEXT, APPROVE_MODE_TEXT, CONDITION_OP_TEXT, type ApproverRule, type Branch, type BranchNode, type FormField, type WfNode } from '../../../contract/workflow-tree';
import classes from './Designer.module.css';

const HEAD: Record<string, string> = { start: 'var(--mantine-color-gray-7)', approver: 'var(--mantine-color-orange-6)', copy: 'var(--mantine-color-blue-6)', end: 'var(--mantine-color-gray-5)' };
const KIND_LABEL: Record<string, string> = { start: '发起人', approver: '审批人', copy: '抄送人', end: '结束' };

export interface FlowActions {
  readOnly: boolean;
  userName(id: number): string;
  roleName(code: string): string;
  onEdit(node: WfNode): void;
  onRemove(id: string): void;
  onAdd(at: { afterId: string } | { branchNodeId: string; branchId: string }, type: 'approver' | 'copy' | 'branch' | 'end'): void;
  onEditBranch(branchNode: BranchNode, branch: Branch): void;
  onAddBranch(branchNodeId: string): void;
  onRemoveBranch(branchNodeId: string, branchId: string): void;
}

export function ruleText(rule: ApproverRule | undefined, a: Pick<FlowActions, 'userName' | 'roleName'>): string {
  if (!rule) return '未设置（请点击设置）';
  if (rule.kind === 'user') return rule.user_ids.length ? rule.user_ids.map(a.userName).join('、') : '未选择成员';
  if (rule.kind === 'role') return `${APPROVER_KIND_TEXT.role}：${a.roleName(rule.role_code)}`;
  return APPROVER_KIND_TEXT[rule.kind];
}

function AddButton({ at, a }: { at: Parameters<FlowActions['onAdd']>[0]; a: FlowActions }) {
  if (a.readOnly) return <div className={classes.line} />;
  return (
    <>
      <div className={classes.line} />
      <Menu position="right" withinPortal>
        <Menu.Target>
          <ActionIcon radius="xl" size="sm" color="blue" aria-label="添加节点">
            <IconPlus size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => a.onAdd(at, 'approver')}>审批人</Menu.Item>
          <Menu.Item onClick={() => a.onAdd(at, 'copy')}>抄送人</Menu.Item>
          <Menu.Item onClick={() => a.onAdd(at, 'branch')}>条件分支</Menu.Item>
          <Menu.Item onClick={() => a.onAdd(at, 'end')}>结束</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <div className={classes.line} />
    </>
  );
}

function NodeCard({ node, a }: { node: Exclude<WfNode, BranchNode>; a: FlowActions }) {
  if (node.type === 'end') {
    return (
      <Group gap={4}>
        <div className={classes.endDot}>结束</div>
        {!a.readOnly && (
          <ActionIcon size="xs" variant="subtle" color="red" aria-label="删除结束节点" onClick={() => a.onRemove(node.id)}>
            <IconX size={12} />
          </ActionIcon>
        )}
      </Group>
    );
  }
  const body = node.type === 'start' ? '所有人可发起' : ruleText(node.rule, a);
  return (
    <div className={classes.card} role="button" tabIndex={0} data-node={node.id} onClick={() => node.type !== 'start' && a.onEdit(node)} onKeyDown={(e) => e.key === 'Enter' && node.type !== 'start' && a.onEdit(node)}>
      <div className={classes.cardHead} style={{ background: HEAD[node.type] }}>
        <span>
          {KIND_LABEL[node.type]} · {node.name}
        </span>
        {node.type !== 'start' && !a.readOnly && (
          <ActionIcon
            size="xs"
            variant="transparent"
            c="white"
            aria-label={`删除${node.name}`}
            onClick={(e) => {
              e.stopPropagation();
              a.onRemove(node.id);
            }}
          >
            <IconX size={12} />
          </ActionIcon>
        )}
      </div>
      <div className={classes.cardBody}>
        <Text size="xs" c={node.type !== 'start' && !node.rule ? 'red' : undefined}>
          {body}
        </Text>
        {node.type === 'approver' && (
          <Group gap={4} mt={4}>
            <Badge size="xs" variant="light">
              {APPROVE_MODE_TEXT[node.mode]}
            </Badge>
            {node.fields && Object.values(node.fields).includes('edit') && (
              <Badge size="xs" variant="light" color="violet">
                可改表单
              </Badge>
            )}
          </Group>
        )}
      </div>
    </div>
  );
}

function conditionText(b: Branch, form: readonly FormField[]): string {
  if (b.conditions.length === 0) return '其他情况（默认）';
  const label = (f: string) => (f === 'school_id' ? '校区' : (form.find((x) => x.name === f)?.label ?? f));
  return b.conditions.map((c) => `${label(c.field)} ${CONDITION_OP_TEXT[c.op]} ${c.value || '（未填）'}`).join(' 且 ');
}

/** A chain of nodes from `node` down (branches laid out side by side), with add buttons between them. */
export function Chain({ node, form, a }: { node: WfNode | undefined; form: readonly FormField[]; a: FlowActions }) {
  const items = [];
  for (let cur: WfNode | undefined = node; cur; cur = 'child' in cur ? cur.child : undefined) {
    const n = cur;
    if (n.type === 'branch') {
      items.push(
        <div key={n.id} className={classes.chain}>
          <Group gap={6}>
            {!a.readOnly && (
              <Button size="compact-xs" variant="light" color="teal" onClick={() => a.onAddBranch(n.id)}>
                添加条件
              </Button>
            )}
            {!a.readOnly && (
              <ActionIcon size="sm" variant="subtle" color="red" aria-label="删除条件分支" onClick={() => a.onRemove(n.id)}>
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Group>
          <div className={classes.line} />
          <div className={classes.branches}>
            {n.branches.map((b) => (
              <div key={b.id} className={classes.branchCol}>
                <div className={classes.condition} role="button" tabIndex={0} onClick={() => !a.readOnly && a.onEditBranch(n, b)} onKeyDown={(e) => e.key === 'Enter' && !a.readOnly && a.onEditBranch(n, b)}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="xs" fw={600} c="teal">
                      {b.name}
                    </Text>
                    {!a.readOnly && n.branches.length > 2 && (
                      <ActionIcon
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`删除分支${b.name}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          a.onRemoveBranch(n.id, b.id);
                        }}
                      >
                        <IconX size={12} />
                      </ActionIcon>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {conditionText(b, form)}
                  </Text>
                </div>
                <AddButton at={{ branchNodeId: n.id, branchId: b.id }} a={a} />
                <Chain node={b.child} form={form} a={a} />
              </div>
            ))}
          </div>
        </div>,
      );
    } else {
      items.push(<NodeCard key={n.id} node={n} a={a} />);
    }
    if (n.type !== 'end') items.push(<AddButton key={`${n.id}-add`} at={{ afterId: n.id }} a={a} />);
  }
  return <div className={classes.chain}>{items}</div>;
}

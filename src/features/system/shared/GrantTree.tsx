import { Box, Checkbox, Group, ScrollArea, Text, Tree, getTreeExpandedState, useTree, type TreeNodeData } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import type { TreeNode } from '../../../contract/menu';
import { toTreeOptions } from '../../../components/options';
import { indexTree, isPartial, toggleGrant } from './grantTree';

export interface GrantTreeProps {
  nodes: readonly TreeNode[];
  checked: readonly string[];
  onChange: (checked: string[]) => void;
  height?: number | string;
}

/** A tree of menus (or functions) with a checkbox per node, for granting them to a role or a domain. */
export function GrantTree({ nodes, checked, onChange, height = 420 }: GrantTreeProps) {
  const data = useMemo<TreeNodeData[]>(() => toTreeOptions(nodes), [nodes]);
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const checkedSet = useMemo(() => new Set(checked), [checked]);
  const tree = useTree({ checkStrictly: true });
  useEffect(() => {
    // the first level open, in one state update (expand() per node would keep only the last)
    tree.setExpandedState(getTreeExpandedState(data, data.map((n) => n.value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  return (
    <ScrollArea h={height} type="auto">
      <Tree
        data={data}
        tree={tree}
        levelOffset={18}
        expandOnClick={false}
        renderNode={({ node, expanded, hasChildren, elementProps }) => {
          const on = checkedSet.has(node.value);
          return (
            <Group gap={4} wrap="nowrap" {...elementProps}>
              <Box w={14} style={{ display: 'flex', cursor: hasChildren ? 'pointer' : undefined }} onClick={() => hasChildren && tree.toggleExpanded(node.value)}>
                {hasChildren && <IconChevronRight size={12} style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }} />}
              </Box>
              <Checkbox
                size="xs"
                checked={on}
                indeterminate={!on && isPartial(checkedSet, index, node.value)}
                onChange={(e) => {
                  const on2 = e.currentTarget.checked;
                  // show what came along with a checked node (its buttons)
                  if (on2 && hasChildren) tree.expand(node.value);
                  onChange(toggleGrant(checked, index, node.value, on2));
                }}
                aria-label={String(node.label)}
                label={<Text size="sm">{node.label}</Text>}
                styles={{ label: { paddingInlineStart: 6 } }}
              />
            </Group>
          );
        }}
      />
    </ScrollArea>
  );
}

import { Box, Group, Loader, ScrollArea, Text, Tree, UnstyledButton, useTree, type TreeNodeData } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { request, type QueryValue } from '../../api/request';
import type { TreeNode } from '../../contract/menu';
import { toTreeOptions } from '../options/treeData';
import { errorMessage } from '../../api/client';

/** Width of the tree beside a table (spec doc 000 §9). */
export const TREE_PANEL_WIDTH = '18%';

export interface TreePanelProps {
  title: string;
  /** tree call answering TreeNode[] */
  url: string;
  params?: Record<string, QueryValue>;
  /** a top entry 全部 whose id is '' */
  showAll?: boolean;
  /** the selected id ('' for 全部 or nothing) */
  value: string;
  onSelect: (id: string, label: string) => void;
  /** bump to load the tree again (after writes) */
  reloadKey?: unknown;
}

/** A titled tree beside a table; clicking a node selects it (the page filters by it). */
export function TreePanel({ title, url, params, showAll = false, value, onSelect, reloadKey }: TreePanelProps) {
  const q = useQuery({
    queryKey: ['tree-panel', url, params, reloadKey],
    queryFn: async () => {
      const env = await request<TreeNode[]>({ url, params });
      if (env.code !== 200) throw new Error(env.msg || '加载失败');
      return Array.isArray(env.data) ? env.data : [];
    },
  });
  const data = useMemo<TreeNodeData[]>(() => toTreeOptions(q.data), [q.data]);
  const tree = useTree();
  const firstLevel = useMemo(() => data.map((n) => n.value), [data]);
  useEffect(() => {
    // open the first level so the tree is useful at once
    firstLevel.forEach((v) => tree.expand(v));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstLevel]);

  return (
    <Box w={TREE_PANEL_WIDTH} miw={160} style={{ borderRight: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }} pr={6} aria-label={title} role="navigation">
      <Text fw={600} size="sm" mb={6}>
        {title}
      </Text>
      <ScrollArea.Autosize mah="calc(100vh - 180px)">
        {showAll && (
          <UnstyledButton
            onClick={() => onSelect('', '全部')}
            px={6}
            py={2}
            w="100%"
            fz="sm"
            data-selected={value === '' || undefined}
            style={{ borderRadius: 4, background: value === '' ? 'var(--mantine-color-blue-light)' : undefined }}
          >
            全部
          </UnstyledButton>
        )}
        {q.isPending && <Loader size="xs" m={6} />}
        {q.isError && (
          <Text size="xs" c="red">
            {errorMessage(q.error, '加载失败')}
          </Text>
        )}
        <Tree
          data={data}
          tree={tree}
          levelOffset={14}
          renderNode={({ node, expanded, hasChildren, elementProps }) => (
            <Group
              gap={2}
              wrap="nowrap"
              {...elementProps}
              onClick={(e) => {
                elementProps.onClick(e);
                onSelect(node.value, String(node.label));
              }}
              style={{ ...elementProps.style, borderRadius: 4, background: node.value === value ? 'var(--mantine-color-blue-light)' : undefined }}
            >
              <Box w={14} style={{ display: 'flex' }}>
                {hasChildren && <IconChevronRight size={12} style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }} />}
              </Box>
              <Text size="sm" truncate>
                {node.label}
              </Text>
            </Group>
          )}
        />
      </ScrollArea.Autosize>
    </Box>
  );
}

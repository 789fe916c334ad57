import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../../../src/contract/menu';
import { checkedOf, indexTree, isPartial, toggleGrant } from '../../../../src/features/system/shared/grantTree';

const tree: TreeNode[] = [
  {
    id: 1,
    text: '系统管理',
    nodes: [
      { id: 2, text: '选项集', nodes: [{ id: 3, text: '新增选项集' }, { id: 4, text: '删除选项集' }] },
      { id: 5, text: '我的导出', nodes: [] },
    ],
  },
];

describe('grant tree', () => {
  const index = indexTree(tree);
  it('checking a screen checks its buttons and the directories above', () => {
    expect(toggleGrant([], index, '2', true).sort()).toEqual(['1', '2', '3', '4']);
  });
  it('unchecking a button keeps the screen; unchecking a screen takes its buttons', () => {
    const all = toggleGrant([], index, '2', true);
    expect(toggleGrant(all, index, '4', false).sort()).toEqual(['1', '2', '3']);
    expect(toggleGrant(all, index, '2', false).sort()).toEqual(['1']);
  });
  it('shows a partly granted directory as partial', () => {
    const some = new Set(['3']);
    expect(isPartial(some, index, '1')).toBe(true);
    expect(isPartial(new Set(['2', '3', '4', '5']), index, '1')).toBe(false);
  });
  it('reads checked marks on nodes or their tags', () => {
    const answer = [{ id: 1, text: 'a', checked: true, nodes: [{ id: 2, text: 'b', tag: { checked: true } }, { id: 3, text: 'c' }] }] as unknown as TreeNode[];
    expect(checkedOf(answer)).toEqual(['1', '2']);
  });
  it('ignores the "node itself" entry a parent repeats', () => {
    const withSelf: TreeNode[] = [{ id: 1, text: 'd', nodes: [{ id: 1, text: 'd' }, { id: 2, text: 'e' }] }];
    expect(toggleGrant([], indexTree(withSelf), '1', true).sort()).toEqual(['1', '2']);
  });
});

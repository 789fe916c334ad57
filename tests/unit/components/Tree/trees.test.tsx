import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { TreePanel } from '../../../../src/components/TreePanel';
import { TreeCascader } from '../../../../src/components/TreeCascader';
import { toTreeOptions } from '../../../../src/components/options';
import { renderWidget } from '../render';

const nodes = [
  { id: 1, text: '系统管理', nodes: [{ id: 2, text: '菜单管理', nodes: [{ id: 3, text: '新增菜单' }] }, { id: 4, text: '用户管理' }] },
  { id: 9, text: '首页' },
];
const treeCalls: URL[] = [];
const server = setupServer(
  http.get('http://localhost/api/v1/system/get_menu_tree', ({ request }) => {
    treeCalls.push(new URL(request.url));
    return HttpResponse.json({ code: 200, msg: '成功', data: nodes });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('tree data', { timeout: 30000 }, () => {
  it('maps nodes → children, text → label, id → value', () => {
    expect(toTreeOptions(nodes)[0]).toEqual({
      value: '1',
      label: '系统管理',
      children: [{ value: '2', label: '菜单管理', children: [{ value: '3', label: '新增菜单' }] }, { value: '4', label: '用户管理' }],
    });
  });

  it("leaves out the menu tree's 'node itself' entry: no directory shows inside itself (issue 18, defect 15)", () => {
    const withSelf = [
      { id: 1, text: '系统管理', nodes: [{ id: 1, text: '系统管理', parent: 1 }, { id: 2, text: '菜单管理', nodes: [{ id: 2, text: '菜单管理', parent: 2 }, { id: 3, text: '新增菜单' }] }] },
    ];
    expect(toTreeOptions(withSelf)).toEqual([{ value: '1', label: '系统管理', children: [{ value: '2', label: '菜单管理', children: [{ value: '3', label: '新增菜单' }] }] }]);
  });
});

describe('TreePanel', { timeout: 30000 }, () => {
  it('shows the title, 全部 with an empty id, and selects nodes on click', async () => {
    const onSelect = vi.fn();
    function Host() {
      const [v, setV] = useState('');
      return (
        <TreePanel
          title="Menu"
          url="api/v1/system/get_menu_tree"
          params={{ del_falg: 0, hidden: 0 }}
          showAll
          value={v}
          onSelect={(id, label) => {
            setV(id);
            onSelect(id, label);
          }}
        />
      );
    }
    renderWidget(<Host />);
    expect(screen.getByText('Menu')).toBeTruthy();
    fireEvent.click(await screen.findByText('系统管理'));
    expect(onSelect).toHaveBeenLastCalledWith('1', '系统管理');
    fireEvent.click(await screen.findByText('菜单管理'));
    expect(onSelect).toHaveBeenLastCalledWith('2', '菜单管理');
    fireEvent.click(screen.getByText('全部'));
    expect(onSelect).toHaveBeenLastCalledWith('', '全部');
    expect(treeCalls[0].searchParams.get('del_falg')).toBe('0');
  });
});

describe('TreeCascader', { timeout: 30000 }, () => {
  it('loads with the default query and answers the chosen id and its path', async () => {
    treeCalls.length = 0;
    const onChange = vi.fn();
    renderWidget(<TreeCascader url="api/v1/system/get_menu_tree" label="上级菜单" value="" onChange={onChange} />);
    await waitFor(() => expect(treeCalls.length).toBe(1));
    expect(Object.fromEntries(treeCalls[0].searchParams)).toEqual({ page: '1', rows: '10', name: '', code: '', cn_id: '', type_op: '>=', type: '0', hidden: '0' });
    const input = screen.getAllByLabelText('上级菜单').find((e) => e.tagName === 'INPUT') as HTMLElement;
    await waitFor(() => expect(input.getAttribute('placeholder')).toBe('请选择'));
    fireEvent.click(input);
    fireEvent.click(await screen.findByText('系统管理'));
    expect(onChange).toHaveBeenLastCalledWith('1', ['1']);
    fireEvent.click(await screen.findByText('菜单管理'));
    expect(onChange).toHaveBeenLastCalledWith('2', ['1', '2']);
  });

  it('shows the path of a given id', async () => {
    renderWidget(<TreeCascader url="api/v1/system/get_menu_tree" label="上级菜单" value="3" onChange={() => undefined} />);
    const input = screen.getAllByLabelText('上级菜单').find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('系统管理 / 菜单管理 / 新增菜单'));
  });
});

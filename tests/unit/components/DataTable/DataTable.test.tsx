import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { DataTable, type DataTableColumn, type DataTableHandle, type RowAction } from '../../../../src/components/DataTable';
import { allowAll, renderWidget } from '../render';

type Row = { id: number; name: string; code: string; hidden: number };
const rowsOf = (n: number, from = 1): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `菜单${from + i}`, code: `c${from + i}`, hidden: i % 2 }));

const calls: URL[] = [];
let answer: (url: URL) => unknown = () => ({ code: 200, msg: '成功', data: { content: rowsOf(3), totalSize: 23 } });
const server = setupServer(
  http.get('http://localhost/api/v1/test/page', ({ request }) => {
    const url = new URL(request.url);
    calls.push(url);
    const a = answer(url);
    return a instanceof Response ? a : HttpResponse.json(a as Record<string, unknown>);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  answer = () => ({ code: 200, msg: '成功', data: { content: rowsOf(3), totalSize: 23 } });
});
afterAll(() => server.close());

const columns: DataTableColumn<Row>[] = [
  { prop: 'name', label: '名称', sortable: true },
  { prop: 'code', label: '编码' },
  { prop: 'hidden', label: '隐藏', formatter: (_r, v) => (v === 1 ? '是' : '否') },
];

describe('DataTable loading', { timeout: 30000 }, () => {
  it('loads page 1 with 10 rows, shows rows, total and formatted cells', async () => {
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} query={{ name: '菜' }} hasPermission={allowAll} />);
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(await screen.findByText('菜单1')).toBeTruthy();
    expect(screen.getByText('共 23 条')).toBeTruthy();
    expect(screen.getAllByText('否').length).toBe(2);
    const q = calls[0].searchParams;
    expect([q.get('page'), q.get('rows'), q.get('name'), q.get('sort')]).toEqual(['1', '10', '菜', null]);
  });

  it('sorts by prop, then prop desc, then unsorted', async () => {
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    fireEvent.click(screen.getByText('名称'));
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('sort')).toBe('name'));
    fireEvent.click(screen.getByText('名称'));
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('sort')).toBe('name desc'));
    fireEvent.click(screen.getByText('名称'));
    await waitFor(() => expect(calls.at(-1)?.searchParams.has('sort')).toBe(false));
  });

  it('pages and changes page size back to page 1', async () => {
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('page')).toBe('3'));
    fireEvent.click(screen.getAllByLabelText('每页条数').find((el) => el.tagName === 'INPUT') as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: '50条/页' }));
    await waitFor(() => expect([calls.at(-1)?.searchParams.get('page'), calls.at(-1)?.searchParams.get('rows')]).toEqual(['1', '50']));
  });

  it('shows the server msg as an error and empties the table when code is not 200', async () => {
    answer = () => ({ code: 400, msg: '名称: 太长了', data: null });
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} hasPermission={allowAll} />);
    expect(await screen.findByText('名称: 太长了')).toBeTruthy();
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });

  it('shows the message of a thrown error', async () => {
    answer = () => HttpResponse.json({ code: 503, msg: 'x' }, { status: 503 });
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} hasPermission={allowAll} />);
    expect(await screen.findByText('服务不可用')).toBeTruthy();
    expect(await screen.findByText(/加载失败：服务不可用/)).toBeTruthy();
  });

  it('blocks a search with both halt_order_time and terminate_order_time', async () => {
    const { rerender } = renderWidget(<DataTable api="api/v1/test/page" columns={columns} query={{}} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    const before = calls.length;
    rerender(<DataTable api="api/v1/test/page" columns={columns} query={{ halt_order_time_start: '2024-01-01', terminate_order_time: '2024-02-01' }} hasPermission={allowAll} />);
    expect(await screen.findByText('订单中止时间和订单完成时间不能联查')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.length).toBe(before);
  });
});

const bodyRows = () => document.querySelectorAll('tbody tr').length;

describe('DataTable rows beyond 350', { timeout: 30000 }, () => {
  it('renders 350 rows of a large answer and appends 350 more 400 ms after scrolling near the bottom', async () => {
    answer = () => ({ code: 200, msg: '成功', data: rowsOf(1000) });
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    expect(bodyRows()).toBe(350);
    expect(screen.queryByText('共 1000 条')).toBeNull(); // a plain array is not paged
    fireEvent.scroll(screen.getByTestId('data-table-scroll'));
    await new Promise((r) => setTimeout(r, 250));
    expect(bodyRows()).toBe(350);
    await waitFor(() => expect(bodyRows()).toBe(700), { timeout: 4000 });
    fireEvent.scroll(screen.getByTestId('data-table-scroll'));
    await waitFor(() => expect(bodyRows()).toBe(1000), { timeout: 4000 });
  });
});

describe('DataTable selection and actions', { timeout: 30000 }, () => {
  it('selects rows one by one and all on the page', async () => {
    const onSel = vi.fn();
    const ref = createRef<DataTableHandle<Row>>();
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} selectable onSelectionChange={onSel} tableRef={ref} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    fireEvent.click(screen.getByLabelText('选择第 2 行'));
    expect(onSel).toHaveBeenLastCalledWith([expect.objectContaining({ id: 2 })]);
    expect((screen.getByLabelText('全选本页') as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(screen.getByLabelText('全选本页'));
    expect(onSel.mock.lastCall?.[0].map((r: Row) => r.id).toSorted()).toEqual([1, 2, 3]);
    expect(ref.current?.selectedRows().length).toBe(3);
    fireEvent.click(screen.getByLabelText('全选本页'));
    expect(onSel).toHaveBeenLastCalledWith([]);
  });

  it('shows row actions by operation code and per-row rule', async () => {
    const edit = vi.fn();
    const actions: RowAction<Row>[] = [
      { key: 'edit', label: '编辑', onClick: edit },
      { key: 'del', label: '删除', perm: 'del_menu', onClick: () => undefined },
      { key: 'rec', label: '恢复', visible: (r) => r.hidden === 1, onClick: () => undefined },
    ];
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} actions={actions} hasPermission={(c) => c !== 'del_menu'} />);
    await screen.findByText('菜单1');
    expect(screen.getAllByText('编辑').length).toBe(3);
    expect(screen.queryByText('删除')).toBeNull();
    expect(screen.getAllByText('恢复').length).toBe(1);
    const row2 = document.querySelector('tr[data-row-key="2"]') as HTMLElement;
    expect(within(row2).getByText('恢复')).toBeTruthy();
    fireEvent.click(within(row2).getByText('编辑'));
    expect(edit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });

  it('sizes the 操作 column for every action the user may run, unless told a width', async () => {
    const many: RowAction<Row>[] = ['编辑', '删除', '详情', '学员', '时间段'].map((label) => ({ key: label, label, onClick: () => undefined }));
    const widthOf = () => Number.parseFloat((document.querySelector('tbody td:last-child') as HTMLElement).style.width);
    const first = renderWidget(<DataTable api="api/v1/test/page" columns={columns} actions={many.slice(0, 2)} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    const two = widthOf();
    first.unmount();
    const second = renderWidget(<DataTable api="api/v1/test/page" columns={columns} actions={many} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    const five = widthOf();
    // three more actions, eight more glyphs: each needs its label's room and its padding
    expect(five - two).toBeGreaterThanOrEqual(8 * 12 + 3 * 8);
    second.unmount();
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} actions={many} actionsWidth={120} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    expect(widthOf()).toBe(120);
  });

  it('reloads through its handle', async () => {
    const ref = createRef<DataTableHandle<Row>>();
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} tableRef={ref} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    const n = calls.length;
    await act(async () => ref.current?.reload());
    await waitFor(() => expect(calls.length).toBe(n + 1));
  });
});

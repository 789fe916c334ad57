import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { BatchDeleteButton, DataTable, type DataTableHandle } from '../../../../src/components/DataTable';
import { allowAll, renderWidget } from '../render';

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 4, name: '一号' },
  { id: 9, name: '二号' },
];
const posted: unknown[] = [];
const server = setupServer(
  http.get('http://localhost/api/v1/test/page', () => HttpResponse.json({ code: 200, msg: '成功', data: { content: rows, totalSize: 2 } })),
  http.post('http://localhost/api/v1/test/del', async ({ request }) => {
    posted.push(await request.json());
    return HttpResponse.json({ code: 200, msg: '成功', data: null });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  posted.length = 0;
});
afterAll(() => server.close());

function renderTable(onDeleted: () => void) {
  const table = createRef<DataTableHandle<Row>>();
  renderWidget(
    <DataTable<Row>
      api="api/v1/test/page"
      columns={[{ prop: 'name', label: '名称' }]}
      selectable
      tableRef={table}
      hasPermission={allowAll}
      toolbar={<BatchDeleteButton url="api/v1/test/del" table={table} onDeleted={onDeleted} />}
    />,
  );
}

describe('BatchDeleteButton', { timeout: 30000 }, () => {
  it('warns without a selection, asks first, then posts the selected ids as [{id}] and calls onDeleted', async () => {
    const onDeleted = vi.fn();
    renderTable(onDeleted);
    await screen.findByText('一号');
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('请选择要删除的数据')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.click(screen.getByLabelText('全选本页'));
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('确认批量删除选中数据吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(posted).toEqual([[{ id: 4 }, { id: 9 }]]);
  });

  it('posts nothing when the question is cancelled', async () => {
    const onDeleted = vi.fn();
    renderTable(onDeleted);
    await screen.findByText('一号');
    fireEvent.click(screen.getByLabelText('全选本页'));
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('确认批量删除选中数据吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('确认批量删除选中数据吗？')).toBeNull());
    expect(posted).toEqual([]);
    expect(onDeleted).not.toHaveBeenCalled();
  });
});

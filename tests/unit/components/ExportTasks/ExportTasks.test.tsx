import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExportTasks } from '../../../../src/components/ExportTasks';
import { renderWidget } from '../render';

const tasks = [
  { id: 1, name: '学员名单', state: '已完成', rows: 120, file_size: 20480, error: null, created_at: '2024-05-01 10:00:00', finished_at: '2024-05-01 10:00:03' },
  { id: 2, name: '订单明细', state: '进行中', rows: 9000, file_size: null, error: null, created_at: '2024-05-02 10:00:00', finished_at: null },
];
const cancels: unknown[] = [];
const downloads: string[] = [];
const server = setupServer(
  http.get('http://localhost/api/v1/excel_export_status/page', () => HttpResponse.json({ code: 200, msg: '成功', data: { content: tasks, totalSize: 2 } })),
  http.post('http://localhost/api/v1/excel_export_status/cancel', async ({ request }) => {
    const body = (await request.json()) as { id: number };
    cancels.push(body);
    const t = tasks.find((x) => x.id === body.id);
    if (t) t.state = '已取消';
    return HttpResponse.json({ code: 200, msg: '成功', data: { id: body.id, state: '已取消' } });
  }),
  http.get('http://localhost/api/v1/excel_export/download', ({ request }) => {
    downloads.push(new URL(request.url).searchParams.get('file_id') ?? '');
    return new HttpResponse(new TextEncoder().encode('xlsx'), { headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterAll(() => server.close());

describe('ExportTasks (我的导出)', { timeout: 30000 }, () => {
  it('lists tasks with status, downloads a finished one and cancels a running one', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWidget(<ExportTasks hasPermission={() => true} />);
    const done = (await screen.findByText('学员名单')).closest('tr') as HTMLElement;
    expect(within(done).getByText('20 KB')).toBeTruthy();
    expect(within(done).queryByText('取消')).toBeNull();
    fireEvent.click(within(done).getByText('下载'));
    await waitFor(() => expect(downloads).toEqual(['1']));
    expect(click).toHaveBeenCalled();

    const running = screen.getByText('订单明细').closest('tr') as HTMLElement;
    expect(within(running).queryByText('下载')).toBeNull();
    fireEvent.click(within(running).getByText('取消'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('取消成功')).toBeTruthy();
    expect(cancels).toEqual([{ id: 2 }]);
    await waitFor(() => expect(within(screen.getByText('订单明细').closest('tr') as HTMLElement).getByText('已取消')).toBeTruthy());
    click.mockRestore();
  });

  it('hides 取消 without the cancel_export code', async () => {
    tasks[1].state = '进行中';
    renderWidget(<ExportTasks hasPermission={() => false} />);
    await screen.findByText('订单明细');
    expect(screen.queryByText('取消')).toBeNull();
  });
});

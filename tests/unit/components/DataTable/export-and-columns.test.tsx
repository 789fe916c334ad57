import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataTable, runExport, type DataTableColumn } from '../../../../src/components/DataTable';
import { configureRequest } from '../../../../src/api/request';
import { allowAll, renderWidget } from '../render';

type Row = { id: number; name: string; code: string };
const columns: DataTableColumn<Row>[] = [
  { prop: 'name', label: '名称', minWidth: 160 },
  { prop: 'code', label: '编码' },
  { prop: 'remark', label: '备注', show: false },
];

let exportAnswer: () => Response | Promise<Response> = () => HttpResponse.json({ code: 200, msg: '成功', data: { file_id: 7, name: '菜单' } });
const exportCalls: URL[] = [];
const downloads: { url: URL; headers: Headers }[] = [];
let taskStates: string[] = [];
let statusCalls = 0;
let prefsRow: { id: number; tb_name: string; cols: string } | null = null;
const prefWrites: { path: string; body: Record<string, unknown> }[] = [];

const server = setupServer(
  http.get('http://localhost/api/v1/test/page', ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get('__export__') === 'true') {
      exportCalls.push(url);
      return exportAnswer();
    }
    return HttpResponse.json({ code: 200, msg: '成功', data: { content: [{ id: 1, name: '菜单1', code: 'm1', remark: '备' }], totalSize: 1 } });
  }),
  http.get('http://localhost/api/v1/excel_export/download', ({ request }) => {
    downloads.push({ url: new URL(request.url), headers: request.headers });
    return new HttpResponse(new TextEncoder().encode('xlsx'), {
      headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': "attachment; filename*=UTF-8''%E8%8F%9C%E5%8D%95.xlsx" },
    });
  }),
  http.get('http://localhost/api/v1/excel_export_status/page', () => {
    statusCalls += 1;
    const state = taskStates.length > 1 ? (taskStates.shift() as string) : (taskStates[0] ?? '已完成');
    return HttpResponse.json({ code: 200, msg: '成功', data: { content: [{ id: 7, name: '菜单', state, rows: 1, file_size: null, error: state === '失败' ? '写入文件失败' : null, created_at: '2024-01-01 00:00:00', finished_at: null }], totalSize: 1 } });
  }),
  http.get('http://localhost/api/v1/system/find_table_col_userpage', () =>
    HttpResponse.json({ code: 200, msg: '成功', data: { content: prefsRow ? [prefsRow] : [], totalSize: prefsRow ? 1 : 0 } }),
  ),
  http.post('http://localhost/api/v1/system/add_table_col_user', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    prefWrites.push({ path: 'add', body });
    prefsRow = { id: 5, tb_name: String(body.tb_name), cols: String(body.cols) };
    return HttpResponse.json({ code: 200, msg: '成功', data: prefsRow });
  }),
  http.post('http://localhost/api/v1/system/update_table_col_user', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    prefWrites.push({ path: 'update', body });
    prefsRow = { id: Number(body.id), tb_name: String(body.tb_name), cols: String(body.cols) };
    return HttpResponse.json({ code: 200, msg: '成功', data: prefsRow });
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureRequest({ headers: () => ({ token: 'tok', Authorization: 'Bearer abc' }) });
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  taskStates = [];
  statusCalls = 0;
  exportCalls.length = 0;
  downloads.length = 0;
  prefWrites.length = 0;
  prefsRow = null;
  exportAnswer = () => HttpResponse.json({ code: 200, msg: '成功', data: { file_id: 7, name: '菜单' } });
});
afterAll(() => server.close());

describe('DataTable export', { timeout: 30000 }, () => {
  it('starts an export with the query and visible columns, then downloads with the session headers', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} query={{ name: '菜' }} exportOptions={{ name: '菜单' }} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    expect(await screen.findByText('正在准备导出文件，请稍候…')).toBeTruthy();
    expect(await screen.findByText('导出成功')).toBeTruthy();
    const q = exportCalls[0].searchParams;
    expect([q.get('page'), q.get('rows'), q.get('__export__'), q.get('__name__'), q.get('name')]).toEqual(['1', '10000', 'true', '菜单', '菜']);
    expect(JSON.parse(q.get('__columns__') ?? '')).toEqual([
      { prop: 'name', label: '名称', width: 20 },
      { prop: 'code', label: '编码', width: 15 },
    ]);
    expect(downloads[0].url.searchParams.get('file_id')).toBe('7');
    expect(downloads[0].url.searchParams.get('name')).toBe('菜单');
    expect(downloads[0].headers.get('token')).toBe('tok');
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('waits while the file is written, then downloads; a failed task shows its error; a long one points to the task center', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    taskStates = ['进行中', '进行中', '已完成'];
    const done = await runExport({ api: 'api/v1/test/page', query: {}, columns, options: { name: '菜单' } });
    expect(done).toEqual({ kind: 'done', fileName: '菜单.xlsx' });
    expect(statusCalls).toBe(3);
    taskStates = ['失败'];
    expect(await runExport({ api: 'api/v1/test/page', query: {}, columns, options: { name: '菜单' } })).toEqual({ kind: 'warning', message: '写入文件失败' });
    taskStates = ['进行中'];
    expect(await runExport({ api: 'api/v1/test/page', query: {}, columns, options: { name: '菜单' }, waitMs: 1500 })).toEqual({
      kind: 'warning',
      message: '下载任务耗时过长，请到 任务中心/我的导出 查看详情',
    });
    expect(downloads.length).toBe(1);
    click.mockRestore();
  }, 15000);

  it('warns with the msg when the answer is not 200 or has no file id', async () => {
    exportAnswer = () => HttpResponse.json({ code: 400, msg: '导出行数超过上限', data: null });
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} exportOptions={{ name: '菜单' }} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    expect(await screen.findByText('导出行数超过上限')).toBeTruthy();
    exportAnswer = () => HttpResponse.json({ code: 200, msg: '任务已排队', data: {} });
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    expect(await screen.findByText('任务已排队')).toBeTruthy();
    expect(downloads.length).toBe(0);
  });

  it('says 导出失败 on other failures', async () => {
    exportAnswer = () => HttpResponse.error();
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} exportOptions={{ name: '菜单' }} hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    expect(await screen.findByText('导出失败')).toBeTruthy();
  });

  it('points to the task center when the export times out', async () => {
    exportAnswer = async () => {
      await delay(400);
      return HttpResponse.json({ code: 200, msg: '成功', data: { file_id: 1 } });
    };
    configureRequest({ headers: () => ({}) });
    const out = await runExport({ api: 'api/v1/test/page', query: {}, columns, options: { name: '菜单' }, timeout: 100 });
    expect(out).toEqual({ kind: 'warning', message: '下载任务耗时过长，请到 任务中心/我的导出 查看详情' });
  });

  it('refuses with the configured tip when a required time filter is empty', async () => {
    renderWidget(
      <DataTable api="api/v1/test/page" columns={columns} query={{ pay_time_start: '' }} exportOptions={{ name: '流水', requires: { fields: ['pay_time_start'], tip: '请先选择支付时间再导出' } }} hasPermission={allowAll} />,
    );
    await screen.findByText('菜单1');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    expect(await screen.findByText('请先选择支付时间再导出')).toBeTruthy();
    expect(exportCalls.length).toBe(0);
  });
});

describe('DataTable column preferences', { timeout: 30000 }, () => {
  it('applies stored order, visibility and width', async () => {
    prefsRow = { id: 3, tb_name: 'menu', cols: JSON.stringify([{ prop: 'code', show: true, width: 200 }, { prop: 'name', show: false }, { prop: 'remark', show: true }]) };
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} tableKey="menu" hasPermission={allowAll} />);
    await screen.findByText('m1');
    await waitFor(() => expect([...document.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['编码', '备注']));
    expect(screen.queryByText('菜单1')).toBeNull();
  });

  it('saves the user choice through add_table_col_user, then update_table_col_user', async () => {
    renderWidget(<DataTable api="api/v1/test/page" columns={columns} tableKey="menu" hasPermission={allowAll} />);
    await screen.findByText('菜单1');
    fireEvent.click(screen.getByLabelText('列设置'));
    fireEvent.click(await screen.findByLabelText('备注'));
    fireEvent.click(screen.getAllByLabelText('下移')[0]);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(prefWrites[0].path).toBe('add');
    expect(prefWrites[0].body.tb_name).toBe('menu');
    expect(JSON.parse(String(prefWrites[0].body.cols))).toEqual([
      { prop: 'code', show: true },
      { prop: 'name', show: true, width: undefined },
      { prop: 'remark', show: true },
    ].map((p) => JSON.parse(JSON.stringify(p))));
    await waitFor(() => expect([...document.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['编码', '名称', '备注']));
    fireEvent.click(screen.getByLabelText('列设置'));
    fireEvent.click(await screen.findByRole('button', { name: '保存' }));
    await waitFor(() => expect(prefWrites[1]?.path).toBe('update'));
    expect(prefWrites[1].body.id).toBe(5);
  });
});

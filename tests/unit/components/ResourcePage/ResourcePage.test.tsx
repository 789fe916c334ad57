import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResourcePage } from '../../../../src/components/ResourcePage';
import { bodySchema, defineResource, idListSchema } from '../../../../src/contract/resource';
import { renderWidget } from '../render';
import { dateRangeOf } from '../../../../src/lib/format';

/** A tiny declaration, only for this test: a classroom list with a soft delete and a tree. */
const classroom = defineResource({
  name: 'demo_classroom',
  title: '教室',
  table: 'demo_classroom',
  scope: 'global',
  perm: 'classroom',
  softDelete: true,
  fields: {
    name: { type: 'string', label: '教室名称', required: true, max: 20, search: 'like' },
    capacity: { type: 'int', label: '容纳人数', min: 1, max: 200 },
    kind: { type: 'int', label: '类型', search: 'eq', options: { kind: 'static', items: [{ value: 1, text: '大教室' }, { value: 2, text: '小教室' }] } },
    area_id: { type: 'int', label: '区域' },
    remark: { type: 'text', label: '备注' },
  },
});

type Room = { id: number; name: string; capacity: number | null; kind: number | null; area_id: number | null; remark: string | null; del_flag: number };
let rooms: Room[] = [];
let nextId = 1;
const pageCalls: URL[] = [];
const base = 'http://localhost/api/v1/demo_classroom';
const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: '成功', data });
const bad = (msg: string) => HttpResponse.json({ code: 400, msg, data: null });

// The handlers follow the server's resource routes: same validation (the contract's schemas), answers and soft delete.
const server = setupServer(
  http.get(`${base}/page`, ({ request }) => {
    const url = new URL(request.url);
    pageCalls.push(url);
    const q = url.searchParams;
    let list = rooms.filter((r) => r.del_flag === Number(q.get('del_flag') ?? 0));
    if (q.get('name')) list = list.filter((r) => r.name.includes(q.get('name') as string));
    if (q.get('kind')) list = list.filter((r) => String(r.kind) === q.get('kind'));
    if (q.get('area_id')) list = list.filter((r) => String(r.area_id) === q.get('area_id'));
    const page = Number(q.get('page')), rows = Number(q.get('rows'));
    return ok({ content: list.slice((page - 1) * rows, page * rows), totalSize: list.length });
  }),
  http.post(`${base}/add`, async ({ request }) => {
    const parsed = bodySchema(classroom, 'add').safeParse(await request.json());
    if (!parsed.success) return bad(parsed.error.issues[0].message);
    if (rooms.some((r) => r.name === parsed.data.name)) return HttpResponse.json({ code: 409, msg: '教室名称已存在', data: null });
    const row = { id: nextId++, del_flag: 0, capacity: null, kind: null, area_id: null, remark: null, ...parsed.data } as Room;
    rooms.push(row);
    return ok(row);
  }),
  http.post(`${base}/update`, async ({ request }) => {
    const parsed = bodySchema(classroom, 'update').safeParse(await request.json());
    if (!parsed.success) return bad(parsed.error.issues[0].message);
    const row = rooms.find((r) => r.id === parsed.data.id);
    if (!row) return HttpResponse.json({ code: 404, msg: '记录不存在或无权访问', data: null });
    Object.assign(row, parsed.data);
    return ok(row);
  }),
  http.post(`${base}/delete`, async ({ request }) => {
    const parsed = idListSchema.safeParse(await request.json());
    if (!parsed.success) return bad(parsed.error.issues[0].message);
    for (const { id } of parsed.data) rooms.forEach((r) => r.id === id && (r.del_flag = 1));
    return ok(null);
  }),
  http.post(`${base}/recover`, async ({ request }) => {
    const parsed = idListSchema.safeParse(await request.json());
    if (!parsed.success) return bad(parsed.error.issues[0].message);
    for (const { id } of parsed.data) rooms.forEach((r) => r.id === id && (r.del_flag = 0));
    return ok(null);
  }),
  http.get('http://localhost/api/v1/demo/area_tree', () => ok([{ id: 7, text: '北京', nodes: [{ id: 8, text: '朝阳' }] }])),
  http.get('http://localhost/api/v1/system/find_table_col_userpage', () => ok({ content: [], totalSize: 0 })),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // whole screens with dialogs render slowly on a busy 2-core machine
  configure({ asyncUtilTimeout: 4000 });
});
beforeEach(() => {
  nextId = 1;
  rooms = [
    { id: nextId++, name: '101教室', capacity: 30, kind: 1, area_id: 8, remark: null, del_flag: 0 },
    { id: nextId++, name: '102教室', capacity: 12, kind: 2, area_id: 7, remark: null, del_flag: 0 },
  ];
  pageCalls.length = 0;
});
afterAll(() => server.close());

const all = () => true;
const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getAllByLabelText(new RegExp(`^${label}`)).find((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') as HTMLInputElement;

describe('ResourcePage from a declaration', { timeout: 30000 }, () => {
  it('lists rows with option texts and searches on Enter', async () => {
    renderWidget(<ResourcePage def={classroom} hasPermission={all} />);
    expect(await screen.findByText('101教室')).toBeTruthy();
    expect(within(document.querySelector('tbody') as HTMLElement).getByText('大教室')).toBeTruthy();
    expect([...document.querySelectorAll('thead th')].map((t) => t.textContent)).toEqual(['', '教室名称', '容纳人数', '类型', '区域', '操作']);
    const name = screen.getByLabelText('教室名称');
    fireEvent.change(name, { target: { value: '102' } });
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.queryByText('101教室')).toBeNull());
    expect(screen.getByText('102教室')).toBeTruthy();
    expect(pageCalls.at(-1)?.searchParams.get('page')).toBe('1');
  });

  it('creates with client-side validation in the contract messages, then 创建成功', async () => {
    renderWidget(<ResourcePage def={classroom} hasPermission={all} />);
    await screen.findByText('101教室');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    expect(await screen.findByText('新增教室')).toBeTruthy();
    fireEvent.change(field('容纳人数'), { target: { value: '500' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '确定' }));
    expect(await within(dialog()).findByText('请输入教室名称')).toBeTruthy();
    expect(within(dialog()).getByText('容纳人数不能大于200')).toBeTruthy();
    fireEvent.change(field('教室名称'), { target: { value: '103教室' } });
    fireEvent.change(field('容纳人数'), { target: { value: '20' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('创建成功')).toBeTruthy();
    expect(await screen.findByText('103教室')).toBeTruthy();
    expect(rooms.at(-1)).toMatchObject({ name: '103教室', capacity: 20 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server msg when the server refuses', async () => {
    renderWidget(<ResourcePage def={classroom} hasPermission={all} />);
    await screen.findByText('101教室');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    await screen.findByText('新增教室');
    fireEvent.change(field('教室名称'), { target: { value: '101教室' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('教室名称已存在')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edits a row copied into the form, then 修改成功', async () => {
    renderWidget(<ResourcePage def={classroom} hasPermission={all} />);
    await screen.findByText('101教室');
    const row = document.querySelector('tr[data-row-key="1"]') as HTMLElement;
    fireEvent.click(within(row).getByText('编辑'));
    expect(await screen.findByText('编辑教室')).toBeTruthy();
    expect(field('教室名称').value).toBe('101教室');
    fireEvent.change(field('教室名称'), { target: { value: '101多功能室' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeTruthy();
    expect(await screen.findByText('101多功能室')).toBeTruthy();
  });

  it('deletes one row after 确认删除这条记录吗？, several after 确认批量删除选中数据吗？, and recovers', async () => {
    renderWidget(<ResourcePage def={classroom} hasPermission={all} />);
    await screen.findByText('101教室');
    fireEvent.click(within(document.querySelector('tr[data-row-key="1"]') as HTMLElement).getByText('删除'));
    expect(await screen.findByText('确认删除这条记录吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('101教室')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('请选择要删除的数据')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('全选本页'));
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('确认批量删除选中数据吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(rooms.every((r) => r.del_flag === 1)).toBe(true));
    expect(await screen.findByText('暂无数据')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('查看已删除'));
    const deletedRow = await screen.findByText('101教室');
    fireEvent.click(within(deletedRow.closest('tr') as HTMLElement).getByText('恢复'));
    expect(await screen.findByText('恢复成功')).toBeTruthy();
    expect(rooms.find((r) => r.id === 1)?.del_flag).toBe(0);
  });

  it('guards 新增, 编辑 and 删除 by <perm>_add, _update and _delete', async () => {
    renderWidget(<ResourcePage def={classroom} hasPermission={(c) => c === 'classroom_update'} />);
    await screen.findByText('101教室');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批量删除' })).toBeNull();
    expect(screen.getAllByText('编辑').length).toBe(2);
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('filters by the tree node beside the table and clears it on 重置', async () => {
    renderWidget(<ResourcePage def={classroom} hasPermission={all} treeFilter={{ title: '区域', url: 'api/v1/demo/area_tree', field: 'area_id', showAll: true }} />);
    await screen.findByText('101教室');
    fireEvent.click(await screen.findByText('朝阳'));
    await waitFor(() => expect(screen.queryByText('102教室')).toBeNull());
    expect(pageCalls.at(-1)?.searchParams.get('area_id')).toBe('8');
    expect(pageCalls.at(-1)?.searchParams.get('page')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    await screen.findByText('新增教室');
    expect(field('区域').value).toBe('8');
    fireEvent.click(within(dialog()).getByRole('button', { name: '取消' }));
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(await screen.findByText('102教室')).toBeTruthy();
    expect(pageCalls.at(-1)?.searchParams.has('area_id')).toBe(false);
  });

  it('sends the declared date default from the first page call and again after 重置; refuses exclusive filters before sending', async () => {
    const dated = defineResource({
      ...classroom,
      exclusive: [['name', 'kind']],
      fields: { ...classroom.fields, opened_on: { type: 'date', label: '启用日期', search: 'range', searchDefault: 'currentMonth' } },
    });
    const [start, end] = dateRangeOf('currentMonth');
    renderWidget(<ResourcePage def={dated} hasPermission={all} />);
    await screen.findByText('101教室');
    expect(pageCalls[0]?.searchParams.get('opened_on_start')).toBe(start);
    expect(pageCalls[0]?.searchParams.get('opened_on_end')).toBe(end);
    const name = screen.getByLabelText('教室名称');
    fireEvent.change(name, { target: { value: '102' } });
    const kind = screen.getAllByLabelText('类型').find((e) => e.tagName === 'INPUT') as HTMLElement;
    fireEvent.click(kind);
    fireEvent.click(await screen.findByRole('option', { name: '小教室' }));
    const calls = pageCalls.length;
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('教室名称和类型不能联查')).toBeTruthy();
    expect(pageCalls.length).toBe(calls);
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(pageCalls.length).toBeGreaterThan(calls));
    expect(pageCalls.at(-1)?.searchParams.get('opened_on_start')).toBe(start);
    expect(pageCalls.at(-1)?.searchParams.has('name')).toBe(false);
  });
});

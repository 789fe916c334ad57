import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResourcePage } from '../../../../src/components/ResourcePage';
import { defineResource } from '../../../../src/contract/resource';
import { renderWidget } from '../render';

/**
 * A declaration with a relation (to the declared class types) and a declared action: the table
 * shows the label column from the rows (no list of class types is loaded), the form shows the
 * current label at once and searches class types one page of 20 at a time, and the action's
 * buttons post the ids and the value.
 */
const course = defineResource({
  name: 'demo_course',
  title: '课程',
  table: 'demo_course',
  scope: 'global',
  perm: 'course',
  actions: [{ name: 'onoff', label: '上下架', column: 'visible', buttons: [{ value: 0, label: '下架' }, { value: 1, label: '上架', color: 'green' }] }],
  fields: {
    name: { type: 'string', label: '课程名称', required: true, max: 20 },
    class_type_id: { type: 'int', label: '班型', required: true, ref: { resource: 'prod_class_type', label: ['name'] } },
    visible: { type: 'bool', label: '上架', default: 1, form: false },
  },
});

const rows = () => [
  { id: 1, name: '英语一', class_type_id: 5, class_type_name: '少儿英语', visible: 1 },
  { id: 2, name: '数学一', class_type_id: 6, class_type_name: '奥数', visible: 0 },
];
const typeCalls: URL[] = [];
const actionBodies: unknown[] = [];
const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: '成功', data });

const server = setupServer(
  http.get('http://localhost/api/v1/demo_course/page', () => ok({ content: rows(), totalSize: 2 })),
  http.get('http://localhost/api/v1/prod_class_type/page', ({ request }) => {
    const url = new URL(request.url);
    typeCalls.push(url);
    const all = [
      { id: 5, name: '少儿英语' },
      { id: 6, name: '奥数' },
      { id: 7, name: '英语阅读' },
    ];
    const name = url.searchParams.get('name');
    const list = name ? all.filter((t) => t.name.includes(name)) : all;
    return ok({ content: list, totalSize: list.length });
  }),
  http.post('http://localhost/api/v1/demo_course/onoff', async ({ request }) => {
    actionBodies.push(await request.json());
    return ok({ count: 1 });
  }),
  http.get('http://localhost/api/v1/system/find_table_col_userpage', () => ok({ content: [], totalSize: 0 })),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configure({ asyncUtilTimeout: 4000 });
});
beforeEach(() => {
  typeCalls.length = 0;
  actionBodies.length = 0;
});
afterAll(() => server.close());

const all = () => true;
const dialog = () => screen.getByRole('dialog');

describe('relations and actions of a declaration on the screen', { timeout: 30000 }, () => {
  it('shows the relation label column without loading the target', async () => {
    renderWidget(<ResourcePage def={course} hasPermission={all} />);
    expect(await screen.findByText('少儿英语')).toBeTruthy();
    expect([...document.querySelectorAll('thead th')].map((t) => t.textContent)).toContain('班型');
    expect(typeCalls).toHaveLength(0);
  });

  it('edits a relation: the current label at once, then one page of 20 searched by the typed text', async () => {
    renderWidget(<ResourcePage def={course} hasPermission={all} />);
    await screen.findByText('英语一');
    fireEvent.click(within(document.querySelector('tr[data-row-key="1"]') as HTMLElement).getByText('编辑'));
    await screen.findByText('编辑课程');
    const input = within(dialog()).getAllByLabelText(/^班型/).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    expect(input.value).toBe('少儿英语');
    expect(typeCalls).toHaveLength(0);
    fireEvent.click(input);
    await waitFor(() => expect(typeCalls.length).toBeGreaterThan(0));
    expect(typeCalls[0].searchParams.get('rows')).toBe('20');
    input.focus(); // Mantine takes a change of an unfocused box for autofill
    fireEvent.change(input, { target: { value: '阅读' } });
    await waitFor(() => expect(typeCalls.some((u) => u.searchParams.get('name') === '阅读')).toBe(true));
    fireEvent.click(await screen.findByRole('option', { name: '英语阅读' }));
    expect(input.value).toBe('英语阅读');
  });

  it('a declared action: a row button per value (hidden where set), confirm, ids and value posted', async () => {
    renderWidget(<ResourcePage def={course} hasPermission={all} />);
    await screen.findByText('英语一');
    const first = document.querySelector('tr[data-row-key="1"]') as HTMLElement;
    expect(within(first).queryByText('上架')).toBeNull();
    fireEvent.click(within(first).getByText('下架'));
    expect(await screen.findByText('确定下架选中的课程吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('下架成功')).toBeTruthy();
    expect(actionBodies).toEqual([{ ids: [1], visible: 0 }]);
    // the bulk button acts on the selection
    fireEvent.click(screen.getByLabelText('全选本页'));
    fireEvent.click(screen.getByRole('button', { name: '批量上架' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(actionBodies).toHaveLength(2));
    expect(actionBodies[1]).toEqual({ ids: [1, 2], visible: 1 });
  });
});

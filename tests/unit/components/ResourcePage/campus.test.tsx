import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResourcePage } from '../../../../src/components/ResourcePage';
import { defineResource } from '../../../../src/contract/resource';
import type { SchoolOption } from '../../../../src/contract/paths';
import { renderWidget } from '../render';

/** A campus-scoped list whose rows look alike across campuses (the 教室 screen). */
const room = defineResource({
  name: 'campus_room',
  title: '教室',
  table: 'campus_room',
  scope: 'school',
  perm: 'campus_room',
  fields: { name: { type: 'string', label: '教室名称', required: true, search: 'like' } },
});

const school = (id: number, name: string): SchoolOption => ({ id, name, code: null, city_id: null, city_name: null });
let schools: SchoolOption[] = [];
let schoolCalls = 0;
const pageCalls: URL[] = [];
const rows = [
  { id: 1, name: '101教室', school_id: 11 },
  { id: 2, name: '101教室', school_id: 12 },
];
const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: '成功', data });
const server = setupServer(
  http.get('http://localhost/api/v1/campus_room/page', ({ request }) => {
    const url = new URL(request.url);
    pageCalls.push(url);
    const only = url.searchParams.get('school_id');
    const list = rows.filter((r) => !only || String(r.school_id) === only);
    return ok({ content: list, totalSize: list.length });
  }),
  http.get('http://localhost/api/v1/sys_user/get_user_school', () => {
    schoolCalls += 1;
    return ok({ all: false, schools });
  }),
  http.get('http://localhost/api/v1/system/find_table_col_userpage', () => ok({ content: [], totalSize: 0 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  pageCalls.length = 0;
  schoolCalls = 0;
});
afterAll(() => server.close());

const campusFilter = () => screen.queryAllByLabelText('校区').find((e) => e.tagName === 'INPUT');
const headers = () => [...document.querySelectorAll('thead th')].map((t) => t.textContent);

describe('where a row belongs', { timeout: 30000 }, () => {
  it('a user of several campuses sees each row\'s 校区 and filters by it', async () => {
    schools = [school(11, '北京中关村校区'), school(12, '上海徐汇校区')];
    renderWidget(<ResourcePage def={room} hasPermission={() => true} />);
    const body = () => within(document.querySelector('tbody') as HTMLElement);
    expect(await body().findByText('北京中关村校区')).toBeTruthy();
    expect(body().getByText('上海徐汇校区')).toBeTruthy();
    expect(headers()).toEqual(['', '校区', '教室名称', '操作']);

    const filter = campusFilter() as HTMLElement;
    fireEvent.click(filter);
    fireEvent.click(await screen.findByRole('option', { name: '上海徐汇校区' }));
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(pageCalls.at(-1)?.searchParams.get('school_id')).toBe('12'));
    await waitFor(() => expect(body().queryByText('北京中关村校区')).toBeNull());
  });

  it('a user of one campus sees no campus column or filter', async () => {
    schools = [school(11, '北京中关村校区')];
    renderWidget(<ResourcePage def={room} hasPermission={() => true} />);
    await screen.findAllByText('101教室');
    // the school list has been answered, and still no campus column
    await waitFor(() => expect(schoolCalls).toBe(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(headers()).toEqual(['', '教室名称', '操作']);
    expect(campusFilter()).toBeUndefined();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClassForm } from '../../../../src/features/classes/classes/ClassForm';
import { classResource } from '../../../../src/contract/resources/classes';
import { renderWidget } from '../../components/render';

/** The class dialog writes 班级客服, chosen among the staff of the class's campus. */
const optionCalls: URL[] = [];
let updated: Record<string, unknown> | undefined;
const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: '成功', data });
const server = setupServer(
  http.get('http://localhost/api/v1/sys_user/get_user_options', ({ request }) => {
    const url = new URL(request.url);
    optionCalls.push(url);
    return ok(url.searchParams.get('school_id') === '11' ? [{ value: 5, text: '客服小周' }] : [{ value: 9, text: '别的校区的人' }]);
  }),
  http.post('http://localhost/api/v1/base_class_manage/update', async ({ request }) => {
    updated = (await request.json()) as Record<string, unknown>;
    return ok({ id: 3 });
  }),
  http.get('http://localhost/api/v1/*', () => ok({ content: [], totalSize: 0 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('class dialog', { timeout: 30000 }, () => {
  it('offers the staff of the class campus as 班级客服 and saves the choice', async () => {
    const initial = { id: 3, school_id: 11, name: '三年级1班', class_type_id: 4, capacity: 20, state: 1, kf_id: null };
    renderWidget(<ClassForm def={classResource} mode="update" initial={initial} onClose={() => undefined} />);
    const input = screen.getAllByLabelText('班级客服').find((e) => e.tagName === 'INPUT') as HTMLElement;
    await waitFor(() => expect(optionCalls.some((u) => u.searchParams.get('school_id') === '11' && !u.searchParams.get('role_code'))).toBe(true));
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: '客服小周' }));
    expect(screen.queryByRole('option', { name: '别的校区的人' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(updated).toMatchObject({ id: 3, kf_id: 5 }));
    expect(within(document.body).queryByText('请选择班级客服')).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResetPasswordDialog } from '../../../../src/features/system/user/ResetPasswordDialog';
import { renderWidget } from '../../components/render';

const posted: unknown[] = [];
const server = setupServer(
  http.post('http://localhost/api/v1/system/update_password', async ({ request }) => {
    posted.push(await request.json());
    return HttpResponse.json({ code: 200, msg: '成功', data: null });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  posted.length = 0;
});
afterAll(() => server.close());

describe('重置密码 dialog', { timeout: 30000 }, () => {
  it('an empty submit flags every required field; the user is told to change it at the next sign-in', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWidget(<ResetPasswordDialog user={{ id: 7, name: '赵磊' }} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '重置密码：赵磊' });
    expect(dialog.textContent).toContain('下次登录时须修改密码');
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请输入确认密码')).toBeTruthy();
    // both are marked required before anything is typed
    expect(screen.getByLabelText(/新密码/).getAttribute('data-invalid')).toBe('true');
    expect(screen.getByLabelText(/确认密码/).getAttribute('data-invalid')).toBe('true');
    expect(posted).toEqual([]);

    await user.type(screen.getByLabelText(/新密码/), 'Reset2024b');
    await user.type(screen.getByLabelText(/确认密码/), 'Reset2024b');
    await user.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(posted).toEqual([{ id: 7, password: 'Reset2024b' }]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

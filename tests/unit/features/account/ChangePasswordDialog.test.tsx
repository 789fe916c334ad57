import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChangePasswordDialog } from '../../../../src/features/account/ChangePasswordDialog';
import { renderWidget } from '../../components/render';

const posted: unknown[] = [];
const server = setupServer(
  http.post('http://localhost/api/v1/system/modify_password', async ({ request }) => {
    posted.push(await request.json());
    return HttpResponse.json({ code: 200, msg: '成功', data: null });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  posted.length = 0;
});
afterAll(() => server.close());

describe('修改密码 dialog', { timeout: 30000 }, () => {
  it('takes typed text in every field (the value is read while the input event is live) and sends it', async () => {
    const user = userEvent.setup();
    const onChanged = vi.fn();
    const onClose = vi.fn();
    renderWidget(<ChangePasswordDialog opened forced onClose={onClose} onChanged={onChanged} />);
    const origin = await screen.findByPlaceholderText('请输入原密码');
    await user.type(origin, 'Start123');
    await user.type(screen.getByPlaceholderText('请输入新密码'), 'Better456');
    await user.type(screen.getByPlaceholderText('请输入确认密码'), 'Better456');
    expect((origin as HTMLInputElement).value).toBe('Start123');
    await user.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(posted).toEqual([{ origin: 'Start123', new: 'Better456', confirm: 'Better456' }]));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('an empty submit flags every required field', async () => {
    const user = userEvent.setup();
    renderWidget(<ChangePasswordDialog opened onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: '确 定' }));
    expect(await screen.findByText('请输入原密码', { selector: '.mantine-InputWrapper-error, .mantine-PasswordInput-error' })).toBeTruthy();
    expect(screen.getByText('请输入新密码', { selector: '.mantine-InputWrapper-error, .mantine-PasswordInput-error' })).toBeTruthy();
    expect(screen.getByText('请输入确认密码', { selector: '.mantine-InputWrapper-error, .mantine-PasswordInput-error' })).toBeTruthy();
    expect(posted).toEqual([]);
  });
});

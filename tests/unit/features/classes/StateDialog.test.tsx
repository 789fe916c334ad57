import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLASSES_PATHS } from '../../../../src/contract/classes';
import { StateDialog } from '../../../../src/features/classes/classes/StateDialog';
import { renderWidget } from '../../components/render';

// The class-state dialog stands for the dialogs built on useDialogSubmit and DialogActions.
const posted: unknown[] = [];
let answer: { code: number; msg: string } = { code: 200, msg: '成功' };
const server = setupServer(
  http.post(`http://localhost/${CLASSES_PATHS.classUpdateState}`, async ({ request }) => {
    posted.push(await request.json());
    return HttpResponse.json({ ...answer, data: null });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  posted.length = 0;
  answer = { code: 200, msg: '成功' };
});
afterAll(() => server.close());

describe('修改班级状态 dialog', { timeout: 30000 }, () => {
  it('asks for a state before sending, keeps the server message in the dialog, then saves and closes', async () => {
    const onClose = vi.fn();
    const onDone = vi.fn();
    renderWidget(<StateDialog ids={[3, 5]} onClose={onClose} onDone={onDone} />);
    expect(await screen.findByText('修改 2 个班级的状态')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择班级状态')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.click(screen.getAllByLabelText(/班级状态/).find((e) => e.tagName === 'INPUT') as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: '已结课' }));
    answer = { code: 409, msg: '班级「三年级A班」还有未上的课次，不能结班' };
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('班级「三年级A班」还有未上的课次，不能结班')).toBeTruthy();
    expect(screen.queryByText('请选择班级状态')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();

    answer = { code: 200, msg: '成功' };
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(posted).toHaveLength(2);
    expect(posted[1]).toMatchObject({ ids: [3, 5] });
    expect(await screen.findByText('班级状态已修改')).toBeTruthy();
  });

  it('取消 closes without sending', async () => {
    const onClose = vi.fn();
    renderWidget(<StateDialog ids={[3]} onClose={onClose} onDone={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(posted).toEqual([]);
  });
});

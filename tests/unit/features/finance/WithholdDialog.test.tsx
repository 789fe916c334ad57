import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withholdDueCall, type WithholdResult } from '../../../../src/contract/finance-withholding';
import { PATHS } from '../../../../src/contract/paths';
import { WithholdDialog, withholdSummary } from '../../../../src/features/finance/WithholdDialog';
import { renderWidget } from '../../components/render';

// 代扣到期分期 (定金与分期): the campus asked (chosen already for a user of one campus), a
// confirmation naming it, one call with one Idempotency-Key, the answer in words and yuan.
const sent: { body: unknown; key: string | null }[] = [];
let schools = [{ id: 7, name: '广州天河校区' }];
let answer: { code: number; msg: string; data: WithholdResult | null } = { code: 200, msg: '成功', data: null };
const server = setupServer(
  http.get(`http://localhost/${PATHS.userSchools}`, () => HttpResponse.json({ code: 200, msg: '成功', data: { all: false, schools } })),
  http.post(`http://localhost/${withholdDueCall.path}`, async ({ request }) => {
    sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
    return HttpResponse.json(answer);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  sent.length = 0;
  schools = [{ id: 7, name: '广州天河校区' }];
});
afterAll(() => server.close());

const result = (over: Partial<WithholdResult>): WithholdResult => ({ day: '2026-05-10', succeeded: 0, failed: 0, amount: 0, items: [], ...over });

describe('代扣到期分期 dialog', { timeout: 30000 }, () => {
  it('says the result in Chinese with amounts in yuan', () => {
    expect(withholdSummary(result({}))).toBe('2026-05-10 没有需要代扣的到期分期（当天已代扣过的不会重复扣款）');
    const items = [
      { installment_id: 3, student_id: 9, out_trade_no: 'WH3-20260510-0', amount: 123_456, state: 1, message: null, receipt_no: 'SK1' },
      { installment_id: 4, student_id: 10, out_trade_no: 'WH4-20260510-0', amount: 5_000, state: 2, message: '卡内余额不足', receipt_no: null },
    ];
    expect(withholdSummary(result({ succeeded: 1, failed: 1, amount: 123_456, items }))).toBe('2026-05-10 代扣成功 1 笔，共 1,234.56 元；失败 1 笔，共 50.00 元');
  });

  it('a user of one campus has it chosen; confirms, sends once with a key, shows the result and refreshes', async () => {
    answer = {
      code: 200,
      msg: '成功',
      data: result({ succeeded: 1, amount: 300_000, items: [{ installment_id: 12, student_id: 5, out_trade_no: 'WH12-20260510-0', amount: 300_000, state: 1, message: null, receipt_no: 'SK-GZ-0001' }] }),
    };
    const onWithheld = vi.fn();
    const onClose = vi.fn();
    renderWidget(<WithholdDialog onClose={onClose} onWithheld={onWithheld} />);
    await waitFor(() => expect((screen.getByRole('combobox', { name: /校区/ }) as HTMLInputElement).value).toBe('广州天河校区'));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText(/确定对「广州天河校区」到期的分期发起代扣吗/)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '确认代扣' }));
    expect(await screen.findByText('2026-05-10 代扣成功 1 笔，共 3,000.00 元；失败 0 笔')).toBeTruthy();
    expect(screen.getByText('SK-GZ-0001')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ school_id: 7 });
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(onWithheld).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with several campuses asks for one first; a refusal stays in the dialog and nothing is refreshed', async () => {
    schools = [
      { id: 7, name: '广州天河校区' },
      { id: 8, name: '北京朝阳校区' },
    ];
    answer = { code: 404, msg: '校区不存在或无权访问', data: null };
    const onWithheld = vi.fn();
    renderWidget(<WithholdDialog onClose={() => undefined} onWithheld={onWithheld} />);
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }));
    expect(await screen.findByText('请选择校区')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: /校区/ }));
    fireEvent.click(await screen.findByRole('option', { name: '北京朝阳校区' }));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认代扣' }));
    expect(await screen.findByText('校区不存在或无权访问')).toBeTruthy();
    expect(sent.map((s) => s.body)).toEqual([{ school_id: 8 }]);
    expect(onWithheld).not.toHaveBeenCalled();
  });
});

import { expect, test } from './fixtures';
import { apiSession, feedbackRows, outboxStates, seedOutbox, signIn, submitFeedback, waitForServiceWorker } from './offline-helpers';

// this file drives the service worker (offline, precache, updates): it may register one
test.use({ serviceWorkers: 'allow' });

const FEEDBACK_ADD = '**/api/v1/base_feedback/add';

test.describe('offline model', () => {
  test('offline reload keeps the shell, the menu and a visited list; offline feedback is sent once when back online', async ({ page, context, request }) => {
    const api = await apiSession(request);
    const run = `e2e-${Date.now()}`;

    await signIn(page);
    await waitForServiceWorker(page);
    // visit a list online (角色管理, seeded roles), so its data is cached
    await page.getByRole('link').filter({ hasText: '角色管理' }).first().click();
    const seededRole = page.getByRole('cell', { name: '系统管理员', exact: true }).first();
    await expect(seededRole).toBeVisible();
    const listUrl = page.url();
    // let the throttled query persister write
    await page.waitForTimeout(1500);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.getByTestId('offline-badge')).toHaveText('离线');
    await expect(page.getByText('系统管理').first()).toBeVisible();
    await expect(seededRole).toBeVisible();
    await expect(page.getByText(/离线，数据来自 \d\d:\d\d/).first()).toBeVisible();
    expect(page.url()).toBe(listUrl);

    const offlineContent = `${run} 离线提交`;
    await submitFeedback(page, offlineContent);
    await expect(page.getByText('网络不可用，反馈已保存，联网后自动提交')).toBeVisible();
    await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');
    // survives a reload
    await page.reload();
    await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');
    await page.getByTestId('offline-status').click();
    await expect(page.getByTestId('outbox-item')).toContainText(`用户反馈：${offlineContent.slice(0, 20)}`);
    await page.keyboard.press('Escape');

    const sent = page.waitForResponse((r) => r.url().includes('/api/v1/base_feedback/add'));
    await context.setOffline(false);
    expect(((await (await sent).json()) as { code: number }).code).toBe(200);
    await expect(page.getByTestId('outbox-pending')).toHaveCount(0);
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);
    expect(await feedbackRows(request, api, offlineContent)).toHaveLength(1);
  });

  test('a replayed write whose answer was lost after the server committed is stored once', async ({ page, request }) => {
    const api = await apiSession(request);
    const content = `e2e-${Date.now()} 丢失应答`;
    await signIn(page);
    const keys: string[] = [];
    let cut = false;
    await page.route(FEEDBACK_ADD, async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!cut) {
        cut = true;
        // the request reaches the server and commits; the answer never reaches the app
        const answer = await route.fetch();
        expect(((await answer.json()) as { code: number }).code).toBe(200);
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await submitFeedback(page, content);
    await expect(page.getByText('反馈成功')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('outbox-pending')).toHaveCount(0);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(await feedbackRows(request, api, content)).toHaveLength(1);
  });

  test('200 writes queued offline are sent in order once back online, each answered 200', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const api = await apiSession(request);
    const run = `e2e-${Date.now()} 批量`;
    await signIn(page);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await seedOutbox(
      page,
      Array.from({ length: 200 }, (_, i) => ({ url: 'api/v1/base_feedback/add', body: { content: `${run} ${String(i).padStart(3, '0')}`, files: '' }, label: `用户反馈 ${i}` })),
    );
    await page.reload();
    await expect(page.getByTestId('outbox-pending')).toHaveText('200 条待同步');

    const sentOrder: string[] = [];
    const codes: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/base_feedback/add')) sentOrder.push((JSON.parse(r.postData() ?? '{}') as { content: string }).content);
    });
    page.on('response', async (r) => {
      if (r.url().includes('/api/v1/base_feedback/add')) codes.push(((await r.json()) as { code: number }).code);
    });
    await context.setOffline(false);
    await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 60_000 });
    const expected = Array.from({ length: 200 }, (_, i) => `${run} ${String(i).padStart(3, '0')}`);
    expect(sentOrder).toEqual(expected);
    await expect.poll(() => codes.length).toBe(200);
    expect(codes.every((c) => c === 200)).toBe(true);
    const rows = await feedbackRows(request, api, run);
    expect(rows.map((r) => r.content)).toEqual(expected);
    expect(await outboxStates(page)).not.toHaveProperty('pending');
  });

  test('a write the server rejects stays visible with its message until discarded', async ({ page, request }) => {
    const api = await apiSession(request);
    await signIn(page);
    // what the server answers to an empty content (a rejection writes nothing)
    const direct = await request.post('api/v1/base_feedback/add', { headers: api, data: { content: '', files: '' } });
    const env = (await direct.json()) as { code: number; msg: string };
    expect(env.code).not.toBe(200);
    expect(env.msg).toBeTruthy();

    await seedOutbox(page, [{ url: 'api/v1/base_feedback/add', body: { content: '', files: '' }, label: '用户反馈：（空）' }]);
    await page.reload();
    await expect(page.getByTestId('outbox-rejected')).toHaveText('1 条被拒绝');
    await page.reload();
    await expect(page.getByTestId('outbox-rejected')).toHaveText('1 条被拒绝');
    await page.getByTestId('offline-status').click();
    const item = page.getByTestId('outbox-item');
    await expect(item).toHaveAttribute('data-state', 'rejected');
    await expect(item.getByTestId('outbox-item-error')).toHaveText(env.msg);

    await item.getByRole('button', { name: '丢弃' }).click();
    await expect(page.getByText(/确定丢弃「用户反馈：（空）」吗/)).toBeVisible();
    await page.getByTestId('outbox-discard-confirm').click();
    await expect(page.getByTestId('outbox-item')).toHaveCount(0);
    await expect(page.getByTestId('outbox-rejected')).toHaveCount(0);
    expect(await feedbackRows(request, api, '')).not.toContainEqual(expect.objectContaining({ content: '' }));
  });
});

import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { openAs } from './offline-helpers';

// this file drives the service worker (offline, precache, updates): it may register one
test.use({ serviceWorkers: 'allow' });

// The app shell wired to the offline model, messages, feedback attachments, operation guides and
// class progress: the built app against the real server (demo data), as a member of staff uses it.

/** The administrator on 首页. */
async function signIn(page: Page) {
  await openAs(page, 'admin', 'admin123', '/home');
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

async function apiHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('api/v1/sso/login', { data: { login_id: 'admin', password: 'admin123' } });
  const env = (await res.json()) as { code: number; data: { token: string; login_id: string; domain: string } };
  expect(env.code).toBe(200);
  const { token, login_id, domain } = env.data;
  return { token, Authorization: `Bearer ${Buffer.from(`${login_id}:${token}:${domain}`).toString('base64')}` };
}

async function envelope<T>(res: Promise<import('./fixtures').APIResponse>): Promise<T> {
  const env = (await (await res).json()) as { code: number; msg: string; data: T };
  expect(env.code, env.msg).toBe(200);
  return env.data;
}

interface Message {
  message_id: number;
  message_title: string;
  read_status: number;
  is_flag: number;
}

test('messages: the bell counts what the server counts, opening reads, mark and cancel, /user_notice pages and deletes', async ({ page, request }) => {
  const h = await apiHeaders(request);
  const run = `e2e-${Date.now()}`;
  for (let i = 0; i < 11; i++) {
    const n = await envelope<{ id: number }>(request.post('api/v1/sys_notice/add', { headers: h, data: { title: `${run} 通知 ${String(i).padStart(2, '0')}`, content: `<p>第 ${i} 条</p>`, target_type: 'all' } }));
    await envelope(request.post('api/v1/sys_notice/publish', { headers: h, data: [{ id: n.id }] }));
  }
  const top = () => envelope<{ unread: number; list: Message[] }>(request.get('api/v1/user_message/top_all', { headers: h }));
  const before = await top();
  expect(before.unread).toBeGreaterThanOrEqual(11);

  await signIn(page);
  const badge = page.getByTestId('bell-badge');
  await expect(badge.locator('.mantine-Indicator-indicator')).toHaveText(before.unread > 99 ? '99+' : String(before.unread));

  // opening a message in the bell reads it
  await page.getByRole('button', { name: '消息通知' }).click();
  const newest = before.list.find((m) => m.message_title.startsWith(run) && m.read_status === 0);
  expect(newest).toBeDefined();
  await page.getByRole('button', { name: new RegExp(newest?.message_title ?? '') }).click();
  await expect(page.getByRole('dialog', { name: newest?.message_title })).toBeVisible();
  await expect.poll(async () => (await top()).unread).toBe(before.unread - 1);
  await page.keyboard.press('Escape');
  await expect(badge.locator('.mantine-Indicator-indicator')).toHaveText(String(before.unread - 1));

  // mark, then cancel, from the bell (the read message sorts below the unread ones: take the first row)
  await page.getByRole('button', { name: '消息通知' }).click();
  const row = page.getByTestId('bell-message').first();
  const markedTitle = (await row.getByRole('button').first().innerText()).split('\n')[0].replace(/^● /, '').trim();
  const flagged = async () => (await top()).list.find((m) => m.message_title === markedTitle)?.is_flag;
  await row.getByRole('button', { name: '标记', exact: true }).click();
  await expect.poll(flagged).toBe(1);
  await expect(row.getByRole('button', { name: '取消标记' })).toBeVisible();
  await row.getByRole('button', { name: '取消标记' }).click();
  await expect.poll(flagged).toBe(0);
  await page.keyboard.press('Escape');

  // /user_notice: paging, then deleting one
  await page.getByRole('button', { name: '消息通知' }).click();
  await page.getByRole('link', { name: '查看全部消息' }).click();
  await expect(page).toHaveURL(/#\/user_notice$/);
  const total = (await envelope<{ totalSize: number }>(request.post('api/v1/user_message/page', { headers: h, form: { page: 1, rows: 10 } }))).totalSize;
  await expect(page.getByText(`共 ${total} 条`)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^选择 / })).toHaveCount(10);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: /^选择 / })).toHaveCount(Math.min(10, total - 10));
  await page.getByRole('button', { name: '1', exact: true }).click();
  const firstTitle = (await page.getByRole('checkbox', { name: /^选择 / }).first().getAttribute('aria-label'))?.replace(/^选择 /, '') ?? '';
  await page.getByRole('row', { name: new RegExp(firstTitle) }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(page.getByText(`共 ${total - 1} 条`)).toBeVisible();
  const after = await envelope<{ content: Message[]; totalSize: number }>(request.post('api/v1/user_message/page', { headers: h, form: { page: 1, rows: 100 } }));
  expect(after.totalSize).toBe(total - 1);
  expect(after.content.map((m) => m.message_title)).not.toContain(firstTitle);
});

test('feedback with an attachment reaches the server with its file id; closing resets the form', async ({ page, request }) => {
  const h = await apiHeaders(request);
  const content = `e2e-${Date.now()} 附件反馈`;
  await signIn(page);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '用户反馈' }).click();
  const dialog = page.getByRole('dialog', { name: '用户反馈' });
  await expect(dialog).toBeVisible();
  // required on blur and on submit
  await dialog.getByLabel('反馈内容').focus();
  await dialog.getByLabel('反馈内容').blur();
  await expect(dialog.getByText('请输入反馈内容')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: '上传文件' }).click();
  await (await chooser).setFiles({ name: '截图说明.txt', mimeType: 'text/plain', buffer: Buffer.from('反馈附件内容') });
  await expect(dialog.getByText('截图说明.txt')).toBeVisible();
  // 取 消 resets the attachments
  await dialog.getByRole('button', { name: '取 消' }).click();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '用户反馈' }).click();
  await expect(dialog.getByText('截图说明.txt')).toHaveCount(0);
  await expect(dialog.getByText('请输入反馈内容')).toHaveCount(0);

  await dialog.getByLabel('反馈内容').fill(content);
  const chooser2 = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: '上传文件' }).click();
  await (await chooser2).setFiles({ name: '问题截图.txt', mimeType: 'text/plain', buffer: Buffer.from('第二个附件') });
  await expect(dialog.getByText('问题截图.txt')).toBeVisible();
  await dialog.getByRole('button', { name: '提 交' }).click();
  await expect(page.getByText('反馈成功')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const rows = await envelope<{ content: { content: string; files: string | null }[] }>(request.get('api/v1/base_feedback/page', { headers: h, params: { content, page: 1, rows: 10 } }));
  expect(rows.content).toHaveLength(1);
  expect(rows.content[0].files).toMatch(/^\d+$/);
  const att = await envelope<{ name?: string; file_name?: string } | { name?: string; file_name?: string }[]>(request.get('api/v1/sys_attachment/get', { headers: h, params: { id: rows.content[0].files ?? '' } }));
  expect(JSON.stringify(att)).toContain('问题截图.txt');
});

test('operation guides: the seeded guides are readable, a new one is written, published and read', async ({ page }) => {
  const title = `e2e-${Date.now()} 如何查看班级进度`;
  await signIn(page);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '操作指南' }).click();
  await expect(page).toHaveURL(/#\/system\/base\/guide$/);
  await expect(page.getByText('如何登录系统').first()).toBeVisible();
  await page.getByText('前台如何为学员签到').first().click();
  await expect(page.getByText('前台在「教务管理 → 前台签到」中为当天上课的学员签到')).toBeVisible();

  await page.goto('/#/system/guide');
  await expect(page.getByTestId('breadcrumb')).toContainText('操作指南管理');
  await page.getByRole('button', { name: '新增' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('内容').fill('<p>打开「班级进度」<script>alert(1)</script>查看每个班已上的课次。</p>');
  await form.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('草稿');
  await row.getByRole('button', { name: '发布' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('发布成功')).toBeVisible();
  await expect(row).toContainText('已发布');
  await expect(page.getByText(/确定发布/)).toHaveCount(0);

  await page.goto('/#/system/base/guide');
  await page.getByText(title).first().click();
  await expect(page.getByText('查看每个班已上的课次。')).toBeVisible();
  expect(await page.locator('script', { hasText: 'alert(1)' }).count()).toBe(0);
});

test('/class_degree shows each class with lessons done of scheduled, and a class opens its students', async ({ page, request }) => {
  const h = await apiHeaders(request);
  const server = await envelope<{ content: { class_name: string; sessions_done: number; sessions_total: number }[]; totalSize: number }>(
    request.get('api/v1/edu_attendance/progress', { headers: h, params: { page: 1, rows: 20 } }),
  );
  expect(server.totalSize).toBeGreaterThan(0);
  await signIn(page);
  await page.goto('/#/class_degree');
  const table = page.getByTestId('class-degree-table');
  const first = server.content[0];
  const firstRow = table.getByRole('row', { name: new RegExp(first.class_name) });
  await expect(firstRow).toContainText(`${first.sessions_done}/${first.sessions_total} 课次`);
  await expect(page.getByText(`共 ${server.totalSize} 个班级`)).toBeVisible();
  await firstRow.getByRole('button', { name: first.class_name }).click();
  await expect(page.getByTestId('class-degree-students')).toBeVisible();
});

test('offline: the top bar shows 离线, a visited list says where its data is from, the install entry stays hidden without an offer', async ({ page, context }) => {
  await signIn(page);
  // as installed: the service worker holds the shell's chunks before the network goes
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration())?.active, undefined, { timeout: 20_000 });
  await page.goto('/#/user_notice');
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByTestId('offline-badge')).toHaveText('离线');
  await expect(page.getByText(/离线，数据来自 \d\d:\d\d/)).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('install-app')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await context.setOffline(false);
  await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  await expect(page.getByText(/离线，数据来自/)).toHaveCount(0);
});

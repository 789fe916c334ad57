import { expect, test } from './fixtures';

// Issue 18 defect 5: an attachment's image preview is loaded by an <img>, which cannot send the
// session headers: it must show (through a short-lived signed address), with no 401 on the way and
// no session token in any address.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKElEQVR42mNkYPhfz0AEYBxVSF+FjIyMjP///2ckRiHjqEL6KhxVSF+FAFBRD/GF1FKlAAAAAElFTkSuQmCC',
  'base64',
);

test('an uploaded image previews in the page for a signed-in user, without 401 and without the token in its address', async ({ page }) => {
  const unauthorized: string[] = [];
  const addresses: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) unauthorized.push(r.url());
    if (r.url().includes('sys_attachment/download')) addresses.push(r.url());
  });
  await page.goto('/#/login');
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('admin123');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const token = await page.evaluate(() => JSON.stringify(localStorage).match(/"token\\?"\s*:\s*\\?"([A-Za-z0-9_-]{20,})/)?.[1] ?? '');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '用户反馈' }).click();
  const dialog = page.getByRole('dialog', { name: '用户反馈' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: '上传文件' }).click();
  await (await chooser).setFiles({ name: '截图.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: '截图.png', exact: true }).click();

  const preview = page.getByRole('dialog', { name: '截图.png' }).getByRole('img', { name: '截图.png' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
  const src = (await preview.getAttribute('src')) ?? '';
  expect(src).toMatch(/sys_attachment\/download\?id=\d+&uid=\d+&exp=\d+&sig=/);
  expect(addresses.length).toBeGreaterThan(0);
  if (token) for (const a of addresses) expect(a).not.toContain(token);
  expect(unauthorized).toEqual([]);
});

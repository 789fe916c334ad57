import { expect, test } from './fixtures';
import { get, login, post } from './classes-fixtures';

/**
 * 忘记密码 from the sign-in page: a code by SMS to the account's phone (user/sms_forget), read here
 * as the administrator reads it (服务商请求记录, the recording SMS provider's log), then a new
 * password with it (user/sms_forget_reset), and signing in with the new password.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test('a forgotten password is reset with a code sent by SMS, and the new password signs in', async ({ page, request }) => {
  const admin = await login(request);
  const suffix = String(Date.now()).slice(-4);
  const loginId = `fp_${Date.now()}`;
  const phone = `1770001${suffix}`;
  await post(request, admin, 'api/v1/system/add_user', { login_id: loginId, name: '找回密码测试', phone, password: 'Start12345', roles: [], schools: [] });

  await page.goto('/#/login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page.getByRole('heading', { name: '忘记密码' })).toBeVisible();
  await page.getByPlaceholder('请输入账号').fill(loginId);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('如果该账号存在并已登记手机号，验证码已发送到该手机，5分钟内有效')).toBeVisible();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();

  const log = await get<{ content: { request: string }[] }>(request, admin, 'api/v1/misc_provider_request/page', { kind: 'sms_code', target: `177****${suffix}`, page: 1, rows: 1, sort: 'id desc' });
  const code = /验证码为(\d{6})/.exec(log.content[0]?.request ?? '')?.[1];
  expect(code, 'the code in the provider log').toMatch(/^\d{6}$/);

  // a wrong code first: refused in place, in Chinese
  await page.getByPlaceholder('6位数字').fill(code === '000000' ? '111111' : '000000');
  await page.getByPlaceholder('请输入新密码').fill('Fresh12345');
  await page.getByPlaceholder('请再次输入新密码').fill('Fresh12345');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '验证码错误或已失效，请重新获取' })).toBeVisible();

  await page.getByPlaceholder('6位数字').fill(code ?? '');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  // the sign-in form itself, not the reset form still on screen while the route changes (both ask 请输入账号)
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '忘记密码' })).toBeHidden();

  await page.getByPlaceholder('请输入账号').fill(loginId);
  await page.getByPlaceholder('请输入密码').fill('Fresh12345');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

import { expect, test } from './fixtures';
import { moveDeviceClock } from './deviceClock';
import { signIn } from './offline-helpers';
import { AUTH_COOKIE, TOKEN_COOKIE } from '../../src/app/session/store';

// A tablet whose clock runs a month ahead of the server's (a wrong date set by hand, a clock that
// drifted while the tablet was off): the token's cookies live as long as the session on the
// server's clock. On the device's clock they were written already expired, and the sign-in never
// finished.
test('a device whose clock runs a month ahead signs in, and a reload keeps it signed in', async ({ page, context }) => {
  await moveDeviceClock(context, 30 * 86_400_000);
  await signIn(page, 'front_desk', 'demo123', '/settings');
  const cookies = await context.cookies();
  for (const name of [TOKEN_COOKIE, AUTH_COOKIE]) {
    const cookie = cookies.find((c) => c.name === name);
    // a day's session (SESSION_ABSOLUTE_HOURS), as the server counts it
    expect(cookie?.expires, name).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
  }
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('breadcrumb')).toContainText('个人设置');
});

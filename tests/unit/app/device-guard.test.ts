import { describe, expect, it } from 'vitest';
import { deviceRedirect } from '../../../src/app/session/guard';

/** Issue 11: a front-desk device with no one signed in stays on /device; an administrator may still sign in. */
describe('device-mode navigation', () => {
  it('keeps a device without a session on /device, except the administrator sign-in, sign-on and error pages', () => {
    expect(deviceRedirect('/home', '', false, true)).toBe('/device');
    expect(deviceRedirect('/login', '?redirect=home', false, true)).toBe('/device');
    expect(deviceRedirect('/device', '', false, true)).toBeNull();
    expect(deviceRedirect('/login', '?manage=1', false, true)).toBeNull();
    expect(deviceRedirect('/auth/redirect', '', false, true)).toBeNull();
    expect(deviceRedirect('/error/500', '', false, true)).toBeNull();
  });

  it('leaves an ordinary browser alone and sends a signed-in person from /device to the app', () => {
    expect(deviceRedirect('/home', '', false, false)).toBeNull();
    expect(deviceRedirect('/device', '', true, true)).toBe('/');
    expect(deviceRedirect('/home', '', true, true)).toBeNull();
  });
});

import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { registerDeviceAdmin } from './admin';
import { registerDesk } from './desk';

/**
 * Front-desk device mode (issue 11): registered tablets, staff PINs, switching person on a device.
 * How a device's calls are answered (its credential, the person switched in, the front-desk calls
 * only) is server/lib/device-auth.ts, run by the session middleware.
 */
export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  registerDeviceAdmin(app);
  registerDesk(app, deps);
}

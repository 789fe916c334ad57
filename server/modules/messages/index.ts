import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { registerNotices } from './notices';
import { registerMessages } from './messages';

/** Notices (written and published by staff) and the user messages they create. */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  registerNotices(app);
  registerMessages(app);
}

// Public module: what the rest of the server (the demo seed) uses of this area.
export type { NoticeTable } from './tables';
export { sendUserMessages } from './send';

import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { registerClockIn } from './clock-in';

/** The workflow area (spec calls.tsv `workflow`): the staff attendance punch of /wf/clockIn. Its public module. */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  registerClockIn(app);
}

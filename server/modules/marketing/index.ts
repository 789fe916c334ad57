import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { registerPlans } from './plans/register';

/**
 * The marketing area (spec: marketing). Plans, targets, SMS templates and part-time acquirers are
 * in ./plans (docs/marketing.md).
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  registerPlans(app);
}

/** The SMS provider interface: a real provider is put in place with useSmsProvider. */
export { useSmsProvider, recordingSmsProvider, type SmsProvider, type SmsMessage, type SmsResult } from './plans/sms-provider';

import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { registerLogin } from './login';
import { registerOidc } from './oidc';
import { registerMe } from './me';

/** Sign-in (password and OpenID Connect), sign-out, the session user's own calls, health. */
export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  registerLogin(app, deps);
  registerOidc(app, deps);
  registerMe(app, deps);
}

import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { loginSchema } from '../../../src/contract/session';
import { ApiError, ok } from '../../lib/http';
import { parseJson } from '../../lib/validate';
import { burnVerify, verifyPassword } from '../../lib/password';
import { createSession, revokeSession } from '../../lib/sessions';
import { forgetSession } from '../../lib/auth';
import { sessionUserOf } from './session-user';
import { clientAddress } from '../../lib/client-address';
import { clearAccountTries, LOCK_MINUTES, lockAccount, MAX_FAILED, releaseAddressTry, reserveAccountTry, reserveAddressTry } from './throttle';
import { mountWrite, type HandWrite } from '../../lib/call-routes';
import '../../db/core-schema';

export { MAX_FAILED, LOCK_MINUTES } from './throttle';
const WRONG = '账号或密码错误';
const TOO_MANY = `登录尝试过于频繁，请${LOCK_MINUTES}分钟后再试`;
const BUSY = '该账号正在登录，请稍后再试';

function lockedError(lockedUntil: number, now: number): ApiError {
  const minutes = Math.max(1, Math.ceil((lockedUntil - now) / 60_000));
  return new ApiError(423, `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`);
}

/**
 * Sessions in 操作日志: a sign-in and a sign-out are logged (who, when, how: the user's row, no
 * change), so an administrator sees who used the system. Never the password; a refused attempt is
 * not logged (it is counted by the throttle, throttle.ts).
 */
export const SIGN_IN: HandWrite = { area: 'system', title: '登录', table: 'users' };
export const SIGN_OUT: HandWrite = { area: 'system', title: '退出登录', table: 'users' };

export function registerLogin(app: Hono<AppEnv>, deps: AppDeps): void {
  mountWrite(app, '/api/v1/sso/login', SIGN_IN, async (c, log) => {
    const body = await parseJson(c, loginSchema, { login_id: '账号', password: '密码', domain: '域' });
    // Outside a request transaction on purpose: a failed attempt must be counted even though the answer is a failure.
    const db = deps.db;
    const address = clientAddress(c, deps.config);
    const now = Date.now();
    // Each try takes its slot before any password is looked at (throttle.ts): address first, then account.
    if (!(await reserveAddressTry(db, address, now))) throw new ApiError(429, TOO_MANY);
    const user = await db.selectFrom('users').selectAll().where('login_id', '=', body.login_id).where('del_flag', '=', 0).executeTakeFirst();
    if (!user) {
      await burnVerify(body.password);
      throw new ApiError(400, WRONG);
    }
    const slot = await reserveAccountTry(db, user.id, now);
    if (!slot.evaluate) {
      await releaseAddressTry(db, address);
      if ('busy' in slot) throw new ApiError(429, BUSY);
      throw lockedError(slot.lockedUntil, now);
    }
    const good = await verifyPassword(user.password_hash, body.password);
    const domainOk = !body.domain || !user.domain || body.domain === user.domain;
    if (!good || !domainOk) {
      if (slot.count >= MAX_FAILED) throw lockedError(await lockAccount(db, user.id, now), now);
      throw new ApiError(400, WRONG);
    }
    await releaseAddressTry(db, address);
    if (user.state !== 1) throw new ApiError(403, '账号已停用，请联系管理员');
    await clearAccountTries(db, user.id);
    const domain = body.domain ?? user.domain;
    const session = await createSession(db, deps.config, { id: user.id, login_id: user.login_id, domain }, { ip: address });
    await log([], { ids: [user.id], who: { userId: user.id, name: user.name } });
    return ok(c, await sessionUserOf(db, user.id, session, domain));
  });

  mountWrite(app, '/api/v1/sso/logout', SIGN_OUT, async (c, log) => {
    const p = c.var.principal;
    await revokeSession(deps.db, p.tokenHash);
    forgetSession(p.tokenHash);
    await log([], { ids: p.userId ? [p.userId] : [] });
    return ok(c, null);
  });
}

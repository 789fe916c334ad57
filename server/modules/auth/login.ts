import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { loginSchema } from '../../../src/contract/session';
import { ApiError, ok } from '../../lib/http';
import { parseJson } from '../../lib/validate';
import { burnVerify, verifyPassword } from '../../lib/password';
import { createSession, revokeSession } from '../../lib/sessions';
import { forgetSession } from '../../lib/auth';
import { sessionUserOf } from './session-user';
import '../../db/core-schema';

export const MAX_FAILED = 5;
export const LOCK_MINUTES = 10;
const WRONG = '账号或密码错误';
const LOCKED = `密码错误次数过多，账号已锁定，请${LOCK_MINUTES}分钟后再试`;

export function registerLogin(app: Hono<AppEnv>, deps: AppDeps): void {
  app.post('/api/v1/sso/login', async (c) => {
    const body = await parseJson(c, loginSchema, { login_id: '账号', password: '密码', domain: '域' });
    // Outside a request transaction on purpose: a failed attempt must be counted even though the answer is a failure.
    const db = deps.db;
    const user = await db.selectFrom('users').selectAll().where('login_id', '=', body.login_id).where('del_flag', '=', 0).executeTakeFirst();
    if (!user) {
      await burnVerify(body.password);
      throw new ApiError(400, WRONG);
    }
    const now = Date.now();
    if (user.locked_until !== null && user.locked_until > now) {
      const minutes = Math.max(1, Math.ceil((user.locked_until - now) / 60_000));
      throw new ApiError(423, `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`);
    }
    const good = await verifyPassword(user.password_hash, body.password);
    const domainOk = !body.domain || !user.domain || body.domain === user.domain;
    if (!good || !domainOk) {
      const failed = (user.locked_until !== null ? 0 : user.failed_count) + 1;
      if (failed >= MAX_FAILED) {
        await db.updateTable('users').set({ failed_count: 0, locked_until: now + LOCK_MINUTES * 60_000 }).where('id', '=', user.id).execute();
        throw new ApiError(423, LOCKED);
      }
      await db.updateTable('users').set({ failed_count: failed, locked_until: null }).where('id', '=', user.id).execute();
      throw new ApiError(400, WRONG);
    }
    if (user.state !== 1) throw new ApiError(403, '账号已停用，请联系管理员');
    if (user.failed_count !== 0 || user.locked_until !== null) {
      await db.updateTable('users').set({ failed_count: 0, locked_until: null }).where('id', '=', user.id).execute();
    }
    const domain = body.domain ?? user.domain;
    const session = await createSession(db, deps.config, { id: user.id, login_id: user.login_id, domain }, { ip: c.req.header('x-forwarded-for') ?? null });
    return ok(c, await sessionUserOf(db, user.id, session.token, domain));
  });

  app.post('/api/v1/sso/logout', async (c) => {
    const p = c.var.principal;
    await revokeSession(deps.db, p.tokenHash);
    forgetSession(p.tokenHash);
    return ok(c, null);
  });
}

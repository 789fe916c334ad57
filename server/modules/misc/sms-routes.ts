import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppDeps, AppEnv } from '../../lib/context';
import type { Database } from '../../db/schema';
import { mountCall } from '../../lib/call-routes';
import { ApiError, ok } from '../../lib/http';
import { parseJson, parseQuery } from '../../lib/validate';
import { clientAddress } from '../../lib/client-address';
import { hashPassword } from '../../lib/password';
import { revokeUserSessions } from '../../lib/sessions';
import { invalidatePrincipals } from '../../lib/auth';
import { noTransaction } from '../../lib/tx';
import { SECRET_SET } from '../../lib/audit';
import { mountWrite } from '../../lib/call-routes';
import { nowText } from '../../lib/time';
import { maskText } from '../../../src/contract/mask';
import {
  CODE_REFUSED_MSG,
  FORGET_SENT_MSG,
  SMS_CODE_MINUTES,
  SMS_FORGET_LABELS,
  SMS_FORGET_PATH,
  SMS_FORGET_RESET_PATH,
  smsForgetQuery,
  smsForgetResetBody,
  smsPasswordBody,
  userSmsCall,
  userSmsPasswordCall,
} from '../../../src/contract/misc-sms';
import { burnCheck, consumeCode, reserveCheck, reserveSend, sendCode } from './sms-code';
import '../../db/core-schema';

/** A new password from a verified code: the account's sign-in lock ends, its other sessions too. */
async function setPassword(db: Kysely<Database>, userId: number, password: string, keepTokenHash?: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), must_change_password: 0, failed_count: 0, locked_until: null, updated_at: nowText(), updated_by: userId })
    .where('id', '=', userId)
    .execute();
  await revokeUserSessions(db, userId, keepTokenHash);
  invalidatePrincipals();
}

/**
 * user/sms and user/sms_forget (spec), and the two calls that use their codes (the product's:
 * user/sms_password, user/sms_forget_reset). All run outside a request transaction on purpose: a
 * sending slot or a wrong try is counted even when the answer is a refusal (as sso/login).
 */
export function registerSmsCodes(app: Hono<AppEnv>, deps: AppDeps): void {
  mountCall(app, userSmsCall, async ({ c, principal }) => {
    const db = deps.db;
    const now = Date.now();
    await reserveSend(db, `u:${principal.userId}`, clientAddress(c, deps.config), now);
    const user = await db.selectFrom('users').select(['id', 'phone']).where('id', '=', principal.userId).executeTakeFirst();
    if (!user?.phone) throw new ApiError(400, '您还没有登记手机号，请先在个人设置中填写手机号');
    await sendCode(db, { id: user.id, phone: user.phone }, 'self', now);
    return { phone: maskText('phone', user.phone) ?? '', expire_minutes: SMS_CODE_MINUTES };
  });

  // Served by hand, not through mountCall: its audit entry would record the body (code and passwords).
  // Logged: that the password was set, never the code or the password.
  noTransaction(userSmsPasswordCall.path);
  mountWrite(app, `/${userSmsPasswordCall.path}`, { area: 'misc', title: userSmsPasswordCall.title, table: 'users' }, async (c, log) => {
    const body = await parseJson(c, smsPasswordBody, userSmsPasswordCall.labels);
    const principal = c.var.principal;
    const db = deps.db;
    if (!(await consumeCode(db, principal.userId, 'self', body.code, Date.now()))) throw new ApiError(400, CODE_REFUSED_MSG);
    await setPassword(db, principal.userId, body.new, principal.tokenHash);
    await log([{ id: principal.userId, before: {}, after: { password: SECRET_SET } }]);
    return ok(c, null);
  });

  // No session: the answer is the same whether or not the account exists, has a phone or is stopped.
  app.get(`/${SMS_FORGET_PATH}`, async (c) => {
    const { login_id } = parseQuery(c, smsForgetQuery, SMS_FORGET_LABELS);
    const db = deps.db;
    const now = Date.now();
    await reserveSend(db, `l:${login_id.toLowerCase()}`, clientAddress(c, deps.config), now);
    const user = await db.selectFrom('users').select(['id', 'phone', 'state']).where('login_id', '=', login_id).where('del_flag', '=', 0).executeTakeFirst();
    if (user && user.state === 1 && user.phone) await sendCode(db, { id: user.id, phone: user.phone }, 'forget', now);
    return ok(c, { notice: FORGET_SENT_MSG, expire_minutes: SMS_CODE_MINUTES });
  });

  noTransaction(SMS_FORGET_RESET_PATH);
  mountWrite(app, `/${SMS_FORGET_RESET_PATH}`, { area: 'misc', title: '找回密码', table: 'users' }, async (c, log) => {
    const body = await parseJson(c, smsForgetResetBody, SMS_FORGET_LABELS);
    const db = deps.db;
    const now = Date.now();
    await reserveCheck(db, clientAddress(c, deps.config), now);
    const user = await db.selectFrom('users').select(['id', 'name', 'state']).where('login_id', '=', body.login_id).where('del_flag', '=', 0).executeTakeFirst();
    if (!user || user.state !== 1) {
      await burnCheck(db, body.code);
      throw new ApiError(400, CODE_REFUSED_MSG);
    }
    if (!(await consumeCode(db, user.id, 'forget', body.code, now))) throw new ApiError(400, CODE_REFUSED_MSG);
    await setPassword(db, user.id, body.new);
    await log([{ id: user.id, before: {}, after: { password: SECRET_SET } }], { who: { userId: user.id, name: user.name } });
    return ok(c, null);
  });
}

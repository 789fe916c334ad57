import { z } from './zod';
import { answer, ANY_SIGNED_IN, defineCall } from './call';
import { newPasswordSchema } from './session';

/**
 * Verification codes by SMS (spec doc 001 "user sms and sms_forget (GET)"): `user/sms` sends one to
 * the signed-in user's own phone, `user/sms_forget` to the phone of a login id (forgotten password,
 * no session). The spec names no call that uses a code; the product adds two (docs/misc.md):
 * `user/sms_password` (signed in: a new password with the code instead of the old password) and
 * `user/sms_forget_reset` (no session: login id, code and new password).
 */

export const SMS_CODE_MINUTES = 5;
/** what user/sms_forget answers whether or not the account exists (no enumeration) */
export const FORGET_SENT_MSG = '如果该账号存在并已登记手机号，验证码已发送到该手机，5分钟内有效';
/** every failure of a code: wrong, expired, used, too many tries, unknown account */
export const CODE_REFUSED_MSG = '验证码错误或已失效，请重新获取';

const loginId = z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64, '账号不能超过64个字符');
const code = z.string({ error: '请输入验证码' }).trim().regex(/^\d{6}$/, '验证码为6位数字');

const confirm = z.string({ error: '请输入确认密码' }).min(1, '请输入确认密码').max(128, '确认密码不能超过128个字符');
const SAME = { message: '两次输入的新密码不一致', path: ['confirm'] };

/** POST user/sms_password: code, new, confirm. */
export const smsPasswordBody = z.object({ code, new: newPasswordSchema, confirm }).refine((v) => v.new === v.confirm, SAME);

export const userSmsCall = defineCall({
  area: 'misc',
  title: '发送验证码',
  method: 'GET',
  path: 'api/v1/user/sms',
  perm: ANY_SIGNED_IN,
  // a GET that sends: a query it does not understand is refused rather than taken for a request
  query: z.strictObject({ purpose: z.enum(['password'], { error: '验证码用途不正确' }).optional() }),
  labels: { purpose: '验证码用途' },
  answer: answer<{ phone: string; expire_minutes: number }>(),
});

export const userSmsPasswordCall = defineCall({
  area: 'misc',
  title: '验证码修改密码',
  method: 'POST',
  path: 'api/v1/user/sms_password',
  perm: ANY_SIGNED_IN,
  body: smsPasswordBody,
  labels: { code: '验证码', new: '新密码', confirm: '确认密码' },
  answer: answer<null>(),
});

/** Public (no session): served by hand, listed in server/lib/auth.ts PUBLIC_PATHS. */
export const SMS_FORGET_PATH = 'api/v1/user/sms_forget';
export const SMS_FORGET_RESET_PATH = 'api/v1/user/sms_forget_reset';
export const smsForgetQuery = z.object({ login_id: loginId });
export const smsForgetResetBody = z.object({ login_id: loginId, code, new: newPasswordSchema, confirm }).refine((v) => v.new === v.confirm, SAME);
export const SMS_FORGET_LABELS = { login_id: '账号', code: '验证码', new: '新密码', confirm: '确认密码' } as const;

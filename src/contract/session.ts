import { z } from './zod';
import { PASSWORD_RULE_MSG } from './session-user';

/** POST api/v1/sso/login body. */
export const loginSchema = z.object({
  login_id: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64, '账号不能超过64个字符'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码不能超过128个字符'),
  domain: z.string().trim().max(64, '域不能超过64个字符').optional(),
});
export type LoginBody = z.infer<typeof loginSchema>;

// the session's shape and messages without the schemas: the app shell reads them (issue 11)
export { PASSWORD_CHANGE_REQUIRED_MSG, PASSWORD_RULE_MSG } from './session-user';
export type { SessionRole, SessionUser, TopMessage } from './session-user';

export const newPasswordSchema = z
  .string({ error: '请输入新密码' })
  .min(1, '请输入新密码')
  .refine((s) => s.length >= 8 && s.length <= 64 && /[A-Za-z]/.test(s) && /\d/.test(s), PASSWORD_RULE_MSG);

/** POST api/v1/system/modify_password: origin, new, confirm (new must equal confirm). */
export const modifyPasswordSchema = z
  .object({
    origin: z.string({ error: '请输入原密码' }).min(1, '请输入原密码'),
    new: newPasswordSchema,
    confirm: z.string({ error: '请输入确认密码' }).min(1, '请输入确认密码'),
  })
  .refine((b) => b.new === b.confirm, { message: '两次输入的新密码不一致', path: ['confirm'] });

export { bearerOf, SUPER_CODE } from './auth-header';

import { z } from './zod';
import { answer, defineCall } from './call';

/**
 * Special calls of the marketing area's plans and SMS part (server/modules/marketing/plans); the
 * list calls come from the declarations in resources/marketing-plans.ts.
 */

/** Placeholders a template may hold, filled from the send call's `params`. */
export const SMS_PLACEHOLDER = /\{([\u4e00-\u9fa5A-Za-z_][\u4e00-\u9fa5A-Za-z0-9_]{0,15})\}/g;

/** The most numbers one send call takes (a larger list goes in several calls). */
export const SMS_MAX_PHONES = 200;

const phone = z.string({ error: '手机号必须是文本' }).trim().regex(/^1\d{10}$/, '手机号应为11位数字');

/** One message as the provider was asked to send it, and what it answered. */
export interface SmsSent {
  id: number;
  phone: string;
  content: string;
  provider: string;
  state: number;
  provider_message_id: string | null;
  error: string | null;
}

/**
 * POST mkt_sms_template/send: sends an enabled template to some numbers through the configured
 * SMS provider (the built-in one records the message and sends nothing), each message recorded in
 * 短信发送记录. `params` fill the template's {placeholders}; a placeholder left unfilled is refused.
 */
export const smsSendCall = defineCall({
  area: 'marketing',
  title: '发送短信',
  method: 'POST',
  path: 'api/v1/mkt_sms_template/send',
  perm: 'mkt_sms_template_send',
  body: z.object({
    template_id: z.coerce.number({ error: '短信模板必须是数字' }).int('短信模板必须是整数').positive('请选择短信模板'),
    phones: z
      .preprocess((v) => (typeof v === 'string' ? v.split(/[\s,，;；]+/).filter(Boolean) : v), z.array(phone, { error: '请输入手机号' }))
      .pipe(z.array(z.string()).min(1, '请输入手机号').max(SMS_MAX_PHONES, `一次最多发送${SMS_MAX_PHONES}个手机号`)),
    params: z.record(z.string(), z.string().max(64, '占位符的值不能超过64个字符'), { error: '占位符的值格式不正确' }).optional(),
  }),
  labels: { template_id: '短信模板', phones: '手机号', params: '占位符' },
  answer: answer<SmsSent[]>(),
});

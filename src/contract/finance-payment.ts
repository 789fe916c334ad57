import { z } from './zod';
import { answer, defineCall } from './call';
import { FIN_SCREEN, MAX_AMOUNT_FEN, PAY_METHOD_VALUES, type AccountResult } from './finance-accounts';

/**
 * Card payment (中金 quick pay) and service rates of the finance area: bind a bank card to a
 * student (an SMS code confirms it), pay into the student's account with a bound card (an SMS code
 * confirms it), unbind, list the bound cards; the service rate of a student's campus and a channel.
 * Every provider call goes through one interface (server/modules/finance/provider.ts); the
 * built-in provider records what it would send. Only the last four digits of a card are stored.
 */

const id = (label: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', `请选择${label}`)
    .pipe(z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`));
const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字符`);
const smsCode = z.string({ error: '请输入短信验证码' }).trim().regex(/^\d{6}$/, '短信验证码应为6位数字');

export interface BindingCard {
  id: number;
  student_id: number;
  bind_no: string;
  bank_name: string | null;
  card_tail: string;
  holder_name: string;
  phone_tail: string;
  state: number;
  /** the built-in provider's code, shown so a demo can go on (a real provider sends it by SMS) */
  sms_hint?: string;
}

export const bindingCall = defineCall({
  area: 'finance',
  title: '绑定银行卡',
  method: 'POST',
  path: 'api/v1/payment/binding',
  perm: 'payment_binding',
  body: z.object({
    student_id: id('学员'),
    card_no: z.string({ error: '请输入银行卡号' }).trim().regex(/^\d{12,19}$/, '银行卡号应为12至19位数字'),
    holder_name: text('持卡人姓名', 32),
    id_card: z.string({ error: '请输入持卡人身份证号' }).trim().regex(/^\d{17}[\dXx]$/, '身份证号应为18位，最后一位可为数字或X'),
    phone: z.string({ error: '请输入预留手机号' }).trim().regex(/^1\d{10}$/, '预留手机号应为11位手机号'),
    bank_name: z.string().trim().max(64, '开户银行不能超过64个字符').optional().nullable(),
  }),
  labels: { student_id: '学员', card_no: '银行卡号', holder_name: '持卡人姓名', id_card: '持卡人身份证号', phone: '预留手机号', bank_name: '开户银行' },
  answer: answer<BindingCard>(),
});

export const confirmBindingCall = defineCall({
  area: 'finance',
  title: '确认绑卡',
  method: 'POST',
  path: 'api/v1/payment/confirm_binding',
  perm: 'payment_confirm_binding',
  body: z.object({ binding_id: id('绑卡记录'), sms_code: smsCode }),
  labels: { binding_id: '绑卡记录', sms_code: '短信验证码' },
  answer: answer<BindingCard>(),
});

export const unbindingCall = defineCall({
  area: 'finance',
  title: '解绑银行卡',
  method: 'POST',
  path: 'api/v1/payment/unbinding',
  perm: 'payment_unbinding',
  body: z.object({ binding_id: id('绑卡记录') }),
  labels: { binding_id: '绑卡记录' },
  answer: answer<BindingCard>(),
});

export interface QuickPayRow {
  id: number;
  out_trade_no: string;
  amount: number;
  state: number;
  sms_hint?: string;
}

export const quickPayCall = defineCall({
  area: 'finance',
  title: '快捷支付',
  method: 'POST',
  path: 'api/v1/payment/quick_pay',
  perm: 'payment_quick_pay',
  body: z.object({
    binding_id: id('银行卡'),
    amount: z.coerce.number({ error: '支付金额必须是数字' }).int('支付金额必须精确到分（以分为单位的整数）').min(1, '支付金额必须大于 0').max(MAX_AMOUNT_FEN, '支付金额不能超过 10,000,000 元'),
  }),
  labels: { binding_id: '银行卡', amount: '支付金额' },
  answer: answer<QuickPayRow>(),
});

export const confirmQuickPayCall = defineCall({
  area: 'finance',
  title: '确认快捷支付',
  method: 'POST',
  path: 'api/v1/payment/confirm_quick_pay',
  perm: 'payment_confirm_quick_pay',
  body: z.object({ pay_id: id('支付记录'), sms_code: smsCode }),
  labels: { pay_id: '支付记录', sms_code: '短信验证码' },
  answer: answer<AccountResult>(),
});

export const bindingCardsCall = defineCall({
  area: 'finance',
  title: '已绑定银行卡',
  method: 'GET',
  path: 'api/v1/zhongjin_binding_bank/get_binding_cards',
  perm: [FIN_SCREEN.accounts],
  query: z.object({ student_id: id('学员') }),
  labels: { student_id: '学员' },
  answer: answer<BindingCard[]>(),
});

export interface StudentRate {
  school_id: number;
  pay_method: string;
  rate: number;
  min_fee: number;
  max_fee: number | null;
  /** the fee of `amount` (fen) when asked */
  fee: number | null;
}

export const rateByStudentCall = defineCall({
  area: 'finance',
  title: '学员适用的服务费率',
  method: 'GET',
  path: 'api/v1/base_organ_service_rate/get_rate_by_student',
  perm: [FIN_SCREEN.serviceRate, FIN_SCREEN.accounts],
  query: z.object({
    student_id: id('学员'),
    pay_method: z.enum(PAY_METHOD_VALUES, { error: '支付渠道不正确' }),
    amount: z.coerce.number({ error: '金额必须是数字' }).int('金额必须是以分为单位的整数').min(0).max(MAX_AMOUNT_FEN).optional(),
  }),
  labels: { student_id: '学员', pay_method: '支付渠道', amount: '金额' },
  answer: answer<StudentRate | null>(),
});

import { z } from './zod';
import { answer, defineCall } from './call';
import { UNICOM_SCREEN } from './resources/misc-unicom';

/**
 * 隐私号 calls (spec doc 001 "Unicom: set, provide, update, release, call, seek, default"; seek is
 * the page call of the binding declaration in resources/misc-unicom.ts). The carrier is reached
 * through a provider interface (server/modules/misc/unicom-provider.ts); the built-in one records.
 */

const id = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`);
const minutes = z.coerce
  .number({ error: '有效时长必须是数字' })
  .int('有效时长必须是整数')
  .min(5, '有效时长不能少于5分钟')
  .max(7 * 24 * 60, '有效时长不能超过7天');
const MIDDLE_RE = /^\d{5,16}$/;

/** The middle numbers of a text (comma, Chinese comma or space separated), each once. */
export function middleNumbersOf(text: string): string[] {
  return [...new Set(text.split(/[,，\s]+/).filter(Boolean))];
}

/** A campus's privacy-number settings: what `default` answers and `set` writes. */
export interface UnicomSettings {
  school_id: number;
  enabled: boolean;
  account: string;
  /** the campus's middle numbers, comma-joined */
  middle_numbers: string;
  expire_minutes: number;
  record_call: boolean;
  /** false: nothing set yet, the product's defaults are answered */
  saved: boolean;
}

export const unicomDefaultCall = defineCall({
  area: 'misc',
  title: '隐私号默认设置',
  method: 'GET',
  path: 'api/v1/unicom/default',
  perm: [UNICOM_SCREEN.account, UNICOM_SCREEN.binding],
  query: z.object({ school_id: id('校区') }),
  labels: { school_id: '校区' },
  answer: answer<UnicomSettings>(),
});

export const unicomSetCall = defineCall({
  area: 'misc',
  title: '隐私号设置',
  method: 'POST',
  path: 'api/v1/unicom/set',
  perm: 'unicom_set',
  body: z.object({
    school_id: id('校区'),
    enabled: z.coerce.boolean().default(true),
    account: z.string({ error: '请输入隐私号账号' }).trim().min(1, '请输入隐私号账号').max(64, '隐私号账号不能超过64个字'),
    middle_numbers: z
      .string({ error: '请输入中间号' })
      .trim()
      .max(2000, '中间号过多')
      .refine((s) => middleNumbersOf(s).length > 0, '请至少填写一个中间号')
      .refine((s) => middleNumbersOf(s).length <= 100, '中间号不能超过100个')
      .refine((s) => middleNumbersOf(s).every((n) => MIDDLE_RE.test(n)), '中间号须为5到16位数字'),
    expire_minutes: minutes.default(30),
    record_call: z.coerce.boolean().default(true),
  }),
  labels: { school_id: '校区', account: '隐私号账号', middle_numbers: '中间号', expire_minutes: '有效时长', record_call: '通话录音' },
  answer: answer<UnicomSettings>(),
});

export interface UnicomBindingAnswer {
  id: number;
  middle_number: string;
  expires_at: string;
  /** masked: staff never see the customer's real number */
  customer_phone: string;
  state: number;
}

export const unicomProvideCall = defineCall({
  area: 'misc',
  title: '绑定隐私号',
  method: 'POST',
  path: 'api/v1/unicom/provide',
  perm: 'unicom_provide',
  body: z.object({
    target_type: z.enum(['lead', 'student'], { error: '对象类型须为资源或学员' }),
    target_id: id('对象'),
    expire_minutes: minutes.optional(),
  }),
  labels: { target_type: '对象类型', target_id: '对象', expire_minutes: '有效时长' },
  answer: answer<UnicomBindingAnswer>(),
});

export const unicomUpdateCall = defineCall({
  area: 'misc',
  title: '隐私号延期',
  method: 'POST',
  path: 'api/v1/unicom/update',
  perm: 'unicom_update',
  body: z.object({ id: id('绑定'), expire_minutes: minutes }),
  labels: { id: '绑定', expire_minutes: '有效时长' },
  answer: answer<UnicomBindingAnswer>(),
});

export const unicomReleaseCall = defineCall({
  area: 'misc',
  title: '解绑隐私号',
  method: 'POST',
  path: 'api/v1/unicom/release',
  perm: 'unicom_release',
  body: z.object({ id: id('绑定') }),
  labels: { id: '绑定' },
  answer: answer<UnicomBindingAnswer>(),
});

export const unicomCallCall = defineCall({
  area: 'misc',
  title: '隐私号呼叫',
  method: 'POST',
  path: 'api/v1/unicom/call',
  perm: 'unicom_call',
  body: z.object({ id: id('绑定') }),
  labels: { id: '绑定' },
  /** record_id: the follow-up record opened on the lead (跟进记录), null for a student */
  answer: answer<{ call_id: string; middle_number: string; record_id: number | null; provider: string }>(),
});

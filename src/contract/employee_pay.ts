import { z } from './zod';
import { idField, optionalIdField, textField } from './fields';
import { pageQuerySchema } from './paging';
import { answer, defineCall, type CallDef } from './call';

/**
 * 薪酬提成 (spec screens.tsv area employee_pay: BC, BM, BMBC, MK, ltFee): monthly pay figures
 * computed from the business ledgers per campus and month, and the pay sheets that freeze them
 * (docs/employee_pay.md). The spec names the screens only; the calls are chosen here in the
 * api/v1 style of the other areas: `api/v1/pay_<kind>/<action>`. Money is integer fen, rates are
 * basis points (1 bp = 0.01%), attainment is permille; nothing is a float.
 */

export const PAY_KINDS = ['BC', 'BM', 'BMBC', 'MK', 'ltFee'] as const;
export type PayKind = (typeof PAY_KINDS)[number];

/** Kinds with rules of their own (BMBC uses the BC and BM rules). */
export const RULE_KINDS = ['BC', 'BM', 'MK', 'ltFee'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export interface PayScreen {
  /** menu code of the screen: what its reads require */
  code: string;
  /** path segment of its calls: api/v1/<slug>/… */
  slug: string;
  title: string;
  /** who is paid, for the column header */
  who: string;
}

export const PAY_SCREENS: Readonly<Record<PayKind, PayScreen>> = {
  BC: { code: 'pay_bc', slug: 'pay_bc', title: '课程顾问提成', who: '课程顾问' },
  BM: { code: 'pay_bm', slug: 'pay_bm', title: '校长奖金', who: '校长' },
  BMBC: { code: 'pay_bmbc', slug: 'pay_bmbc', title: '校长兼顾问薪酬', who: '校长' },
  MK: { code: 'pay_mk', slug: 'pay_mk', title: '市场提成', who: '市场/电销' },
  ltFee: { code: 'pay_lt_fee', slug: 'pay_lt_fee', title: '老师课时费', who: '老师' },
};

/** Operation codes of the writes of a kind's screen. */
export const payPerms = (kind: PayKind) => {
  const code = PAY_SCREENS[kind].code;
  return { read: code, lock: `${code}_lock`, adjust: `${code}_adjust`, rule: `${code}_rule_save` };
};

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthSchema = z.string({ error: '请选择月份' }).regex(MONTH_RE, '月份格式应为 YYYY-MM');

const fen = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数（单位：分）`)
    .min(0, `${label}不能为负数`)
    .max(1_000_000_000, `${label}不能超过 1000 万元`);
const bp = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数（万分比）`).min(0, `${label}不能为负数`).max(10000, `${label}不能超过 100%`);

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** BC: the tier reached by the consultant's net collected amount of the month sets both rates. */
export const bcRuleSchema = z.object({
  tiers: z
    .array(z.object({ from: fen('档位起点'), new_bp: bp('新签提成比例'), renew_bp: bp('续费提成比例') }), { error: '请填写提成档位' })
    .min(1, '至少需要一个提成档位')
    .max(10, '提成档位不能超过 10 个')
    .refine((t) => t[0]?.from === 0, '第一个档位的起点必须是 0')
    .refine((t) => t.every((x, i) => i === 0 || x.from > t[i - 1].from), '档位起点必须从小到大且不能重复'),
});
export type BcRule = z.infer<typeof bcRuleSchema>;

/** BM: a rate on the campus's net collected amount and one on consumption, plus a bonus per attainment tier of the plan. */
export const bmRuleSchema = z.object({
  net_bp: bp('净收款奖金比例'),
  consume_bp: bp('课消奖金比例'),
  tiers: z
    .array(z.object({ attain_permille: z.coerce.number({ error: '达成率必须是数字' }).int('达成率必须是整数（千分比）').min(1, '达成率必须大于 0').max(5000, '达成率不能超过 500%'), bonus: fen('达成奖金') }), {
      error: '请填写达成档位',
    })
    .max(10, '达成档位不能超过 10 个')
    .refine((t) => t.every((x, i) => i === 0 || x.attain_permille > t[i - 1].attain_permille), '达成率档位必须从小到大且不能重复'),
});
export type BmRule = z.infer<typeof bmRuleSchema>;

/** MK: an amount per valid lead, per visit arrived and per deal of the leads a marketer owns. */
export const mkRuleSchema = z.object({ valid_lead: fen('有效资源单价'), visit: fen('到访单价'), deal: fen('成交单价') });
export type MkRule = z.infer<typeof mkRuleSchema>;

export const FEE_UNITS = [
  { value: 'lesson', text: '按节' },
  { value: 'hour', text: '按课时' },
] as const;
const unitSchema = z.enum(['lesson', 'hour'], { error: '计费方式只能是按节或按课时' });

/** ltFee: a teacher's fee per lesson or per hour, foreign teachers separately, by class type. */
export const feeRuleSchema = z.object({
  unit: unitSchema,
  amount: fen('中教课时费'),
  foreign_amount: fen('外教课时费'),
  by_class_type: z
    .array(z.object({ class_type_id: idField('班型'), unit: unitSchema, amount: fen('中教课时费'), foreign_amount: fen('外教课时费') }), { error: '班型课时费格式不正确' })
    .max(100, '班型课时费不能超过 100 条')
    .refine((t) => new Set(t.map((x) => x.class_type_id)).size === t.length, '同一班型只能设置一次'),
});
export type FeeRule = z.infer<typeof feeRuleSchema>;

export interface RuleConfigs {
  BC: BcRule;
  BM: BmRule;
  MK: MkRule;
  ltFee: FeeRule;
}

export const RULE_SCHEMAS = { BC: bcRuleSchema, BM: bmRuleSchema, MK: mkRuleSchema, ltFee: feeRuleSchema } as const;

/** What applies where nobody set a rule (documented in docs/employee_pay.md). */
export const DEFAULT_RULES: RuleConfigs = {
  BC: {
    tiers: [
      { from: 0, new_bp: 300, renew_bp: 200 },
      { from: 5_000_000, new_bp: 500, renew_bp: 300 },
      { from: 10_000_000, new_bp: 800, renew_bp: 500 },
    ],
  },
  BM: {
    net_bp: 100,
    consume_bp: 50,
    tiers: [
      { attain_permille: 800, bonus: 100_000 },
      { attain_permille: 1000, bonus: 300_000 },
      { attain_permille: 1200, bonus: 600_000 },
    ],
  },
  MK: { valid_lead: 500, visit: 3_000, deal: 10_000 },
  ltFee: { unit: 'hour', amount: 8_000, foreign_amount: 20_000, by_class_type: [] },
};

/** Where the rule of a campus came from: its own, its city's, or the built-in default. */
export type RuleLevel = 'campus' | 'city' | 'default';
export const RULE_LEVEL_TEXT: Readonly<Record<RuleLevel, string>> = { campus: '本校区规则', city: '城市规则', default: '系统默认规则' };

export interface RuleAnswer<K extends RuleKind = RuleKind> {
  kind: K;
  level: RuleLevel;
  /** the campus or city the rule is kept on (null for the default) */
  org_id: number | null;
  org_name: string | null;
  config: RuleConfigs[K];
  updated_at: string | null;
}

// ---------------------------------------------------------------------------------------------
// Computed lines and pay sheets
// ---------------------------------------------------------------------------------------------

export type PayRefType = 'payment' | 'refund' | 'consumption' | 'plan' | 'lesson' | 'lead_valid' | 'lead_visit' | 'lead_deal';

/** One business record a pay item counted (the drill-down). */
export interface PayRef {
  type: PayRefType;
  id: number;
  date: string;
  /** order number, lesson, lead name … */
  text: string;
  /** its amount in fen (money records), or hundredths of hours (lessons), or 1 (leads) */
  value: number;
}

/** One part of an employee's pay: what it is based on, the rate and the amount. */
export interface PayItem {
  key: string;
  label: string;
  /** fen for money bases, a count for leads and lessons, hundredths for hours */
  base: number;
  base_unit: 'fen' | 'count' | 'hundredths';
  /** the rate as words (提成 5.00%、¥30.00/节 …) */
  rate: string;
  amount: number;
  refs: PayRef[];
}

export const PAY_LINE_TYPES = [
  { value: 'computed', text: '计算' },
  { value: 'reversal', text: '冲销' },
  { value: 'correction', text: '更正' },
] as const;
export type PayLineType = (typeof PAY_LINE_TYPES)[number]['value'];

/** A row of the list: one employee at one campus in the month. */
export interface PayRow {
  /** `<school_id>-<user_id>` */
  key: string;
  school_id: number;
  school_name: string;
  user_id: number;
  user_name: string;
  month: string;
  /** item label: amount, joined (新签 ¥300.00；续费 ¥0.00) */
  summary: string;
  /** computed amount */
  amount: number;
  /** sum of the reversing and correcting rows after locking */
  adjust: number;
  /** what is paid: amount + adjust */
  total: number;
  /** 已确认 / 未确认 */
  state_text: string;
  /** the computed line of a locked sheet (what 更正 names); null while the month is open */
  line_id: number | null;
}

export interface PayDetail extends Omit<PayRow, 'summary'> {
  items: PayItem[];
  /** rows of a locked sheet: the computed line and its adjustments */
  history: { id: number; line_type: PayLineType; amount: number; reason: string | null; created_at: string; created_by_name: string | null }[];
}

export interface PaySummary {
  month: string;
  count: number;
  amount: number;
  adjust: number;
  total: number;
  /** campuses of the answer and whether their month is locked */
  sheets: { school_id: number; school_name: string; locked: boolean; locked_at: string | null; locked_by_name: string | null }[];
}

export const payFilterSchema = z.object({
  /** `YYYY-MM`; this month in Asia/Shanghai when not given */
  month: monthSchema.optional().or(z.literal('').transform(() => undefined)),
  school_id: optionalIdField('校区'),
  user_name: z.string().trim().max(32, '员工姓名不能超过32个字符').optional(),
});
export const payPageSchema = pageQuerySchema.extend(payFilterSchema.shape);
export const payDetailSchema = z.object({ month: monthSchema, school_id: idField('校区'), user_id: idField('员工') });
export const payLockSchema = z.object({ month: monthSchema, school_id: idField('校区') });
export const payAdjustSchema = z.object({
  line_id: idField('薪酬行'),
  amount: z.coerce.number({ error: '更正后金额必须是数字' }).int('更正后金额必须是整数（单位：分）').min(-1_000_000_000, '更正后金额超出范围').max(1_000_000_000, '更正后金额超出范围'),
  reason: textField('更正原因', 200),
});
export const ruleQuerySchema = z.object({ school_id: idField('校区') });

const LABELS = { month: '月份', school_id: '校区', user_id: '员工', user_name: '员工姓名', line_id: '薪酬行', amount: '更正后金额', reason: '更正原因', org_id: '校区或城市', config: '规则' };

function payCalls<K extends PayKind>(kind: K) {
  const s = PAY_SCREENS[kind];
  const perms = payPerms(kind);
  return {
    page: defineCall({ area: 'employee_pay', title: `${s.title}列表`, method: 'GET', path: `api/v1/${s.slug}/page`, perm: perms.read, query: payPageSchema, labels: LABELS, answer: answer<{ content: PayRow[]; totalSize: number }>() }),
    summary: defineCall({ area: 'employee_pay', title: `${s.title}合计`, method: 'GET', path: `api/v1/${s.slug}/summary`, perm: perms.read, query: payFilterSchema, labels: LABELS, answer: answer<PaySummary>() }),
    detail: defineCall({ area: 'employee_pay', title: `${s.title}明细`, method: 'GET', path: `api/v1/${s.slug}/detail`, perm: perms.read, query: payDetailSchema, labels: LABELS, answer: answer<PayDetail>() }),
    lock: defineCall({ area: 'employee_pay', title: `确认${s.title}`, method: 'POST', path: `api/v1/${s.slug}/lock`, perm: perms.lock, body: payLockSchema, labels: LABELS, answer: answer<{ sheet_id: number; count: number; amount: number }>() }),
    adjust: defineCall({ area: 'employee_pay', title: `更正${s.title}`, method: 'POST', path: `api/v1/${s.slug}/adjust`, perm: perms.adjust, body: payAdjustSchema, labels: LABELS, answer: answer<{ ids: number[]; total: number }>() }),
  };
}

export const PAY_CALLS = {
  BC: payCalls('BC'),
  BM: payCalls('BM'),
  BMBC: payCalls('BMBC'),
  MK: payCalls('MK'),
  ltFee: payCalls('ltFee'),
} as const;

/** Screens whose holders may read a kind's rules (BMBC shows the BC and BM rules it uses). */
const RULE_READERS: Readonly<Record<RuleKind, readonly string[]>> = {
  BC: [PAY_SCREENS.BC.code, PAY_SCREENS.BMBC.code],
  BM: [PAY_SCREENS.BM.code, PAY_SCREENS.BMBC.code],
  MK: [PAY_SCREENS.MK.code],
  ltFee: [PAY_SCREENS.ltFee.code],
};

function ruleCalls<K extends RuleKind>(kind: K) {
  const s = PAY_SCREENS[kind];
  return {
    get: defineCall({ area: 'employee_pay', title: `${s.title}规则`, method: 'GET', path: `api/v1/${s.slug}/rule`, perm: RULE_READERS[kind], query: ruleQuerySchema, labels: LABELS, answer: answer<RuleAnswer<K>>() }),
    save: defineCall({
      area: 'employee_pay',
      title: `保存${s.title}规则`,
      method: 'POST',
      path: `api/v1/${s.slug}/rule_save`,
      perm: payPerms(kind).rule,
      body: z.object({ org_id: idField('校区或城市'), config: RULE_SCHEMAS[kind] }),
      labels: LABELS,
      answer: answer<RuleAnswer<K>>(),
    }),
  };
}

export const RULE_CALLS = {
  BC: ruleCalls('BC'),
  BM: ruleCalls('BM'),
  MK: ruleCalls('MK'),
  ltFee: ruleCalls('ltFee'),
} as const;

/** Every call of the area, for the server's mounting and the route lists. */
export const EMPLOYEE_PAY_CALLS: readonly CallDef[] = [...Object.values(PAY_CALLS).flatMap((c) => Object.values(c)), ...Object.values(RULE_CALLS).flatMap((c) => Object.values(c))] as unknown as readonly CallDef[];

/** Money rates as words: 500 bp → 5.00% */
export function bpText(bpValue: number): string {
  return `${(bpValue / 100).toFixed(2)}%`;
}

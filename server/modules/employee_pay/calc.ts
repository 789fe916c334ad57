import { bpText, type BcRule, type BmRule, type FeeRule, type MkRule, type PayItem, type PayRef } from '../../../src/contract/employee_pay';
import { formatYuan } from '../../../src/lib/format/money';

/**
 * The pay formulas, pure: integer fen in, integer fen out (DESIGN §7). Rates are basis points;
 * `applyBp` rounds half away from zero to the fen, so a refund's claw-back mirrors a sale.
 */
export function applyBp(fen: number, bp: number): number {
  const sign = fen < 0 ? -1 : 1;
  const r = Math.floor((Math.abs(fen) * bp + 5000) / 10000);
  return r === 0 ? 0 : sign * r;
}

/** Hours are hundredths: the fee of `hundredths` at `perHour` fen, rounded half up. */
export function perHours(perHour: number, hundredths: number): number {
  return Math.floor((perHour * hundredths + 50) / 100);
}

/** A consultant's money of the month: collected and refunded, split by new sign / renewal. */
export interface SalesFigures {
  newCollected: number;
  newRefunded: number;
  renewCollected: number;
  renewRefunded: number;
  newRefs: PayRef[];
  renewRefs: PayRef[];
}

export const emptySales = (): SalesFigures => ({ newCollected: 0, newRefunded: 0, renewCollected: 0, renewRefunded: 0, newRefs: [], renewRefs: [] });

export const salesNet = (s: SalesFigures): number => s.newCollected - s.newRefunded + s.renewCollected - s.renewRefunded;

/**
 * BC: the tier is the highest whose start is at most the consultant's whole net of the month (new
 * and renewal together; a negative net stays in the first tier); each part is paid at the tier's rate.
 */
export function bcItems(s: SalesFigures, rule: BcRule): PayItem[] {
  const net = salesNet(s);
  const tier = [...rule.tiers].reverse().find((t) => net >= t.from) ?? rule.tiers[0];
  const tierText = `档位 ¥${formatYuan(tier.from)} 起`;
  const newNet = s.newCollected - s.newRefunded;
  const renewNet = s.renewCollected - s.renewRefunded;
  return [
    { key: 'bc_new', label: '新签提成', base: newNet, base_unit: 'fen', rate: `${tierText}，新签 ${bpText(tier.new_bp)}`, amount: applyBp(newNet, tier.new_bp), refs: s.newRefs },
    { key: 'bc_renew', label: '续费提成', base: renewNet, base_unit: 'fen', rate: `${tierText}，续费 ${bpText(tier.renew_bp)}`, amount: applyBp(renewNet, tier.renew_bp), refs: s.renewRefs },
  ];
}

export interface CampusFigures {
  /** the campus's collected minus refunded money of the month (all orders) */
  net: number;
  netRefs: PayRef[];
  /** paid money consumed by lessons in the month (revenue recognised) */
  consumption: number;
  consumptionRefs: PayRef[];
  /** the month's revenue target of the campus plan, when there is one */
  plan: { id: number; target: number } | null;
}

/**
 * BM: `net_bp` of the campus net without the principal's own orders (`ownNet`: they are paid as
 * BC commission instead, never twice), `consume_bp` of the consumption, and the bonus of the
 * highest attainment tier reached by the whole campus net against the plan (own orders count
 * towards the campus target: a threshold, not a base).
 */
export function bmItems(c: CampusFigures, ownNet: number, rule: BmRule, month: string): PayItem[] {
  const base = c.net - ownNet;
  const items: PayItem[] = [
    {
      key: 'bm_net',
      label: '净收款奖金',
      base,
      base_unit: 'fen',
      rate: ownNet === 0 ? bpText(rule.net_bp) : `${bpText(rule.net_bp)}（已扣除本人订单 ¥${formatYuan(ownNet)}）`,
      amount: applyBp(base, rule.net_bp),
      refs: c.netRefs,
    },
    { key: 'bm_consume', label: '课消奖金', base: c.consumption, base_unit: 'fen', rate: bpText(rule.consume_bp), amount: applyBp(c.consumption, rule.consume_bp), refs: c.consumptionRefs },
  ];
  if (!c.plan || c.plan.target <= 0) {
    items.push({ key: 'bm_attain', label: '达成奖金', base: 0, base_unit: 'count', rate: '本月无校区经营计划', amount: 0, refs: [] });
    return items;
  }
  const attain = Math.floor((Math.max(c.net, 0) * 1000) / c.plan.target);
  const tier = [...rule.tiers].reverse().find((t) => attain >= t.attain_permille);
  items.push({
    key: 'bm_attain',
    label: '达成奖金',
    base: attain,
    base_unit: 'count',
    rate: `达成率 ${(attain / 10).toFixed(1)}%（目标 ¥${formatYuan(c.plan.target)}）${tier ? `，达到 ${(tier.attain_permille / 10).toFixed(1)}% 档` : '，未达最低档'}`,
    amount: tier ? tier.bonus : 0,
    refs: [{ type: 'plan', id: c.plan.id, date: month, text: `校区经营计划 ${month}`, value: c.plan.target }],
  });
  return items;
}

export interface LeadFigures {
  valid: PayRef[];
  visit: PayRef[];
  deal: PayRef[];
}

export const emptyLeads = (): LeadFigures => ({ valid: [], visit: [], deal: [] });

/** MK: a fixed amount per valid lead, per first visit and per deal. */
export function mkItems(l: LeadFigures, rule: MkRule): PayItem[] {
  const item = (key: string, label: string, refs: PayRef[], each: number): PayItem => ({ key, label, base: refs.length, base_unit: 'count', rate: `¥${formatYuan(each)}/条`, amount: refs.length * each, refs });
  return [item('mk_valid', '有效资源', l.valid, rule.valid_lead), item('mk_visit', '到访', l.visit, rule.visit), item('mk_deal', '成交', l.deal, rule.deal)];
}

/** A lesson a teacher taught: its class type and length (hundredths of an hour). */
export interface TaughtLesson {
  ref: PayRef;
  classTypeId: number;
  classTypeName: string;
  hundredths: number;
}

/**
 * ltFee: per class type (its own fee when the rule names it, else the rule's default), per lesson
 * or per hour; a foreign teacher is paid the foreign fee. One item per class type.
 */
export function feeItems(lessons: readonly TaughtLesson[], foreign: boolean, rule: FeeRule): PayItem[] {
  const byType = new Map<number, TaughtLesson[]>();
  for (const l of lessons) byType.set(l.classTypeId, [...(byType.get(l.classTypeId) ?? []), l]);
  const items: PayItem[] = [];
  for (const [typeId, list] of [...byType.entries()].sort((a, b) => a[0] - b[0])) {
    const own = rule.by_class_type.find((t) => t.class_type_id === typeId);
    const unit = own?.unit ?? rule.unit;
    const fee = foreign ? (own?.foreign_amount ?? rule.foreign_amount) : (own?.amount ?? rule.amount);
    const hundredths = list.reduce((s, l) => s + l.hundredths, 0);
    const amount = unit === 'lesson' ? fee * list.length : perHours(fee, hundredths);
    items.push({
      key: `fee_${typeId}`,
      label: `${list[0].classTypeName}${foreign ? '（外教）' : ''}`,
      base: unit === 'lesson' ? list.length : hundredths,
      base_unit: unit === 'lesson' ? 'count' : 'hundredths',
      rate: unit === 'lesson' ? `¥${formatYuan(fee)}/节` : `¥${formatYuan(fee)}/课时`,
      amount,
      refs: list.map((l) => l.ref),
    });
  }
  if (items.length === 0) items.push({ key: 'fee_none', label: '本月无授课', base: 0, base_unit: 'count', rate: foreign ? `外教 ¥${formatYuan(rule.foreign_amount)}` : `¥${formatYuan(rule.amount)}`, amount: 0, refs: [] });
  return items;
}

export const sumItems = (items: readonly PayItem[]): number => items.reduce((s, i) => s + i.amount, 0);

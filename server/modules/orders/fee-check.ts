import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { checkFeeCall, checkFeeJsonCall, MAX_DISCOUNT_PERCENT, type FeeCheck, type FeeCheckLine, type feeLineSchema } from '../../../src/contract/orders-extras';
import { formatYuan } from '../../../src/lib/format/money';
import type { Database } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { todayText } from '../../lib/time';
import { feeStandardAt, languagePackForSale } from '../products';

type Line = z.infer<typeof feeLineSchema>;

/**
 * The price check before signing (order_fee): each line's list price at the campus on the day
 * from the products area's public module (a language pack on sale there, or a class type's fee
 * standard in force × units), the discount the contract gives, and whether it is allowed
 * (not above the list price, a discount of at most MAX_DISCOUNT_PERCENT without an approval).
 */
async function checkLine(db: Kysely<Database>, schoolId: number, day: string, line: Line): Promise<FeeCheckLine> {
  const base = { language_pack_id: line.language_pack_id ?? null, class_type_id: line.class_type_id ?? null, deal_price: line.deal_price };
  let name: string;
  let listPrice: number;
  let priceVersionId: number | null = null;
  let hours = 0;
  let giftHours = 0;
  if (line.language_pack_id !== undefined) {
    try {
      const pack = await languagePackForSale(db, line.language_pack_id, schoolId, day);
      name = pack.name;
      listPrice = pack.price * line.quantity;
      priceVersionId = pack.price_version_id;
      hours = pack.hours * line.quantity;
      giftHours = pack.gift_hours * line.quantity;
    } catch (e) {
      if (e instanceof ApiError && e.code === 400) return { ...base, name: '', list_price: 0, discount: 0, price_version_id: null, hours: 0, gift_hours: 0, ok: false, msg: e.message };
      throw e;
    }
  } else {
    const classTypeId = line.class_type_id as number;
    const type = await db.selectFrom('prod_class_type').select('name').where('id', '=', classTypeId).executeTakeFirst();
    if (!type) throw new ApiError(404, '班型不存在或无权访问');
    name = type.name;
    const fee = await feeStandardAt(db, { schoolId, classTypeId, billingUnit: line.billing_unit, date: day });
    if (!fee) return { ...base, name, list_price: 0, discount: 0, price_version_id: null, hours: 0, gift_hours: 0, ok: false, msg: `班型「${name}」在该校区 ${day} 没有生效的收费标准` };
    listPrice = fee.unit_price * line.quantity;
    hours = line.billing_unit === 1 ? line.quantity : 0;
  }
  const discount = listPrice - line.deal_price;
  let msg = '价格符合收费标准';
  let ok = true;
  if (discount < 0) {
    ok = false;
    msg = `成交价 ${formatYuan(line.deal_price)} 元高于标准价 ${formatYuan(listPrice)} 元`;
  } else if (discount * 100 > listPrice * MAX_DISCOUNT_PERCENT) {
    ok = false;
    msg = `优惠 ${formatYuan(discount)} 元超过标准价的 ${MAX_DISCOUNT_PERCENT}%，需要审批`;
  }
  return { ...base, name, list_price: listPrice, discount, price_version_id: priceVersionId, hours, gift_hours: giftHours, ok, msg };
}

async function checkLines(db: Kysely<Database>, schoolId: number, day: string, lines: readonly Line[]): Promise<FeeCheck> {
  const out: FeeCheckLine[] = [];
  for (const line of lines) out.push(await checkLine(db, schoolId, day, line));
  return {
    lines: out,
    list_total: out.reduce((s, l) => s + l.list_price, 0),
    deal_total: out.reduce((s, l) => s + l.deal_price, 0),
    ok: out.every((l) => l.ok),
  };
}

export function registerFeeCheck(app: Hono<AppEnv>): void {
  mountCall(app, checkFeeCall, async ({ db, query, assertSchool }) => {
    assertSchool(query.school_id);
    return checkLines(db, query.school_id, query.date ?? todayText(), [query]);
  });
  mountCall(app, checkFeeJsonCall, async ({ db, body, assertSchool }) => {
    assertSchool(body.school_id);
    return checkLines(db, body.school_id, body.date ?? todayText(), body.lines);
  });
}

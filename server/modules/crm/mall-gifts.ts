import { sql, type Kysely } from 'kysely';
import type { Hono } from 'hono';
import { mallGiftResource } from '../../../src/contract/resources/crm';
import type { Database, DeclaredTable } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { mountResource } from '../../lib/resource-routes';
import { catalogueGift } from '../base';

declare module '../../db/schema' {
  interface Database {
    crm_mall_gift: DeclaredTable<typeof mallGiftResource>;
  }
}

type Db = Kysely<Database>;

/** What an exchange takes from the mall: the gift's name, its points and value per piece. */
export interface MallGiftTaken {
  gift_name: string;
  points: number;
  /** the catalogue gift's value per piece, fen */
  price: number;
}

/**
 * Take `quantity` pieces of a mall gift for an exchange. The stock goes down in one statement
 * that refuses to go below zero, so parallel exchanges of the last pieces serialise on the row
 * and the stock is never negative; the caller's transaction undoes it if the exchange fails.
 */
export async function takeMallGift(db: Db, id: number, quantity: number): Promise<MallGiftTaken> {
  const gift = await db.selectFrom('crm_mall_gift').select(['id', 'base_gift_id', 'gift_name', 'points', 'stock', 'state']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!gift) throw new ApiError(404, '商城礼品不存在或已删除');
  if (Number(gift.state) !== 1) throw new ApiError(409, `礼品「${gift.gift_name ?? ''}」已下架，不能兑换`);
  const taken = await db
    .updateTable('crm_mall_gift')
    .set({ stock: sql<number>`stock - ${quantity}` })
    .where('id', '=', id)
    .where('stock', '>=', quantity)
    .returning('stock')
    .executeTakeFirst();
  if (!taken) {
    const left = await db.selectFrom('crm_mall_gift').select('stock').where('id', '=', id).executeTakeFirst();
    throw new ApiError(409, `礼品「${gift.gift_name ?? ''}」库存不足：剩余 ${Number(left?.stock ?? 0)}，兑换 ${quantity}`);
  }
  const base = await catalogueGift(db, Number(gift.base_gift_id));
  return { gift_name: String(gift.gift_name ?? base?.name ?? ''), points: Number(gift.points), price: base?.price ?? 0 };
}

/** Put back what a refused or deleted exchange took. */
export async function returnMallGift(db: Db, id: number, quantity: number): Promise<void> {
  await db.updateTable('crm_mall_gift').set({ stock: sql<number>`stock + ${quantity}` }).where('id', '=', id).execute();
}

/** 积分商城礼品: a catalogue gift (签约赠品) on sale for points, with its stock. */
export function registerMallGifts(app: Hono<AppEnv>): void {
  mountResource(app, mallGiftResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      const baseId = Number(row.base_gift_id ?? existing?.base_gift_id);
      const base = await catalogueGift(ctx.db, baseId);
      if (!base) throw new ApiError(404, '赠品不存在或已删除');
      const onSale = Number(row.state ?? existing?.state ?? 1) === 1;
      if (onSale && base.state !== 1) throw new ApiError(409, `赠品「${base.name}」已停用，不能上架`);
      row.gift_name = base.name;
    },
  });
}

import { z } from './zod';
import { answer, defineCall } from './call';
import type { Page } from './envelope';
import { PAGE_LABELS, pageQuerySchema } from './paging';
import { WF_APPLICATIONS, applicationMenuCode } from './workflow-apps';

/**
 * The small stock of teaching materials and equipment per campus that the asset applications
 * move (issue 13): 资产入库 adds its quantity when approved, 资产申领 and 资产报废 take theirs
 * away, and a quantity never goes below zero (the last approval is refused with 库存不足).
 * 资产申购 asks to buy and moves nothing. Not named by the spec: shape defined here.
 */

/** ref_type (= tag) of the applications that move stock, and the sign of their move. */
export const STOCK_MOVES: Readonly<Record<string, 1 | -1>> = { asset_stock_in: 1, asset_requisition: -1, asset_scrap: -1 };

/** Menu code of 资产库存, the stock screen under 资产管理. */
export const ASSET_STOCK_SCREEN = 'workflow_asset_stock';

/** Who may read the stock: 资产库存 and the asset application screens. */
const STOCK_READERS: readonly string[] = [ASSET_STOCK_SCREEN, ...WF_APPLICATIONS.filter((a) => a.group === 'asset').map(applicationMenuCode)];

export interface AssetStockRow {
  id: number;
  school_id: number;
  school_name: string | null;
  item: string;
  quantity: number;
  updated_at: string | null;
}

export const assetStockPageCall = defineCall({
  area: 'workflow',
  title: '资产库存',
  method: 'GET',
  path: 'api/v1/sys_wf/asset_stock_page',
  perm: STOCK_READERS,
  query: pageQuerySchema.extend({
    item: z.string().trim().max(100, '物品名称不能超过100个字符').optional(),
    school_id: z.coerce.number().int().positive('校区不正确').optional().or(z.literal('').transform(() => undefined)),
  }),
  labels: { ...PAGE_LABELS, item: '物品名称', school_id: '校区' },
  answer: answer<Page<AssetStockRow>>(),
});

import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../../lib/context';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { mountResource } from '../../lib/resource-routes';
import { feeStandardResource } from '../../../src/contract/resources/products';
import { cityNameOf } from './campus-city';
import { keepVersion, nextVersion } from './price-versions';
import './schema';

/** The columns whose change makes a new version of a fee standard's terms. */
const FEE_TERMS = ['class_type_id', 'billing_unit', 'unit_price', 'start_date', 'end_date'] as const;

/** A fee standard's terms as sold (unit price in fen). */
export interface FeeTerms {
  fee_standard_id: number;
  school_id: number;
  class_type_id: number;
  billing_unit: number;
  unit_price: number;
  start_date: string;
  end_date: string | null;
  version: number;
}

export function feeTerms(row: Readonly<Record<string, unknown>>): FeeTerms {
  return {
    fee_standard_id: Number(row.id),
    school_id: Number(row.school_id),
    class_type_id: Number(row.class_type_id),
    billing_unit: Number(row.billing_unit),
    unit_price: Number(row.unit_price),
    start_date: String(row.start_date),
    end_date: row.end_date === null || row.end_date === undefined || row.end_date === '' ? null : String(row.end_date),
    version: Number(row.version ?? 1),
  };
}

/** The fee standard in force at a campus for a class type and unit on a day, if any. */
export async function feeStandardAt(db: Kysely<Database>, at: { schoolId: number; classTypeId: number; billingUnit: number; date: string }): Promise<FeeTerms | undefined> {
  const row = await db
    .selectFrom('prod_fee_standard')
    .selectAll()
    .where('school_id', '=', at.schoolId)
    .where('class_type_id', '=', at.classTypeId)
    .where('billing_unit', '=', at.billingUnit)
    .where('del_flag', '=', 0)
    .where('start_date', '<=', at.date)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', at.date)]))
    .orderBy('start_date', 'desc')
    .executeTakeFirst();
  return row ? feeTerms(row) : undefined;
}

export function registerFeeStandards(app: Hono<AppEnv>): void {
  mountResource(app, feeStandardResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      const merged = { ...existing, ...row } as Record<string, unknown>;
      const start = String(merged.start_date ?? '');
      const end = merged.end_date ? String(merged.end_date) : null;
      if (end && end < start) throw new ApiError(400, '失效日期不能早于生效日期');
      // Two prices of one campus, class type and unit on the same day would make a sale ambiguous.
      let others = ctx.db
        .selectFrom('prod_fee_standard')
        .select(['start_date', 'end_date'])
        .where('school_id', '=', Number(merged.school_id))
        .where('class_type_id', '=', Number(merged.class_type_id))
        .where('billing_unit', '=', Number(merged.billing_unit))
        .where('del_flag', '=', 0)
        .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', start)]));
      if (end) others = others.where('start_date', '<=', end);
      if (existing) others = others.where('id', '<>', existing.id);
      const clash = await others.executeTakeFirst();
      if (clash) throw new ApiError(409, `与已有收费标准（${clash.start_date} 至 ${clash.end_date ?? '长期'}）的有效期重叠，请先设置其失效日期`);
      if (row.school_id !== undefined || !existing) row.city_name = await cityNameOf(ctx.db, Number(merged.school_id));
      row.version = nextVersion(existing, row, FEE_TERMS);
    },
    async afterWrite(ctx, saved) {
      await keepVersion(ctx.db, 'fee_standard', saved.id, Number(saved.version), feeTerms(saved), ctx.principal.userId);
    },
  });
}

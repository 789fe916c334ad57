import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppDeps, AppEnv } from '../../lib/context';
import type { Database } from '../../db/schema';
import { ApiError, notFound } from '../../lib/http';
import type { PackTerms } from '../../../src/contract/products';
import { registerCatalogue } from './catalogue';
import { registerFeeStandards } from './fee-standards';
import { packTerms, packsOnSale, registerLanguagePacks } from './language-packs';
import { feeTerms } from './fee-standards';
import { keepVersion, loadVersion, type KeptVersion } from './price-versions';
import './schema';

/**
 * The products area (spec: products): language packs and where they are on sale, fee standards,
 * class paths, course schedules and time slots, textbooks, privileges, product categories.
 * Class types are mounted by the classes area (server/modules/classes/catalogue.ts), which teaches
 * them. Declarations without special rules (categories, paths, privileges) are mounted by createApp.
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  registerLanguagePacks(app);
  registerFeeStandards(app);
  registerCatalogue(app);
}

// ---------------------------------------------------------------------------------------------
// Public module: what other areas (orders) call to sell a product.
// ---------------------------------------------------------------------------------------------

/** A pack's terms as sold now, with the id of the kept version the order records. */
export interface PackForSale extends PackTerms {
  price_version_id: number;
}

/**
 * The terms at which a language pack sells at a campus on a day (`YYYY-MM-DD`): the pack must be
 * 上架, not deleted and on sale at that campus that day. An order copies `price`, `hours`,
 * `gift_hours` and `validity_days` and records `price_version_id`; later price changes never touch
 * it (priceVersion reads the same terms back). The caller checks the campus is in the user's scope.
 */
export async function languagePackForSale(db: Kysely<Database>, packId: number, schoolId: number, day: string): Promise<PackForSale> {
  const pack = (await packsOnSale(db, schoolId, day)).find((p) => p.language_pack_id === packId);
  if (!pack) {
    const exists = await db.selectFrom('prod_language_pack').select('name').where('id', '=', packId).where('del_flag', '=', 0).executeTakeFirst();
    if (!exists) throw notFound();
    throw new ApiError(400, `课程包「${exists.name}」未在该校区上架销售`);
  }
  const kept = await loadVersion<PackTerms>(db, { kind: 'language_pack', refId: pack.language_pack_id, version: pack.version });
  if (!kept) throw new ApiError(500, '课程包价格版本缺失');
  return { ...pack, price_version_id: kept.price_version_id };
}

/** The frozen terms an order recorded (a language pack's PackTerms or a fee standard's FeeTerms). */
export async function priceVersion<T = PackTerms>(db: Kysely<Database>, priceVersionId: number): Promise<KeptVersion<T> | undefined> {
  return loadVersion<T>(db, { id: priceVersionId });
}

/**
 * Keeps the current version of every language pack and fee standard that has none kept yet (rows
 * written outside the calls: the demo seed, an import). Answers how many versions it added.
 */
export async function keepCurrentPriceVersions(db: Kysely<Database>, userId: number | null = null): Promise<number> {
  let added = 0;
  for (const p of await db.selectFrom('prod_language_pack').selectAll().execute()) {
    if (await keepVersion(db, 'language_pack', p.id, Number(p.version ?? 1), packTerms(p), userId)) added++;
  }
  for (const f of await db.selectFrom('prod_fee_standard').selectAll().execute()) {
    if (await keepVersion(db, 'fee_standard', f.id, Number(f.version ?? 1), feeTerms(f), userId)) added++;
  }
  return added;
}

export { feeStandardAt, type FeeTerms } from './fee-standards';
export { classTypesOfPack } from './language-packs';

import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** What the funnel's records need of a lead (mkt_resource, resources/marketing.ts), with no ownership check: the campus a record takes. */
export interface LeadFacts {
  id: number;
  name: string;
  school_id: number;
  seller_id: number | null;
  tmk_id: number | null;
  pool: number;
  stage: number;
}

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** A lead by id, deleted ones left out (the caller's scope is checked by the declaration's relation). */
export async function leadFacts(db: Kysely<Database>, id: number): Promise<LeadFacts | undefined> {
  const row = await (db as unknown as AnyDb)
    .selectFrom('mkt_resource')
    .select(['id', 'name', 'school_id', 'seller_id', 'tmk_id', 'pool', 'stage'])
    .where('id', '=', id)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    name: String(row.name ?? ''),
    school_id: Number(row.school_id),
    seller_id: row.seller_id === null || row.seller_id === undefined ? null : Number(row.seller_id),
    tmk_id: row.tmk_id === null || row.tmk_id === undefined ? null : Number(row.tmk_id),
    pool: Number(row.pool),
    stage: Number(row.stage),
  };
}

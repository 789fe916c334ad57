import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { FUNNEL_STAGE_VALUE, FUNNEL_STAMP_COLUMN, type FunnelStage } from '../../../../src/contract/resources/marketing';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Stamps the first time a lead reached a funnel stage (only the first: an empty column is filled,
 * a filled one kept) and raises its stage, never lowers it. The funnel report reads these columns.
 */
export async function stampStage(db: Kysely<Database>, leadId: number, stage: FunnelStage, at: string): Promise<void> {
  const col = FUNNEL_STAMP_COLUMN[stage];
  const any = db as unknown as AnyDb;
  await any.updateTable('mkt_resource').set({ [col]: at }).where('id', '=', leadId).where(col, 'is', null).execute();
  await any.updateTable('mkt_resource').set({ stage: FUNNEL_STAGE_VALUE[stage] }).where('id', '=', leadId).where('stage', '<', FUNNEL_STAGE_VALUE[stage]).execute();
}

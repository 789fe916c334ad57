import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { whereInScope } from '../../lib/scope';
import { POOL } from '../../../src/contract/resources/marketing';
import { seesAllLeads } from './leads';

export interface DueFollowUp {
  id: number;
  name: string;
  school_name: string | null;
  parent_phone: string | null;
  next_follow_at: string;
  tmk_name: string | null;
  seller_name: string | null;
}

/**
 * Leads whose next follow-up (回访) is due by `until` (overdue ones included), soonest first: the
 * caller's own (as TMK or seller), or every lead of their campuses with the right to all leads.
 * Invalid leads and the public pool wait for nobody.
 */
export async function dueFollowUps(db: Kysely<Database>, p: Principal, until: string, limit = 500): Promise<DueFollowUp[]> {
  let qb = db
    .selectFrom('mkt_resource as r')
    .leftJoin('organisations as o', 'o.id', 'r.school_id')
    .select(['r.id', 'r.name', 'o.name as school_name', 'r.parent_phone', 'r.next_follow_at', 'r.tmk_name', 'r.seller_name'])
    .where('r.del_flag', '=', 0)
    .where('r.next_follow_at', 'is not', null)
    .where('r.next_follow_at', '<=', until)
    .where('r.pool', 'not in', [POOL.invalid, POOL.public]);
  if (!seesAllLeads(p)) qb = qb.where(sql<boolean>`(r.tmk_id = ${p.userId} or r.seller_id = ${p.userId})`);
  const rows = await whereInScope(qb, 'r.school_id', p).orderBy('r.next_follow_at').orderBy('r.id').limit(limit).execute();
  return rows.map((r) => ({ ...r, next_follow_at: String(r.next_follow_at) }));
}

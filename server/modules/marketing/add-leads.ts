import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowText } from '../../lib/time';
import { POOL } from '../../../src/contract/resources/marketing';
import './schema';

/** A family handed to marketing by another area (the part-time acquirers' addMkt). */
export interface NewLead {
  school_id: number;
  name: string;
  parent_name: string | null;
  parent_phone: string;
  gender: number | null;
  grade: number | null;
  address: string | null;
  remark: string | null;
  /** STUDENT_SOURCES value (1 地推) */
  source: number;
}

/** Phones of a campus already among its live leads (not deleted, not invalid). */
export async function knownLeadPhones(db: Kysely<Database>, schoolId: number, phones: readonly string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const rows = await db
    .selectFrom('mkt_resource')
    .select('parent_phone')
    .where('school_id', '=', schoolId)
    .where('del_flag', '=', 0)
    .where('pool', '!=', POOL.invalid)
    .where('parent_phone', 'in', [...phones])
    .execute();
  return new Set(rows.map((r) => r.parent_phone));
}

/** Who holds a new lead: the pool and, in the TMK or seller pool, the holder (default 待分配). */
export interface LeadHolder {
  pool: number;
  tmk_id?: number;
  seller_id?: number;
  /** the holder's name, kept on the lead as the lists show it */
  name?: string;
}

/**
 * Puts one family into its campus's unassigned pool (待分配), or with `holder` into a person's, with
 * the move that says where it came from (`action`), as the import does; answers the lead's id. The
 * caller checks duplicates first (knownLeadPhones) and runs inside its request transaction.
 */
export async function addLead(db: Kysely<Database>, userId: number, lead: NewLead, action: string, holder: LeadHolder = { pool: POOL.unassigned }): Promise<number> {
  const now = nowText();
  const tmkId = holder.pool === POOL.tmk ? (holder.tmk_id ?? null) : null;
  const sellerId = holder.pool === POOL.seller ? (holder.seller_id ?? null) : null;
  const row = await db
    .insertInto('mkt_resource')
    .values({
      school_id: lead.school_id,
      name: lead.name,
      parent_name: lead.parent_name,
      parent_phone: lead.parent_phone,
      gender: lead.gender,
      grade: lead.grade,
      address: lead.address,
      remark: lead.remark,
      source: lead.source,
      pool: holder.pool,
      tmk_id: tmkId,
      tmk_name: tmkId ? (holder.name ?? null) : null,
      seller_id: sellerId,
      seller_name: sellerId ? (holder.name ?? null) : null,
      assigned_at: tmkId || sellerId ? now : null,
      stage: 1,
      is_important: 0,
      app_allow: 0,
      follow_count: 0,
      del_flag: 0,
      created_at: now,
      updated_at: now,
      created_by: userId,
      updated_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('mkt_resource_move')
    .values({ school_id: lead.school_id, resource_id: row.id, action, from_pool: null, to_pool: holder.pool, from_owner: null, to_owner: tmkId ?? sellerId, from_school: null, reason: null, created_at: now, updated_at: now, created_by: userId, updated_by: userId })
    .execute();
  return row.id;
}

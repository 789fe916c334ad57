import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowText } from '../../lib/time';
import './schema';

/**
 * Versioned prices. A language pack or fee standard is edited in place (the list shows its current
 * terms), but its terms are also kept, version by version, in prod_price_version: every add and
 * every change of the terms raises the row's `version` and appends the new terms there. Orders copy
 * the price they sold at and record the version's id, so what an existing order bought never
 * changes with a later price: the frozen row is never updated or deleted.
 */

export type PriceKind = 'language_pack' | 'fee_standard';

/** The version a write must carry: 1 for a new row, +1 when any term differs from the stored row. */
export function nextVersion(existing: Readonly<Record<string, unknown>> | undefined, row: Readonly<Record<string, unknown>>, terms: readonly string[]): number {
  if (!existing) return 1;
  const current = Number(existing.version ?? 1) || 1;
  const changed = terms.some((k) => row[k] !== undefined && String(row[k] ?? '') !== String(existing[k] ?? ''));
  return changed ? current + 1 : current;
}

/** Appends the row's terms as its current version unless that version is kept already; answers whether it appended. */
export async function keepVersion(db: Kysely<Database>, kind: PriceKind, refId: number, version: number, terms: object, userId: number | null): Promise<boolean> {
  const kept = await db.selectFrom('prod_price_version').select('id').where('kind', '=', kind).where('ref_id', '=', refId).where('version', '=', version).executeTakeFirst();
  if (kept) return false;
  await db.insertInto('prod_price_version').values({ kind, ref_id: refId, version, terms: JSON.stringify(terms), created_at: nowText(), created_by: userId }).execute();
  return true;
}

export interface KeptVersion<T> {
  price_version_id: number;
  kind: PriceKind;
  ref_id: number;
  version: number;
  terms: T;
  created_at: string;
}

/** A kept version by its id (what an order recorded), or by the row and version number. */
export async function loadVersion<T>(db: Kysely<Database>, by: { id: number } | { kind: PriceKind; refId: number; version: number }): Promise<KeptVersion<T> | undefined> {
  let q = db.selectFrom('prod_price_version').selectAll();
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('kind', '=', by.kind).where('ref_id', '=', by.refId).where('version', '=', by.version);
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  return { price_version_id: row.id, kind: row.kind as PriceKind, ref_id: row.ref_id, version: row.version, terms: JSON.parse(row.terms) as T, created_at: row.created_at };
}

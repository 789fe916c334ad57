import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import type { AnyDB, ResourceCtx, ResourceHooks, Row } from '../../lib/resource-routes';

/**
 * The rules of the teaching records beyond their declarations (src/contract/resources/
 * teaching-records.ts, teaching-results.ts): totals the server adds up, one row per key, marks
 * within the full mark, date ranges in order. Combined per declaration in records.ts.
 */

const anyDb = (db: Kysely<Database>): Kysely<AnyDB> => db as unknown as Kysely<AnyDB>;

/** The row as it will be after the write: the stored row with the body's changes. */
const merged = (row: Readonly<Record<string, unknown>>, existing?: Row): Record<string, unknown> => ({ ...existing, ...row });

/** Sets `total` to the sum of `parts` (the declaration keeps it readonly: never taken from a request). */
export function totalOf(parts: readonly string[], total = 'total_score'): NonNullable<ResourceHooks['beforeWrite']> {
  return (_ctx, row, _mode, existing) => {
    const m = merged(row, existing);
    row[total] = parts.reduce((sum, p) => sum + (Number(m[p]) || 0), 0);
  };
}

/**
 * Refuses a second live row with the same values of `columns` in the same campus
 * (`{message}`, code 409): one attendance per teacher and day, one plan per campus and month.
 */
export function oneRowPer(columns: readonly string[], message: (row: Record<string, unknown>) => string): NonNullable<ResourceHooks['beforeWrite']> {
  return async (ctx: ResourceCtx, row, _mode, existing) => {
    const m = merged(row, existing);
    let q = anyDb(ctx.db).selectFrom(ctx.def.table).select('id');
    for (const col of [...(ctx.def.scope === 'school' ? ['school_id'] : []), ...columns]) {
      const v = m[col];
      if (v === undefined || v === null) return; // the generic checks answer a missing key
      q = q.where(col, '=', v as string | number);
    }
    if (existing) q = q.where('id', '<>', existing.id);
    if (await q.executeTakeFirst()) throw new ApiError(409, message(m));
  };
}

/** A mark may not exceed its full mark (`成绩不能高于满分`). */
export function withinFullMark(score: string, full: string, message: string): NonNullable<ResourceHooks['beforeWrite']> {
  return (_ctx, row, _mode, existing) => {
    const m = merged(row, existing);
    if (m[score] !== undefined && m[full] !== undefined && Number(m[score]) > Number(m[full])) throw new ApiError(400, message);
  };
}

/** The end of a range may not come before its start (dates, or HH:mm times of one day). */
export function inOrder(start: string, end: string, message: string): NonNullable<ResourceHooks['beforeWrite']> {
  return (_ctx, row, _mode, existing) => {
    const m = merged(row, existing);
    const a = m[start] ? String(m[start]) : '';
    const b = m[end] ? String(m[end]) : '';
    if (a && b && b < a) throw new ApiError(400, message);
  };
}

/** Runs each rule in turn. */
export function allOf(...rules: NonNullable<ResourceHooks['beforeWrite']>[]): ResourceHooks {
  return {
    async beforeWrite(ctx, row, mode, existing) {
      for (const r of rules) await r(ctx, row, mode, existing);
    },
  };
}

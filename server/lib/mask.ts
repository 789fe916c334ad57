import { sql, type RawBuilder } from 'kysely';
import { FULL_VALUE_PERM, MASK_CHAR, MASK_RULES, MAX_STARS, MIN_HIDDEN, looksMasked, maskText, maskedInputMessage, type MaskKind } from '../../src/contract/mask';
import type { ResourceDef } from '../../src/contract/resource';
import type { Principal } from './context';
import { ApiError } from './http';
import { hasPerm } from './principal';
import { refJoins } from './resource-refs';

/**
 * The one place personal data (phones, ID numbers) is masked on the server: declared columns
 * (`mask` on a field, src/contract/mask.ts) and hand-written reads alike go through these.
 */

type Viewer = Pick<Principal, 'superuser' | 'perms'>;

/** Whether the caller sees masked columns in full. */
export function seesFullValues(p: Viewer): boolean {
  return hasPerm(p, FULL_VALUE_PERM);
}

/** A value as this caller may see it (hand-written reads: users', parents', staff phones). */
export function maskFor(p: Viewer, kind: MaskKind, value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return seesFullValues(p) ? value : maskText(kind, value);
}

/** One masked key of a declaration's rows: its own column, or a relation's label column. */
interface MaskedKey {
  key: string;
  kind: MaskKind;
  /** the column as the page statement names it (`table.col`, or the relation's `alias.col`) */
  column: string;
}

const keysOf = new WeakMap<ResourceDef, MaskedKey[]>();

/** The masked keys of a declaration's page and get rows (relation labels of masked target columns too). */
export function maskedKeys(def: ResourceDef): MaskedKey[] {
  let keys = keysOf.get(def);
  if (keys) return keys;
  keys = [];
  for (const [name, field] of Object.entries(def.fields)) if (field.mask) keys.push({ key: name, kind: field.mask, column: `${def.table}.${name}` });
  for (const j of refJoins(def)) {
    for (const [key, col] of j.labels) {
      const kind = j.target.def?.fields[col]?.mask;
      if (kind) keys.push({ key, kind, column: `${j.alias}.${col}` });
    }
  }
  keysOf.set(def, keys);
  return keys;
}

/** Whether this caller gets a declaration's rows masked (part of the page plan's shape). */
export function masksRowsFor(def: ResourceDef, p: Viewer): boolean {
  return maskedKeys(def).length > 0 && !seesFullValues(p);
}

/** Masks a declaration's rows for this caller (a copy of each row that has a masked key). */
export function maskRows<R extends Record<string, unknown>>(def: ResourceDef, p: Viewer, rows: R[]): R[] {
  if (!masksRowsFor(def, p)) return rows;
  const keys = maskedKeys(def);
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const k of keys) if (typeof out[k.key] === 'string') out[k.key] = maskText(k.kind, out[k.key] as string);
    return out as R;
  });
}

const STARS = sql.lit(MASK_CHAR.repeat(MAX_STARS));

/**
 * contract/mask.ts `maskText` as SQL, for rows the database renders as JSON (the page plan's fast
 * path). Only literals, no bound values: a compiled plan keeps its parameters.
 */
export function maskSql(column: string, kind: MaskKind): RawBuilder<string | null> {
  const { head, tail } = MASK_RULES[kind];
  const c = sql.ref(column);
  const len = sql`length(${c})`;
  return sql<string | null>`(case when ${len} >= ${sql.lit(head + tail + MIN_HIDDEN)} then substr(${c}, 1, ${sql.lit(head)}) || substr(${STARS}, 1, ${len} - ${sql.lit(head + tail)}) || substr(${c}, ${len} - ${sql.lit(tail - 1)}) else substr(${STARS}, 1, ${len}) end)`;
}

/**
 * The extra columns of `rowJson` (relation labels) with the masked keys rendered masked when this
 * caller gets them so: a masked label replaces its plain entry, a masked own column is added.
 */
export function maskedJsonColumns(def: ResourceDef, p: Viewer, extra: readonly [string, RawBuilder<unknown>][]): [string, RawBuilder<unknown>][] {
  if (!masksRowsFor(def, p)) return [...extra];
  const masked = new Map(maskedKeys(def).map((k): [string, RawBuilder<unknown>] => [k.key, maskSql(k.column, k.kind)]));
  return [...extra.map(([k, v]): [string, RawBuilder<unknown>] => [k, masked.get(k) ?? v]), ...[...masked].filter(([k]) => !extra.some(([e]) => e === k))];
}

/**
 * A masked-looking value sent for a masked column: the unchanged mask of the stored value means
 * "keep it" (undefined: do not write the column); anything else holding `*` is refused (400).
 * Other values are answered as they are.
 */
export function keptOrRefused<T>(kind: MaskKind, label: string, sent: T, stored: string | null | undefined): T | undefined {
  if (!looksMasked(sent)) return sent;
  if (stored !== null && stored !== undefined && sent === maskText(kind, stored)) return undefined;
  throw new ApiError(400, maskedInputMessage(label));
}

/**
 * The declared masked fields of a write body: on update, an unchanged mask keeps the stored value
 * (the key is removed); on add (no stored row), or any other masked text, 400.
 */
export function keepMaskedFields(def: ResourceDef, row: Record<string, unknown>, existing?: Record<string, unknown>): void {
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.mask || !(name in row)) continue;
    const stored = existing?.[name];
    const value = keptOrRefused(field.mask, field.label, row[name], typeof stored === 'string' ? stored : null);
    if (value === undefined) delete row[name];
  }
}

/**
 * A write's before and after values for the audit log, with the declaration's masked columns
 * masked: the log is answered as stored to whoever may read it, code or not. A change still shows
 * (138****1234 → 139****5678), the numbers do not.
 */
export function maskChanges<C extends { before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(def: ResourceDef, changes: C[]): C[] {
  const own = maskedKeys(def).filter((k) => def.fields[k.key]?.mask);
  if (own.length === 0) return changes;
  const masked = (side: Record<string, unknown> | null) => {
    if (!side) return side;
    const out = { ...side };
    for (const k of own) if (typeof out[k.key] === 'string') out[k.key] = maskText(k.kind, out[k.key] as string);
    return out;
  };
  return changes.map((c) => ({ ...c, before: masked(c.before), after: masked(c.after) }));
}

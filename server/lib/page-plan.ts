import { CompiledQuery, type Kysely } from 'kysely';
import { SCHOOL_COLUMN, type FieldDef, type ResourceDef } from '../../src/contract/resource';
import { likePattern, tableColumns } from '../db/dialect';
import type { Principal } from './context';
import { ApiError } from './http';
import { cachedCount } from './count-cache';
import { schoolScope } from './scope';
import { masksRowsFor } from './mask';
import { searchGram } from '../db/search-grams';

/**
 * The standard page call builds the same two statements (count + page) for every request of one
 * shape (which filters are present, how many schools, the sort); only the values differ. Building
 * and compiling them with Kysely costs more CPU than running them on an indexed table, so the
 * compiled SQL is kept per shape. The values are listed here in the order the builder
 * (scopedSelect, applyFilters, applySort) binds them; the first request of each shape compares
 * this list with Kysely's own parameters and the shape is only cached when they are identical, so
 * a change in the builder can never bind a value to the wrong placeholder.
 */
export interface PagePlan {
  key: string;
  /** parameters of the count; the page adds the offset (its limit is in the SQL: db/inline-limit.ts) */
  values: unknown[];
}

interface CachedPlan {
  countSql: string;
  pageSql: string;
  /**
   * The page with each row as JSON rendered by the database (dialect.ts `rowJson`: UTF-8 bytes on
   * SQLite, text on PostgreSQL), for calls that answer rows unchanged: building the row objects and
   * encoding them again cost more here than the database's own rendering.
   */
  jsonSql?: string;
}

const MAX_PLANS = 2000;
const plans = new Map<string, CachedPlan | false>();

function isNumeric(field: FieldDef): boolean {
  return field.type === 'int' || field.type === 'number' || field.type === 'money' || field.type === 'bool';
}

/** The value a filter binds (the same conversion and message as the builder's). */
/** Largest value of an integer column (PostgreSQL's integer answers 5xx to anything beyond it). */
const MAX_INT = 2147483647;

export function filterValue(field: FieldDef, raw: string): string | number {
  if (!isNumeric(field)) return raw;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new ApiError(400, `${field.label}必须是数字`);
  if ((field.type === 'int' || field.type === 'bool') && (!Number.isInteger(n) || Math.abs(n) > MAX_INT)) throw new ApiError(400, `${field.label}必须是整数`);
  return n;
}

/** The `school_id` filter: campus ids, each an integer an integer column can hold. */
export function schoolIdsOf(raw: string): number[] {
  const ids = raw.split(',').map(Number);
  if (ids.some((n) => !Number.isInteger(n) || Math.abs(n) > MAX_INT)) throw new ApiError(400, '校区必须是数字');
  return ids;
}

/** Range end of a datetime filter given as a date: the whole day. */
export function rangeEnd(field: FieldDef, end: string): string {
  return field.type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(end) ? `${end} 23:59:59` : end;
}

const searchFieldsOf = new WeakMap<ResourceDef, [string, FieldDef][]>();

/** The declaration's searchable fields, in declaration order (the builder's order). */
function searchFields(def: ResourceDef): [string, FieldDef][] {
  let fields = searchFieldsOf.get(def);
  if (!fields) {
    fields = Object.entries(def.fields).filter(([, f]) => f.search);
    searchFieldsOf.set(def, fields);
  }
  return fields;
}

/**
 * A `like` filter given a whole value is an equality: digits as long as the field's maximum (a full
 * phone number) can only match that value, and `=` uses the column's index where `%…%` reads every
 * row of the scope (seconds at a million students).
 */
export function likeIsWhole(field: FieldDef, raw: string): boolean {
  return field.max !== undefined && raw.length >= field.max && /^\d+$/.test(raw);
}

/** Shape and values of a standard page call, in the builder's binding order. */
export function planOf(def: ResourceDef, principal: Principal, query: Record<string, string>, includeDeleted: boolean, sort: string | undefined, rows: number): PagePlan {
  // masked columns are rendered masked by the statement itself for callers without the code
  const key: string[] = [def.name, includeDeleted ? 'D' : 'd', sort ?? '', String(rows), masksRowsFor(def, principal) ? 'M' : 'F'];
  const values: unknown[] = [];
  if (def.scope === 'school') {
    const scope = schoolScope(principal);
    if (scope === undefined) key.push('all');
    else {
      key.push(`s${scope.length}`);
      values.push(...scope);
    }
  }
  if (def.softDelete && !includeDeleted) values.push(0);
  if (includeDeleted) values.push(1);
  for (const [name, field] of searchFields(def)) {
    if (field.search === 'range') {
      const start = query[`${name}_start`];
      const end = query[`${name}_end`];
      key.push(`${start ? 'r' : '-'}${end ? 'r' : '-'}`);
      if (start) values.push(filterValue(field, start));
      if (end) values.push(filterValue(field, rangeEnd(field, end)));
      continue;
    }
    const raw = query[name];
    if (raw === undefined || raw === '') {
      key.push('-');
      continue;
    }
    if (field.search === 'like' && !likeIsWhole(field, raw)) {
      // bound as applyFilters writes it: the gram lookup (gram, then the campuses), then the like
      const gram = field.grams ? searchGram(raw) : undefined;
      if (gram !== undefined) {
        const campuses = def.scope === 'school' ? (schoolScope(principal) ?? []) : [];
        key.push(`g${campuses.length}`);
        values.push(gram, ...campuses);
      }
      key.push('l');
      values.push(likePattern(raw));
    } else if (field.search === 'in') {
      const list = raw.split(',').filter((v) => v !== '').map((v) => filterValue(field, v));
      key.push(`i${list.length}`);
      values.push(...list);
    } else {
      key.push('e');
      values.push(filterValue(field, raw));
    }
  }
  if (def.scope === 'school' && query[SCHOOL_COLUMN]) {
    const ids = schoolIdsOf(query[SCHOOL_COLUMN]);
    key.push(`c${ids.length}`);
    values.push(...ids);
  }
  return { key: key.join('|'), values };
}

function same(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export function cachedPlan(key: string): CachedPlan | false | undefined {
  return plans.get(key);
}

/**
 * Keeps the compiled statements of a shape when the builder bound exactly the planned values.
 * `jsonPage` is the page selecting `rowJson` instead of the row (absent when rows are mapped).
 */
export function rememberPlan(plan: PagePlan, count: CompiledQuery, page: CompiledQuery, pageValues: unknown[], jsonPage?: CompiledQuery): void {
  if (plans.size >= MAX_PLANS) plans.clear();
  if (!same(count.parameters, plan.values) || !same(page.parameters, pageValues)) {
    plans.set(plan.key, false);
    return;
  }
  const jsonSql = jsonPage && same(jsonPage.parameters, pageValues) ? jsonPage.sql : undefined;
  plans.set(plan.key, { countSql: count.sql, pageSql: page.sql, jsonSql });
}

/** The count only reads the resource's own table, so it is reused while that table is unchanged. */
function planCount(db: Kysely<unknown>, table: string, cached: CachedPlan, plan: PagePlan, readVersion?: number): Promise<number> {
  // Keyed by the count's own SQL: page sizes of the same filters (separate plans) share it.
  return cachedCount(
    db,
    table,
    `${cached.countSql}\u0000${JSON.stringify(plan.values)}`,
    async () => {
      const count = await db.executeQuery<{ n: number | string }>(CompiledQuery.raw(cached.countSql, plan.values));
      return Number(count.rows[0]?.n ?? 0);
    },
    readVersion,
  );
}

export async function runPlan(db: Kysely<unknown>, table: string, cached: CachedPlan, plan: PagePlan, offset: number): Promise<{ totalSize: number; rows: Record<string, unknown>[] }> {
  const totalSize = await planCount(db, table, cached, plan);
  const rows = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(cached.pageSql, [...plan.values, offset]));
  return { totalSize, rows: rows.rows };
}

/**
 * The page's rows as JSON (`jsonSql` of the plan). Each row also carries the table's write
 * counter (`v`, table-versions.ts `tableVersionColumn`), read in the same statement: the count
 * then needs no statement of its own while the table is unchanged. An empty page reads it apart.
 */
export async function runJsonPlan(db: Kysely<unknown>, table: string, cached: CachedPlan, jsonSql: string, plan: PagePlan, offset: number): Promise<{ totalSize: number; rowJson: (string | Uint8Array)[] }> {
  const page = await db.executeQuery<{ j: string | Uint8Array; v: number | string | null }>(CompiledQuery.raw(jsonSql, [...plan.values, offset]));
  const first = page.rows[0];
  const totalSize = await planCount(db, table, cached, plan, first ? Number(first.v ?? 0) : undefined);
  return { totalSize, rowJson: page.rows.map((r) => r.j) };
}

/**
 * Column names per table for `rowJson` (the schema only changes at start, by migrations), per
 * database: databases in one process (test files) need not have the same columns.
 */
const columnsOf = new WeakMap<Kysely<unknown>, Map<string, string[]>>();

export async function rowJsonColumns(db: Kysely<unknown>, table: string): Promise<string[]> {
  let tables = columnsOf.get(db);
  if (!tables) {
    tables = new Map();
    columnsOf.set(db, tables);
  }
  let cols = tables.get(table);
  if (!cols) {
    cols = await tableColumns(db, table);
    tables.set(table, cols);
  }
  return cols;
}


import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DEL_FLAG_COLUMN, refLabelKey, type FieldDef, type ResourceDef } from '../../src/contract/resource';
import { refTarget, refsTo, type RefTarget } from '../../src/contract/refs';
import { ApiError } from './http';
import type { AnySelect } from './resource-routes';

type AnyDB = Record<string, Record<string, unknown>>;

/** One relation of a declaration as the page statement joins it. */
export interface RefJoin {
  field: string;
  spec: FieldDef;
  target: RefTarget;
  /** the joined table's alias: unique per field, so two relations to one table do not clash */
  alias: string;
  /** [label key in the row, target column] */
  labels: [string, string][];
}

const joinsOf = new WeakMap<ResourceDef, RefJoin[]>();

/** The declaration's relations (an unknown target is a declaration error, raised at mount). */
export function refJoins(def: ResourceDef): RefJoin[] {
  let joins = joinsOf.get(def);
  if (joins) return joins;
  joins = [];
  for (const [field, spec] of Object.entries(def.fields)) {
    if (!spec.ref) continue;
    const target = refTarget(spec.ref.resource);
    if (!target) throw new Error(`${def.name}.${field}: 关联的资源 ${spec.ref.resource} 未声明或没有分页调用`);
    joins.push({ field, spec, target, alias: `ref_${field}`, labels: spec.ref.label.map((col) => [refLabelKey(field, col), col]) });
  }
  joinsOf.set(def, joins);
  return joins;
}

/**
 * Adds the relations' label columns to a select of the declaration's table: one LEFT JOIN on the
 * target's primary key each, which changes neither the rows nor their count (the count statement
 * is built without them). The joins bind no values, so a compiled page plan keeps its parameters.
 */
export function withRefLabels(def: ResourceDef, qb: AnySelect): AnySelect {
  let out = qb;
  for (const j of refJoins(def)) {
    out = out
      .leftJoin(`${j.target.table} as ${j.alias}`, `${j.alias}.id`, `${def.table}.${j.field}`)
      .select(j.labels.map(([key, col]) => sql.ref(`${j.alias}.${col}`).as(key))) as unknown as AnySelect;
  }
  return out;
}

/**
 * A page of the declaration's rows with the relations' labels, joined after paging: `page` (the
 * filtered, sorted select with its LIMIT and OFFSET) picks the rows by the list's index alone, and
 * only those rows are joined, in a statement around it that keeps the table's name as its alias
 * and sorts them again (`order`). Joined before paging, every row the OFFSET skips was joined too:
 * page 50 of the student list joined each relation a thousand times for 20 rows. The joins bind
 * no values, so the statement's parameters stay those of `page`. Without relations it is `page`.
 */
export function labelledPage(def: ResourceDef, db: Kysely<AnyDB>, page: AnySelect, order: (qb: AnySelect) => AnySelect): AnySelect {
  if (refJoins(def).length === 0) return page;
  const outer = db.selectFrom(page.as(def.table)).selectAll(def.table) as unknown as AnySelect;
  return order(withRefLabels(def, outer));
}

/** The label columns as [key, column reference] pairs, for the database-rendered JSON rows. */
export function refJsonColumns(def: ResourceDef): [string, RawBuilder<unknown>][] {
  return refJoins(def).flatMap((j) => j.labels.map(([key, col]): [string, RawBuilder<unknown>] => [key, sql.ref(`${j.alias}.${col}`)]));
}

/** Refuses deleting rows of `def` that a live row of a declared relation still names. */
export async function refuseInUse(db: Kysely<unknown>, def: ResourceDef, ids: readonly number[]): Promise<void> {
  for (const use of refsTo(def.name)) {
    if (use.spec.ref?.onDelete === 'allow') continue;
    let q = (db as Kysely<AnyDB>).selectFrom(use.def.table).select('id').where(use.field, 'in', [...ids]);
    if (use.def.softDelete) q = q.where(DEL_FLAG_COLUMN, '=', 0);
    if (use.def === def) q = q.where('id', 'not in', [...ids]);
    if (await q.limit(1).executeTakeFirst()) throw new ApiError(409, `该${def.title}已被${use.def.title}使用，不能删除`);
  }
}

/** A user's account beside the declared `user_id` relation's name (staff files, user templates). */
export function withLoginId(table: string): (qb: AnySelect) => AnySelect {
  return (qb) => qb.leftJoin('users as login_user', 'login_user.id', `${table}.user_id`).select(sql.ref<string>('login_user.login_id').as('login_id')) as unknown as AnySelect;
}

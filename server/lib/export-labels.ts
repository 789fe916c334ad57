import { sql, type Kysely } from 'kysely';
import { callPath, refText, SCHOOL_COLUMN, type FieldDef, type OptionItem, type OptionSource, type ResourceDef } from '../../src/contract/resource';
import { RESOURCES } from '../../src/contract/resources';
import { fieldText } from '../../src/lib/format/fieldText';
import type { Database } from '../db/schema';
import type { Principal } from './context';
import { schoolScope, whereInScope } from './scope';

/**
 * An export shows what the screen shows: the declaration's fields are turned into the texts of
 * their cells (option labels, names of referenced rows, dates, money) with the same function the
 * screen's columns use (src/lib/format/fieldText). Option texts come from the declaration's option
 * source: static items, an option set by code, or the referenced rows' label column looked up for
 * the ids of each page of rows (one query per page and column, never a whole table).
 */

/** Rows turned into text per page: one label query per option column and page. */
const PAGE_ROWS = 1000;

/** Where the label of a referenced row is read: `select value, label from table where value in (…)`. */
export interface LabelLookup {
  table: string;
  label: string;
  value: string;
  /** rows carry school_id: only the caller's campuses are named (as the screen's option list) */
  schoolScoped: boolean;
}

/** Hand-written lists that option sources name like declarations (their screens read these pages). */
const HAND_WRITTEN: Readonly<Record<string, { table: string }>> = {
  sys_user: { table: 'users' },
  system_user: { table: 'users' },
  system_role: { table: 'roles' },
};

/** The table and columns behind a `resource` or `tree` option source; undefined when none is known. */
export function labelLookupOf(source: OptionSource): LabelLookup | undefined {
  if (source.kind === 'resource') {
    const def = RESOURCES.find((d) => d.name === source.resource);
    const table = def?.table ?? HAND_WRITTEN[source.resource]?.table;
    if (!table) return undefined;
    return { table, label: source.label, value: source.value ?? 'id', schoolScoped: def?.scope === 'school' };
  }
  if (source.kind === 'tree') {
    const def = RESOURCES.find((d) => d.tree && `api/v1/${callPath(d, 'tree') ?? ''}` === source.url);
    if (!def?.tree) return undefined;
    return { table: def.table, label: def.tree.text, value: 'id', schoolScoped: def.scope === 'school' };
  }
  if (source.kind === 'schools') return { table: 'organisations', label: 'name', value: 'id', schoolScoped: false };
  return undefined;
}

/** Distinct values of a column over rows (comma-joined lists split), as the lookup's `in` list. */
function valuesOf(rows: readonly Record<string, unknown>[], prop: string): (string | number)[] {
  const out = new Set<string | number>();
  for (const r of rows) {
    const v = r[prop];
    if (typeof v === 'number') out.add(v);
    else if (typeof v === 'string' && v !== '') for (const part of v.split(',')) out.add(/^\d+$/.test(part) ? Number(part) : part);
  }
  return [...out];
}

async function lookUp(db: Kysely<Database>, principal: Principal, lookup: LabelLookup, values: (string | number)[], isSchools: boolean): Promise<OptionItem[]> {
  // an id column is compared with numbers only (PostgreSQL refuses text against an integer)
  const keys = lookup.value === 'id' ? values.filter((v) => typeof v === 'number') : values;
  if (keys.length === 0) return [];
  const anyDb = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  let qb = anyDb
    .selectFrom(lookup.table)
    .select([sql.ref<string | number>(lookup.value).as('v'), sql.ref<unknown>(lookup.label).as('t')])
    .where(sql.ref(lookup.value), 'in', keys);
  if (isSchools) qb = whereInScope(qb, lookup.value, principal);
  else if (lookup.schoolScoped && schoolScope(principal) !== undefined) qb = whereInScope(qb, SCHOOL_COLUMN, principal);
  const rows = await qb.execute();
  return rows.map((r) => ({ value: r.v as string | number, text: r.t === null || r.t === undefined ? String(r.v) : String(r.t) }));
}

async function optionSetItems(db: Kysely<Database>, code: string): Promise<OptionItem[]> {
  const row = await db.selectFrom('option_sets').select('value').where('code', '=', code).executeTakeFirst();
  try {
    const list: unknown = JSON.parse(row?.value ?? '[]');
    if (!Array.isArray(list)) return [];
    return list.flatMap((x): OptionItem[] => {
      const o = x as { value?: unknown; text?: unknown } | null;
      return o && (typeof o.value === 'string' || typeof o.value === 'number') ? [{ value: o.value, text: typeof o.text === 'string' ? o.text : String(o.value) }] : [];
    });
  } catch {
    return [];
  }
}

/** The exported columns that are declared fields (and the campus of a campus-scoped list). */
function declaredColumns(def: ResourceDef, props: readonly string[]): [string, FieldDef][] {
  const out: [string, FieldDef][] = [];
  for (const prop of props) {
    const field = def.fields[prop];
    if (field) out.push([prop, field]);
    else if (prop === SCHOOL_COLUMN && def.scope === 'school') out.push([prop, { type: 'int', label: '校区', options: { kind: 'schools' } }]);
  }
  return out;
}

export interface AsShownArgs {
  db: Kysely<Database>;
  principal: Principal;
  def: ResourceDef;
  /** the exported columns' props (`__columns__`) */
  props: readonly string[];
  rows: readonly Record<string, unknown>[];
}

/** The rows with each declared column's value replaced by the text its cell shows on the screen. */
export async function rowsAsShown({ db, principal, def, props, rows }: AsShownArgs): Promise<Record<string, unknown>[]> {
  const columns = declaredColumns(def, props);
  if (columns.length === 0) return [...rows];
  const fixedItems = new Map<string, OptionItem[]>();
  for (const [prop, field] of columns) {
    const source = field.options;
    if (source?.kind === 'static') fixedItems.set(prop, [...source.items]);
    else if (source?.kind === 'optionset') fixedItems.set(prop, await optionSetItems(db, source.code));
  }
  const out: Record<string, unknown>[] = [];
  for (let start = 0; start < rows.length; start += PAGE_ROWS) {
    const page = rows.slice(start, start + PAGE_ROWS);
    const items = new Map(fixedItems);
    for (const [prop, field] of columns) {
      if (items.has(prop) || !field.options || field.ref) continue;
      const lookup = labelLookupOf(field.options);
      items.set(prop, lookup ? await lookUp(db, principal, lookup, valuesOf(page, prop), field.options.kind === 'schools') : []);
    }
    for (const row of page) {
      const shown: Record<string, unknown> = { ...row };
      for (const [prop, field] of columns) {
        // a relation's label columns are in the row already (joined by the page statement)
        if (field.ref) {
          shown[prop] = refText(row, prop, field);
          continue;
        }
        const text = fieldText(field, row[prop], items.get(prop));
        if (text !== undefined) shown[prop] = text;
      }
      out.push(shown);
    }
  }
  return out;
}

import { createHash } from 'node:crypto';
import { sql, type ColumnDataType, type Kysely } from 'kysely';
import { BASE_COLUMNS, DEL_FLAG_COLUMN, SCHOOL_COLUMN, type FieldDef, type ResourceDef } from '../../src/contract/resource';
import { activeDialect, baseColumns, createCoveringIndex, idColumn, tableColumns, tableIndexes } from './dialect';
import { ensureVersionTriggers } from './table-versions';
import { ensureSearchGrams } from './search-grams';

function columnType(field: FieldDef): ColumnDataType {
  switch (field.type) {
    case 'int':
    case 'bool':
      return 'integer';
    case 'number':
      return activeDialect() === 'postgres' ? 'double precision' : 'real';
    case 'money':
      // integer fen (DESIGN §7); pg's int8 parser (server/db/index.ts) answers it as a number
      return 'bigint';
    case 'date':
      return 'varchar(10)';
    case 'datetime':
      return 'varchar(19)';
    case 'text':
    case 'json':
    case 'ids':
      return 'text';
    default:
      return `varchar(${Math.max(field.max ?? 255, 1)})` as ColumnDataType;
  }
}

function defaultOf(field: FieldDef): string | number | undefined {
  if (field.default === undefined) return undefined;
  if (typeof field.default === 'boolean') return field.default ? 1 : 0;
  return field.default;
}

/** Columns a declaration's table holds besides id and the base columns. */
function declaredColumns(def: ResourceDef): [string, ColumnDataType, FieldDef | undefined][] {
  const cols: [string, ColumnDataType, FieldDef | undefined][] = Object.entries(def.fields).map(([k, f]) => [k, columnType(f), f]);
  if (def.scope === 'school' && !def.fields[SCHOOL_COLUMN]) cols.push([SCHOOL_COLUMN, 'integer', undefined]);
  if (def.softDelete && !def.fields[DEL_FLAG_COLUMN]) cols.push([DEL_FLAG_COLUMN, 'integer', { type: 'bool', label: '删除标记', default: 0 }]);
  return cols;
}

/** The declaration's composite indexes (created once; an index is never dropped here). */
async function createDeclaredIndexes(db: Kysely<unknown>, def: ResourceDef): Promise<void> {
  for (const cols of def.indexes ?? []) {
    const name = `ix_${def.table}_${cols.join('_')}`.slice(0, 63);
    await sql`create index if not exists ${sql.id(name)} on ${sql.table(def.table)} (${sql.join(cols.map((c) => sql.ref(c)))})`.execute(db);
  }
}

/**
 * The declaration's `listIndex` with every other column of the table (dialect.ts
 * `createCoveringIndex`). Its name carries a digest of the whole column list, so when a column is
 * added to the table later, the index that no longer covers it is replaced at the next start.
 */
async function syncListIndex(db: Kysely<unknown>, def: ResourceDef): Promise<void> {
  if (!def.listIndex) return;
  const keys = def.listIndex;
  const rest = (await tableColumns(db, def.table)).filter((c) => !keys.includes(c));
  const digest = createHash('sha256').update([...keys, '|', ...rest].join(',')).digest('hex').slice(0, 10);
  const prefix = `ix_${def.table}_list_`.slice(0, 50);
  const name = `${prefix}${digest}`;
  const existing = (await tableIndexes(db, def.table)).filter((n) => n.startsWith(prefix));
  if (existing.includes(name)) return;
  for (const old of existing) await sql`drop index ${sql.id(old)}`.execute(db);
  await createCoveringIndex(name, def.table, keys, rest).execute(db);
}

/**
 * Creates the table of every resource declaration that has none yet, and adds declared columns a
 * table lacks. Never drops or alters existing columns (data stays; migrations do the rest).
 */
export async function syncResourceTables(db: Kysely<unknown>, resources: readonly ResourceDef[]): Promise<void> {
  const tables = await db.introspection.getTables();
  const byName = new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  for (const def of resources) {
    const existing = byName.get(def.table);
    const cols = declaredColumns(def);
    if (!existing) {
      let builder = baseColumns(idColumn(db.schema.createTable(def.table)));
      let b2 = builder as unknown as typeof builder;
      for (const [name, type, field] of cols) {
        const dflt = field ? defaultOf(field) : undefined;
        b2 = b2.addColumn(name, type, (col) => (dflt === undefined ? col : col.defaultTo(dflt))) as unknown as typeof builder;
      }
      builder = b2;
      await builder.execute();
      for (const [name, , field] of cols) {
        if (field?.unique) {
          await db.schema.createIndex(`uq_${def.table}_${name}`).on(def.table).column(name).unique().execute();
        } else if (field?.index || name === SCHOOL_COLUMN) {
          await db.schema.createIndex(`ix_${def.table}_${name}`).on(def.table).column(name).execute();
        }
      }
      await createDeclaredIndexes(db, def);
      await syncListIndex(db, def);
      // a second declaration over the same table (a view of it, e.g. mkt_ai_log) adds its columns only
      byName.set(def.table, new Set(['id', ...BASE_COLUMNS, ...cols.map(([name]) => name)]));
      continue;
    }
    for (const [name, type, field] of cols) {
      if (existing.has(name)) continue;
      const dflt = field ? defaultOf(field) : undefined;
      await db.schema
        .alterTable(def.table)
        .addColumn(name, type, (col) => (dflt === undefined ? col : col.defaultTo(dflt)))
        .execute();
      // A unique column added to rows that exist: with no default they are all NULL, which a unique
      // index allows; with a default they would all share it, so the index is a plain one and the
      // declaration's uniqueness check (server/lib/resource-routes.ts) keeps new values apart.
      if (field?.unique && dflt === undefined) {
        await sql`create unique index if not exists ${sql.id(`uq_${def.table}_${name}`)} on ${sql.table(def.table)} (${sql.ref(name)})`.execute(db);
      } else if (field?.unique || field?.index || name === SCHOOL_COLUMN) {
        await sql`create index if not exists ${sql.id(`ix_${def.table}_${name}`)} on ${sql.table(def.table)} (${sql.ref(name)})`.execute(db);
      }
    }
    await createDeclaredIndexes(db, def);
    await syncListIndex(db, def);
  }
  // List calls reuse counts while a table is unchanged (server/lib/count-cache.ts).
  await ensureVersionTriggers(db, resources.map((d) => d.table));
  await ensureSearchGrams(db, resources);
}

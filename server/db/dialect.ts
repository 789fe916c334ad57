import { sql, type CreateTableBuilder, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

/** The one place where SQLite and PostgreSQL differ. */
export type DialectName = 'sqlite' | 'postgres';

// A process talks to one database kind; openDatabase sets it before migrations run.
let active: DialectName = 'sqlite';

export function setActiveDialect(d: DialectName): void {
  active = d;
}

export function activeDialect(): DialectName {
  return active;
}

/** `id` column: SQLite `integer primary key autoincrement`, PostgreSQL `serial primary key`. */
export function idColumn<T extends string>(builder: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return active === 'postgres'
    ? builder.addColumn('id', 'serial', (col) => col.primaryKey())
    : builder.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** The standard columns after `id`: created_at, updated_at (text), created_by, updated_by. */
export function baseColumns<T extends string, C extends string>(builder: CreateTableBuilder<T, C>): CreateTableBuilder<T, C | 'created_at' | 'updated_at' | 'created_by' | 'updated_by'> {
  return builder
    .addColumn('created_at', 'varchar(19)')
    .addColumn('updated_at', 'varchar(19)')
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer');
}

/** SQL type of a money column: integer fen (DESIGN §7) in both databases. */
export function moneyType(): 'bigint' {
  return 'bigint';
}

/**
 * Case-insensitive LIKE with backslash as the escape character in both databases: PostgreSQL
 * `ilike`, SQLite `like` (case-insensitive for ASCII already). SQLite has no default escape
 * character, so without `escape '\\'` a pattern from `likePattern` would match the backslash itself.
 */
export function likeInsensitive(ref: Expression<unknown> | string, value: string): Expression<SqlBool> {
  const left = typeof ref === 'string' ? sql.ref(ref) : ref;
  return active === 'postgres' ? sql<SqlBool>`${left} ilike ${value} escape ${sql.lit('\\')}` : sql<SqlBool>`${left} like ${value} escape ${sql.lit('\\')}`;
}

/** `%text%` with `%`, `_` and `\\` escaped by a backslash (the escape character of `likeInsensitive`). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/**
 * A bound key SQLite's planner does not read. Once ANALYZE has left samples (sqlite_stat4), SQLite
 * plans an equality on a sampled index from the bound value, and a statement planned from a value
 * is prepared again at every run (better-sqlite3 binds every run): 15-25 µs a statement, more than
 * a point lookup itself. Behind a cast it is planned from the averages once. Only for a key whose
 * plan cannot depend on its value (its own index); both databases read the cast.
 */
export function unsampledKey<V extends number | string>(value: V): RawBuilder<V> {
  return typeof value === 'number' ? sql<V>`cast(${value} as integer)` : sql<V>`cast(${value} as varchar)`;
}

/**
 * Counts the rows a select would answer: its selection, order, limit and offset are replaced by
 * `count(*)`. For grouped or distinct queries count a subquery instead.
 */
export async function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await countQuery(query).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The `count(*)` query of `countOf`, not yet run (to compile or execute it). */
export function countQuery<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, { n: number | string }> {
  return query.clearSelect().clearOrderBy().clearLimit().clearOffset().select(sql<number | string>`count(*)`.as('n')) as unknown as SelectQueryBuilder<DB, TB, { n: number | string }>;
}

/** Whether an error is a unique-constraint violation in either database. */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The columns a unique-constraint violation names, where the database says which: PostgreSQL's
 * constraint name and detail (`Key (code)=(x) already exists.`), SQLite's message
 * (`UNIQUE constraint failed: table.code`). Empty when it does not say.
 */
export function uniqueViolationColumns(err: unknown): { columns: string[]; constraint?: string } {
  if (!err || typeof err !== 'object') return { columns: [] };
  const { detail, message, constraint } = err as { detail?: unknown; message?: unknown; constraint?: unknown };
  const named = typeof constraint === 'string' ? constraint : undefined;
  const pg = typeof detail === 'string' ? /^Key \(([^)]*)\)=/.exec(detail) : null;
  if (pg) return { columns: pg[1].split(',').map((c) => c.trim().replace(/^"|"$/g, '')), constraint: named };
  const lite = typeof message === 'string' ? /UNIQUE constraint failed: (.*)$/.exec(message) : null;
  if (lite) return { columns: lite[1].split(',').map((c) => c.trim().split('.').pop() ?? ''), constraint: named };
  return { columns: [], constraint: named };
}

/**
 * Whether the database refused a parameter's value itself: PostgreSQL's integer columns refuse a
 * number beyond 2^31 (22003) or a text that is no number (22P02) where SQLite simply finds no row.
 * Such input is the caller's mistake, answered 400, not a fault.
 */
export function isRefusedValue(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === '22003' || code === '22P02';
}

/** Whether a Kysely instance talks to PostgreSQL (for code that gets a db but not the config). */
export function dialectOf(db: Kysely<unknown>): DialectName {
  const adapter = db.getExecutor().adapter;
  return adapter.constructor.name.toLowerCase().includes('postgres') ? 'postgres' : 'sqlite';
}

/** Column names of a table in its own order (the order `select table.*` answers them). */
export async function tableColumns(db: Kysely<unknown>, table: string): Promise<string[]> {
  const rows =
    active === 'postgres'
      ? (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db)).rows
      : (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows;
  return rows.map((r) => r.name);
}

/**
 * One row of `table` as JSON, rendered by the database: the same keys, order and values as the
 * row object `select table.*` gives. PostgreSQL renders the whole row as text (`columns` unused).
 * SQLite needs the names, and answers UTF-8 bytes (a blob): they go into the response as they are,
 * where text would be decoded into a JavaScript string and encoded again (a tenth of a list call's CPU).
 * `extra`: joined columns added to the row (a relation's label columns); one named like a column of
 * the table replaces its value (a masked column).
 */
export function rowJson(table: string, columns: readonly string[], extra: readonly [string, RawBuilder<unknown>][] = []): RawBuilder<string | Uint8Array> {
  if (active === 'postgres') {
    if (extra.length === 0) return sql<string>`row_to_json(${sql.table(table)})::text`;
    // joined columns (relation labels) follow the row's own keys: spliced as json text, since
    // jsonb (`||`) would reorder every key by length
    const more = sql.join(extra.map(([k, v]) => sql`${sql.lit(k)}, ${v}`));
    return sql<string>`(left(row_to_json(${sql.table(table)})::text, -1) || ',' || substr(json_build_object(${more})::text, 2))`;
  }
  // an extra named like a column replaces it in place (a masked column, server/lib/mask.ts)
  const own = new Set(columns);
  const replaced = new Map(extra.filter(([k]) => own.has(k)));
  const pairs = [
    ...columns.map((c) => sql`${sql.lit(c)}, ${replaced.get(c) ?? sql.ref(`${table}.${c}`)}`),
    ...extra.filter(([k]) => !own.has(k)).map(([k, v]) => sql`${sql.lit(k)}, ${v}`),
  ];
  return sql<Uint8Array>`cast(json_object(${sql.join(pairs)}) as blob)`;
}

/**
 * A covering index: `keys` in order, then the table's other columns. PostgreSQL holds those as
 * non-key columns (`include`); SQLite has no such clause, so they are trailing key columns.
 */
export function createCoveringIndex(name: string, table: string, keys: readonly string[], rest: readonly string[]): RawBuilder<unknown> {
  const refs = (cols: readonly string[]) => sql.join(cols.map((c) => sql.ref(c)));
  if (active === 'postgres') {
    return rest.length === 0
      ? sql`create index ${sql.id(name)} on ${sql.table(table)} (${refs(keys)})`
      : sql`create index ${sql.id(name)} on ${sql.table(table)} (${refs(keys)}) include (${refs(rest)})`;
  }
  return sql`create index ${sql.id(name)} on ${sql.table(table)} (${refs([...keys, ...rest])})`;
}

/** Names of the indexes of a table. */
export async function tableIndexes(db: Kysely<unknown>, table: string): Promise<string[]> {
  const rows =
    active === 'postgres'
      ? (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(db)).rows
      : (await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(db)).rows;
  return rows.map((r) => r.name);
}

import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { SCHOOL_COLUMN, type FieldDef, type ResourceDef } from '../../src/contract/resource';
import { activeDialect } from './dialect';

/**
 * Pieces of two characters of a searched text column (a field declared `grams: true`), so that
 * `name like '%陈宇轩%'` need not read every row of the caller's campuses: the rows holding the
 * search's first two characters are found by index, then the `like` keeps the exact matches.
 * At a million students a name search reads ~50 rows instead of 16,700 (one campus) or 1,000,000.
 *
 * One table per field, `gr_<table>_<column>` (gram, school_id, row_id), kept by triggers in the
 * database itself, so every writer (a declared call, a module's own statement, an import, a
 * script) keeps it right; the campus is part of the key, so a scoped search stays in its campuses.
 * The grams are the text as stored (no case folding): a search whose pieces all have case
 * (Latin letters) is not served by the table, since `like` ignores case (server/db/dialect.ts).
 */

const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

export function gramTable(def: ResourceDef, column: string): string {
  return `gr_${def.table}_${column}`.slice(0, 63);
}

export function gramFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => f.grams === true && f.search === 'like');
}

/**
 * The piece of a search the table is asked for: its first two characters that have no case, or
 * undefined when the search is shorter than two characters or has no such piece.
 */
export function searchGram(text: string): string | undefined {
  const chars = Array.from(text);
  for (let i = 0; i + 1 < chars.length; i += 1) {
    const gram = chars[i] + chars[i + 1];
    if (gram.toLowerCase() === gram.toUpperCase()) return gram;
  }
  return undefined;
}

/**
 * `<table>.id in (select row_id from gr_… where gram = ? [and school_id in (…)])`. The campus list
 * is the caller's scope (undefined: every campus); bind order: the gram, then the campuses.
 */
export function gramCondition(def: ResourceDef, column: string, gram: string, scope: readonly number[] | undefined): Expression<SqlBool> {
  const table = sql.table(gramTable(def, column));
  const campuses = def.scope === 'school' && scope !== undefined && scope.length > 0 ? sql` and school_id in (${sql.join(scope.map((id) => sql`${id}`))})` : sql``;
  return sql<SqlBool>`${sql.ref(`${def.table}.id`)} in (select row_id from ${table} where gram = ${gram}${campuses})`;
}

function schoolOf(def: ResourceDef, row: 'new' | 's'): string {
  return def.scope === 'school' ? `coalesce(${row}.${SCHOOL_COLUMN}, 0)` : '0';
}

/** SQLite triggers hold no loops or CTEs: one select per position of the column's maximum length. */
function sqliteGramSelect(def: ResourceDef, column: string, max: number): string {
  const parts: string[] = [];
  for (let i = 1; i < max; i += 1) parts.push(`select substr(new.${column}, ${i}, 2) as g`);
  return `select g, ${schoolOf(def, 'new')}, new.id from (${parts.join(' union all ')}) where length(g) = 2`;
}

async function createSqlite(db: Kysely<unknown>, def: ResourceDef, column: string, field: FieldDef, have: Set<string>): Promise<void> {
  const table = gramTable(def, column);
  const watched = def.scope === 'school' ? `${column}, ${SCHOOL_COLUMN}` : column;
  const insert = `insert or ignore into ${table} (gram, school_id, row_id) ${sqliteGramSelect(def, column, field.max ?? 64)}`;
  const triggers: [string, string][] = [
    [`${table}_ins`, `after insert on ${def.table} when new.${column} is not null begin ${insert}; end`],
    [`${table}_upd`, `after update of ${watched} on ${def.table} begin delete from ${table} where row_id = old.id; ${insert}; end`],
    [`${table}_del`, `after delete on ${def.table} begin delete from ${table} where row_id = old.id; end`],
  ];
  for (const [name, body] of triggers) {
    if (!have.has(name)) await sql.raw(`create trigger ${name} ${body}`).execute(db);
  }
}

async function createPostgres(db: Kysely<unknown>, def: ResourceDef, column: string, have: Set<string>): Promise<void> {
  const table = gramTable(def, column);
  const fn = `${table}_fn`.slice(0, 63);
  const school = def.scope === 'school' ? `coalesce(new.${SCHOOL_COLUMN}, 0)` : '0';
  await sql
    .raw(
      `create or replace function ${fn}() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then delete from ${table} where row_id = old.id; end if;
        if tg_op in ('INSERT', 'UPDATE') and new.${column} is not null then
          insert into ${table} (gram, school_id, row_id)
            select distinct substr(new.${column}, i, 2), ${school}, new.id from generate_series(1, char_length(new.${column}) - 1) as i
            on conflict do nothing;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  const watched = def.scope === 'school' ? `${column}, ${SCHOOL_COLUMN}` : column;
  const name = `${table}_all`.slice(0, 63);
  if (!have.has(name)) await sql.raw(`create trigger ${name} after insert or delete or update of ${watched} on ${def.table} for each row execute function ${fn}()`).execute(db);
}

/** Grams of the rows already in the table (when the gram table is new). */
async function backfill(db: Kysely<unknown>, def: ResourceDef, column: string, field: FieldDef): Promise<void> {
  const table = gramTable(def, column);
  const max = field.max ?? 64;
  const postgres = activeDialect() === 'postgres';
  const [ignore, conflict, length] = postgres ? ['', 'on conflict do nothing', 'char_length'] : ['or ignore', '', 'length'];
  await sql
    .raw(
      `with recursive pos(i) as (select 1 union all select i + 1 from pos where i < ${max - 1})
      insert ${ignore} into ${table} (gram, school_id, row_id)
      select substr(s.${column}, pos.i, 2), ${schoolOf(def, 's')}, s.id from ${def.table} s join pos on pos.i < ${length}(s.${column})
      where s.${column} is not null ${conflict}`,
    )
    .execute(db);
}

async function existingTriggers(db: Kysely<unknown>): Promise<Set<string>> {
  const rows =
    activeDialect() === 'postgres'
      ? (await sql<{ name: string }>`select tgname as name from pg_trigger where tgname like 'gr%'`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name like 'gr%'`.execute(db)).rows;
  return new Set(rows.map((r) => r.name));
}

/** Creates the gram tables and triggers of the declared `grams` fields where missing (run at start). */
export async function ensureSearchGrams(db: Kysely<unknown>, resources: readonly ResourceDef[]): Promise<void> {
  const wanted = resources.flatMap((def) => gramFields(def).map(([column, field]) => ({ def, column, field })));
  if (wanted.length === 0) return;
  const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
  const have = await existingTriggers(db);
  const done = new Set<string>();
  for (const { def, column, field } of wanted) {
    const table = gramTable(def, column);
    if (done.has(table)) continue;
    done.add(table);
    for (const name of [def.table, column, table]) if (!SAFE_NAME.test(name)) throw new Error(`名称不合法: ${name}`);
    const fresh = !tables.has(table);
    if (fresh) {
      const keyless = activeDialect() === 'postgres' ? '' : ' without rowid';
      await sql.raw(`create table ${table} (gram varchar(2) not null, school_id integer not null, row_id integer not null, primary key (gram, school_id, row_id))${keyless}`).execute(db);
      await sql.raw(`create index ${table}_row on ${table} (row_id)`).execute(db);
    }
    if (activeDialect() === 'postgres') await createPostgres(db, def, column, have);
    else await createSqlite(db, def, column, field, have);
    if (fresh) await backfill(db, def, column, field);
  }
}

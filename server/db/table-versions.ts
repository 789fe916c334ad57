import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import { activeDialect } from './dialect';

/**
 * Write counters per table. Triggers bump `table_versions` in the same transaction as the write,
 * whoever writes (a resource call, a module's own statement, a script on the database), so a
 * reader that sees an unchanged counter knows the table is unchanged. Every process reads the
 * counter from the database, so WORKERS processes agree without talking to each other.
 */

const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

function triggerName(table: string, op: string): string {
  return `tv_${table}_${op}`.slice(0, 63);
}

/** Counting triggers already in the database (one look instead of a statement per trigger at each start). */
async function existingTriggers(db: Kysely<unknown>): Promise<Set<string>> {
  const rows =
    activeDialect() === 'postgres'
      ? (await sql<{ name: string }>`select tgname as name from pg_trigger where tgname like 'tv%'`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name like 'tv%'`.execute(db)).rows;
  return new Set(rows.map((r) => r.name));
}

async function createSqliteTriggers(db: Kysely<unknown>, table: string, have: Set<string>): Promise<void> {
  const bump = sql.raw(
    `insert into table_versions (name, version) values ('${table}', 1) on conflict (name) do update set version = table_versions.version + 1`,
  );
  for (const [op, event] of [['ins', 'insert'], ['upd', 'update'], ['del', 'delete']] as const) {
    const name = triggerName(table, op);
    if (have.has(name)) continue;
    await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.table(table)} begin ${bump}; end`.execute(db);
  }
}

/** PostgreSQL bumps once per statement (not per row): a bulk write costs one counter update. */
async function createPostgresTriggers(db: Kysely<unknown>, table: string, have: Set<string>): Promise<void> {
  const name = triggerName(table, 'all');
  if (have.has(name)) return;
  await sql`create trigger ${sql.id(name)} after insert or update or delete on ${sql.table(table)} for each statement execute function campus_desk_bump_table_version()`.execute(db);
}

/** Creates the counting triggers of these tables where they are missing (run at start). */
export async function ensureVersionTriggers(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  const names = [...new Set(tables)];
  for (const t of names) if (!SAFE_NAME.test(t)) throw new Error(`表名不合法: ${t}`);
  const postgres = activeDialect() === 'postgres';
  if (postgres) {
    await sql`
      create or replace function campus_desk_bump_table_version() returns trigger language plpgsql as $$
      begin
        insert into table_versions (name, version) values (TG_TABLE_NAME, 1)
          on conflict (name) do update set version = table_versions.version + 1;
        return null;
      end $$`.execute(db);
  }
  const have = await existingTriggers(db);
  for (const t of names) await (postgres ? createPostgresTriggers(db, t, have) : createSqliteTriggers(db, t, have));
}

const VERSION_SQL = {
  postgres: 'select version from table_versions where name = $1',
  sqlite: 'select version from table_versions where name = ?',
} as const;

/** The table's write counter now (0 before its first counted write). */
export async function tableVersion(db: Pick<Kysely<unknown>, 'executeQuery'>, table: string): Promise<number> {
  const res = await db.executeQuery<{ version: number | string }>(CompiledQuery.raw(VERSION_SQL[activeDialect()], [table]));
  return Number(res.rows[0]?.version ?? 0);
}

/**
 * The table's counter as a column of another select (`(select version ...) as v`), for a page that
 * reads its rows and the counter in one statement, from one snapshot. Null before the first write.
 */
export function tableVersionColumn(table: string): RawBuilder<number | string | null> {
  if (!SAFE_NAME.test(table)) throw new Error(`表名不合法: ${table}`);
  return sql<number | string | null>`(select version from table_versions where name = ${sql.lit(table)})`;
}

/**
 * Bulk filling of a throwaway SQLite bench database: the tables' secondary indexes and
 * table-version triggers are set aside while the rows go in (an index built once over sorted keys
 * is many times faster than one grown row by row, and a trigger runs once per row), then put back
 * as the migrations made them. Not for a database anyone keeps.
 */
import type Sqlite from 'better-sqlite3';

type Raw = InstanceType<typeof Sqlite>;

/** Fast, unsafe settings for a bulk fill: no syncing, a large page cache (1 GB). */
export function bulkPragmas(raw: Raw): void {
  raw.pragma('synchronous = OFF');
  raw.pragma('journal_mode = WAL');
  raw.pragma('cache_size = -1000000');
  raw.pragma('temp_store = MEMORY');
}

/** Drops the tables' indexes and table-version triggers; answers how to put them back. */
export function setAsideIndexes(raw: Raw, tables: readonly string[], log: (l: string) => void): () => void {
  const marks = tables.map(() => '?').join(',');
  const objects = raw
    .prepare(`select type, name, tbl_name, sql from sqlite_master where type in ('index', 'trigger') and sql is not null and tbl_name in (${marks})`)
    .all(...tables) as { type: 'index' | 'trigger'; name: string; tbl_name: string; sql: string }[];
  for (const o of objects) raw.exec(`drop ${o.type} "${o.name}"`);
  return () => {
    const t0 = performance.now();
    for (const o of objects) raw.exec(o.sql);
    log(`  重建 ${objects.filter((o) => o.type === 'index').length} 个索引（${((performance.now() - t0) / 1000).toFixed(0)} s）`);
    // what the triggers would have done: the counts and pages cached by table version are stale now
    const bump = raw.prepare('insert into table_versions (name, version) values (?, 1) on conflict (name) do update set version = table_versions.version + 1');
    for (const table of tables) bump.run(table);
  };
}

import type Sqlite from 'better-sqlite3';

/**
 * Runs a bulk load of the benches' databases with the tables' non-unique indexes dropped and built
 * again at the end (one sort each): otherwise every row lands at a random place of indexes of
 * millions of entries and the load slows to a crawl once they outgrow the page cache. Unique
 * indexes stay (they guard the data).
 */
export function withIndexesRebuilt(raw: Sqlite.Database, tables: readonly string[], log: (l: string) => void, load: () => void): void {
  const indexes = raw
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables.map(() => '?').join(', ')}) and sql not like 'create unique%' collate nocase`)
    .all(...tables) as { name: string; sql: string }[];
  for (const ix of indexes) raw.exec(`drop index "${ix.name}"`);
  raw.pragma('cache_size = -400000');
  load();
  log(`重建 ${indexes.length} 个索引 …`);
  for (const ix of indexes) raw.exec(ix.sql);
  raw.exec('analyze');
}

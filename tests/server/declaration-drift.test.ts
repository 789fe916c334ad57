import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestServer, type TestServer } from './helpers';
import { RESOURCES } from '../../src/contract/resources';
import { BASE_COLUMNS, DEL_FLAG_COLUMN, SCHOOL_COLUMN, type FieldType, type ResourceDef } from '../../src/contract/resource';

/** The families a declared field type may be stored as (SQLite and PostgreSQL names, lower case). */
const FAMILIES: Record<FieldType, RegExp> = {
  string: /char|text/,
  text: /text|char/,
  int: /int/,
  bool: /int|bool/,
  number: /real|double|float|numeric/,
  // integer fen (DESIGN §7)
  money: /int/,
  date: /char|text|date/,
  datetime: /char|text|timestamp/,
  json: /text|json/,
  ids: /text|char/,
};

function expectedColumns(def: ResourceDef): Map<string, FieldType | undefined> {
  const out = new Map<string, FieldType | undefined>(BASE_COLUMNS.map((c) => [c, undefined]));
  for (const [k, f] of Object.entries(def.fields)) out.set(k, f.type);
  if (def.scope === 'school' && !out.has(SCHOOL_COLUMN)) out.set(SCHOOL_COLUMN, 'int');
  if (def.softDelete && !out.has(DEL_FLAG_COLUMN)) out.set(DEL_FLAG_COLUMN, 'int');
  return out;
}

/** Every declaration against the real database: each declared column exists, with a type of its family. */
describe('declarations and the database do not drift apart', () => {
  let s: TestServer;
  let tables: Map<string, Map<string, string>>;

  beforeAll(async () => {
    s = await createTestServer();
    const meta = await (s.db as unknown as Kysely<unknown>).introspection.getTables();
    tables = new Map(meta.map((t) => [t.name, new Map(t.columns.map((c) => [c.name, c.dataType.toLowerCase()]))]));
  });
  afterAll(() => s.close());

  it.each(RESOURCES.map((def) => [def.name, def] as const))('%s', (_name, def) => {
    const actual = tables.get(def.table);
    expect(actual, `table ${def.table}`).toBeDefined();
    for (const [column, type] of expectedColumns(def)) {
      const stored = actual?.get(column);
      expect(stored, `${def.table}.${column}`).toBeDefined();
      if (type) expect(stored, `${def.table}.${column} (${type})`).toMatch(FAMILIES[type]);
    }
  });
});

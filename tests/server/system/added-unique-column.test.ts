import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { syncResourceTables } from '../../../server/db/resource-tables';
import { tableIndexes } from '../../../server/db/dialect';
import { defineResource } from '../../../src/contract/resource';
import { createTestServer, type TestServer } from '../helpers';

/**
 * A unique or indexed field declared after its table exists gets its index at the next start
 * (server/db/resource-tables.ts), as it would have had with the table.
 */
let server: TestServer;
let db: Kysely<unknown>;

const first = defineResource({
  name: 'zz_added_unique',
  title: '测试',
  table: 'zz_added_unique',
  scope: 'global',
  perm: 'zz_added_unique',
  fields: { name: { type: 'string', label: '名称' } },
});
const later = defineResource({
  ...first,
  fields: {
    ...first.fields,
    code: { type: 'string', label: '编码', unique: true },
    kind: { type: 'int', label: '类别', unique: true, default: 0 },
    ref_no: { type: 'string', label: '单号', index: true },
  },
});

beforeAll(async () => {
  server = await createTestServer();
  db = server.db as unknown as Kysely<unknown>;
});

afterAll(async () => {
  await sql`drop table if exists zz_added_unique`.execute(db).catch(() => undefined);
  await server?.close();
});

describe('a field added to an existing table', () => {
  it('unique without a default: a unique index (the existing rows are NULL); with a default: a plain one; index: a plain one', async () => {
    await syncResourceTables(db, [first]);
    await sql`insert into zz_added_unique (name, created_at, updated_at) values ('甲', '2026-01-01 00:00:00', '2026-01-01 00:00:00'), ('乙', '2026-01-01 00:00:00', '2026-01-01 00:00:00')`.execute(db);
    await syncResourceTables(db, [later]);
    const names = await tableIndexes(db, 'zz_added_unique');
    expect(names).toEqual(expect.arrayContaining(['uq_zz_added_unique_code', 'ix_zz_added_unique_kind', 'ix_zz_added_unique_ref_no']));
    expect(names).not.toContain('uq_zz_added_unique_kind');
    await sql`update zz_added_unique set code = 'A' where name = '甲'`.execute(db);
    await expect(sql`update zz_added_unique set code = 'A' where name = '乙'`.execute(db)).rejects.toThrow();
    // a second start changes nothing
    await syncResourceTables(db, [later]);
    expect((await tableIndexes(db, 'zz_added_unique')).sort()).toEqual([...names].sort());
  });
});

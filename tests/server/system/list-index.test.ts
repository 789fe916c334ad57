import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { syncResourceTables } from '../../../server/db/resource-tables';
import { tableColumns, tableIndexes } from '../../../server/db/dialect';
import { studentResource } from '../../../src/contract/resources/students';
import { nowText } from '../../../server/lib/time';
import { DEMO_PASSWORD, createTestServer, type TestServer } from '../helpers';

/**
 * A declaration's `listIndex` is a covering index (server/db/resource-tables.ts): the list's usual
 * search reads its rows from the index alone, and the index follows the table's columns.
 */
let server: TestServer;
let db: Kysely<unknown>;

beforeAll(async () => {
  server = await createTestServer();
  db = server.db as unknown as Kysely<unknown>;
});

afterAll(async () => {
  await server?.close();
});

async function listIndexes(): Promise<string[]> {
  return (await tableIndexes(db, 'student')).filter((n) => n.startsWith('ix_student_list_'));
}

/** Every column of the index, key and included, in order. */
async function indexColumns(name: string): Promise<string[]> {
  if (server.dialect === 'postgres') {
    const row = (await sql<{ def: string }>`select indexdef as def from pg_indexes where indexname = ${name}`.execute(db)).rows[0];
    return [...(row?.def ?? '').matchAll(/[(,]\s*"?([a-z_]+)"?/g)].map((m) => m[1]);
  }
  return (await sql<{ name: string }>`select name from pragma_index_info(${name}) order by seqno`.execute(db)).rows.map((r) => r.name);
}

describe('covering list index', () => {
  it('holds the search columns first, then every other column; the plain index it replaced is gone', async () => {
    const names = await listIndexes();
    expect(names).toHaveLength(1);
    const cols = await indexColumns(names[0]);
    expect(cols.slice(0, 4)).toEqual(['school_id', 'del_flag', 'state', 'created_at']);
    expect([...cols].sort()).toEqual([...(await tableColumns(db, 'student'))].sort());
    expect(await tableIndexes(db, 'student')).not.toContain('ix_student_school_id_del_flag_state_created_at');
  });

  it('the page of the usual search reads the index alone and answers the right rows', async () => {
    const school = await server.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow();
    for (const [i, name] of ['覆盖甲', '覆盖乙', '覆盖丙'].entries()) {
      const at = `2030-01-0${i + 1} 08:00:00`;
      await server.db
        .insertInto('student')
        .values({ name, gender: 1, birthday: null, parent_name: '家长', parent_phone: null, state: 1, remark: `备注${i}`, school_id: school.id, del_flag: 0, created_at: at, updated_at: nowText(), created_by: null, updated_by: null })
        .execute();
    }
    if (server.dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan select * from student where school_id in (${school.id}) and del_flag = 0 and state = 1 order by created_at desc, id desc limit 20 offset 0`.execute(db);
      expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/COVERING INDEX ix_student_list_/);
    }
    const sales = await server.login('sales', DEMO_PASSWORD);
    const page = await server.call<{ content: { name: string; remark: string }[] }>('POST', '/api/v1/student/page', { headers: sales.headers, form: { state: 1, sort: 'created_at desc', rows: 3 } });
    expect(page.body.code).toBe(200);
    expect(page.body.data.content.map((r) => [r.name, r.remark])).toEqual([['覆盖丙', '备注2'], ['覆盖乙', '备注1'], ['覆盖甲', '备注0']]);
  });

  it('is replaced when the table gains a column, so it keeps covering every column', async () => {
    const before = await listIndexes();
    const extended = { ...studentResource, fields: { ...studentResource.fields, nickname: { type: 'string' as const, label: '昵称', max: 32 } } };
    await syncResourceTables(db, [extended]);
    const after = await listIndexes();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    expect(await indexColumns(after[0])).toContain('nickname');
    // an unchanged table keeps its index
    await syncResourceTables(db, [extended]);
    expect(await listIndexes()).toEqual(after);
  });
});

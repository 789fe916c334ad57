import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN, DEMO_PASSWORD, createTestServer, type LoggedIn, type TestServer } from '../helpers';
import { searchGram } from '../../../server/db/search-grams';

/**
 * A student name search of two characters or more goes through the table of the names'
 * two-character pieces (server/db/search-grams.ts), on SQLite and, with TEST_DATABASE_URL, on
 * PostgreSQL: it answers exactly what a plain `like` over the students answers, and the pieces
 * follow every write (add, rename, move to another campus, delete) made by any writer.
 */

let server: TestServer;
const who: Record<string, LoggedIn> = {};
let cy = 0;
let th = 0;

interface Page {
  content: { id: number; name: string; school_id: number }[];
  totalSize: number;
}

async function search(user: string, name: string): Promise<Page> {
  const res = await server.call<Page>('POST', '/api/v1/student/page', { headers: who[user].headers, form: { page: 1, rows: 100, name } });
  expect(res.body.code).toBe(200);
  return res.body.data;
}

/** What a plain like over the table answers for these campuses (undefined: every campus). */
async function plainLike(name: string, campuses?: number[]): Promise<number[]> {
  let q = server.db.selectFrom('student').select('id').where('del_flag', '=', 0).where('name', 'like', `%${name}%`);
  if (campuses) q = q.where('school_id', 'in', campuses);
  return (await q.orderBy('id', 'desc').execute()).map((r) => Number(r.id));
}

beforeAll(async () => {
  server = await createTestServer();
  who.admin = await server.login(ADMIN.login, ADMIN.password);
  who.sales = await server.login('sales', DEMO_PASSWORD);
  const org = async (code: string) => (await server.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  cy = await org('BJ-CY');
  th = await org('GZ-TH');
}, 120_000);

afterAll(async () => server?.close());

describe('student name search through the two-character pieces', () => {
  it('picks the first piece without letter case; one character or Latin letters only take the plain like', () => {
    expect(searchGram('陈宇轩')).toBe('陈宇');
    expect(searchGram('陈')).toBeUndefined();
    expect(searchGram('Tom')).toBeUndefined();
    expect(searchGram('Tom陈宇')).toBe('陈宇');
    expect(searchGram('小明2')).toBe('小明');
  });

  it('answers what a plain like answers, for the administrator and for an adviser of one campus', async () => {
    const names = (await server.db.selectFrom('student').select('name').where('del_flag', '=', 0).orderBy('id').limit(40).execute()).map((r) => r.name);
    const terms = [...new Set([...names.slice(0, 10), ...names.slice(10, 20).map((n) => Array.from(n).slice(0, 2).join('')), ...names.slice(20, 30).map((n) => Array.from(n).slice(-2).join(''))])];
    expect(terms.length).toBeGreaterThan(5);
    for (const term of terms) {
      const all = await search('admin', term);
      expect(all.content.map((r) => r.id), term).toEqual(await plainLike(term));
      expect(all.totalSize).toBe(all.content.length);
      const mine = await search('sales', term);
      const campuses = [...new Set(mine.content.map((r) => r.school_id))];
      // the adviser sees a subset of the administrator's answer, all of it for their campuses
      expect(mine.content.every((r) => all.content.some((a) => a.id === r.id))).toBe(true);
      if (campuses.length > 0) expect(mine.content.map((r) => r.id), term).toEqual((await plainLike(term, campuses)).filter((id) => all.content.some((a) => a.id === id && campuses.includes(a.school_id))));
    }
  });

  it('follows an add, a rename, a move to another campus and a delete, whoever writes', async () => {
    const name = `闻笛${Date.now() % 100000}`;
    const added = await server.call<{ id: number }>('POST', '/api/v1/student/add', { headers: who.admin.headers, json: { name, gender: 1, school_id: cy, parent_phone: '13912345678' } });
    expect(added.body.code, added.body.msg).toBe(200);
    const id = Number(added.body.data.id ?? (await server.db.selectFrom('student').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);
    expect((await search('admin', '闻笛')).content.map((r) => r.id)).toContain(id);
    // a module's own statement (not the declared call) keeps the pieces too
    await sql`update student set name = ${`听雨${name.slice(2)}`} where id = ${id}`.execute(server.db);
    expect((await search('admin', '闻笛')).content.map((r) => r.id)).not.toContain(id);
    expect((await search('admin', '听雨')).content.map((r) => r.id)).toContain(id);
    const pieces = await sql<{ gram: string }>`select gram from gr_student_name where row_id = ${id} order by gram`.execute(server.db);
    expect(pieces.rows.map((r) => r.gram)).toContain('听雨');
    expect(pieces.rows.map((r) => r.gram)).not.toContain('闻笛');
    // the search really reads the pieces: without them the student is not found
    await sql`delete from gr_student_name where row_id = ${id}`.execute(server.db);
    expect((await search('admin', '听雨')).content.map((r) => r.id)).not.toContain(id);
    await sql`update student set school_id = ${th} where id = ${id}`.execute(server.db);
    const moved = await sql<{ school_id: number }>`select distinct school_id from gr_student_name where row_id = ${id}`.execute(server.db);
    expect(moved.rows.map((r) => Number(r.school_id))).toEqual([th]);
    expect((await search('admin', '听雨')).content.find((r) => r.id === id)?.school_id).toBe(th);
    await sql`delete from student where id = ${id}`.execute(server.db);
    const gone = await sql<{ n: number }>`select count(*) as n from gr_student_name where row_id = ${id}`.execute(server.db);
    expect(Number(gone.rows[0].n)).toBe(0);
  });
});

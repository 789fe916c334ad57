import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_VALUE_PERM } from '../../../src/contract/mask';
import { cachedPlan, planOf } from '../../../server/lib/page-plan';
import { DEFAULT_PAGE_SIZE } from '../../../src/contract/paging';
import { studentResource } from '../../../src/contract/resources/students';
import { holidaySetResource } from '../../../src/contract/resources/base';
import { classTypeResource } from '../../../src/contract/resources/products';
import type { Principal } from '../../../server/lib/context';
import { nowText } from '../../../server/lib/time';
import { ADMIN, DEMO_PASSWORD, createTestServer, type LoggedIn, type TestServer } from '../helpers';

/**
 * The standard page call keeps compiled statements per shape (server/lib/page-plan.ts): the second
 * call of a shape must answer exactly what the Kysely-built first call answered, for every kind of
 * filter, and a shape is cached only after its values matched Kysely's own parameters.
 */
let server: TestServer;
let admin: LoggedIn;
let sales: LoggedIn;

type Page = { content: { id: number }[]; totalSize: number };

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login(ADMIN.login, ADMIN.password);
  sales = await server.login('sales', DEMO_PASSWORD);
  const school = await server.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow();
  const now = nowText();
  for (const [i, name] of ['计划甲', '计划乙', '计划丙', '计划_丁'].entries()) {
    await server.db
      .insertInto('student')
      .values({ name, gender: 1, birthday: null, parent_name: null, parent_phone: null, state: (i % 2) + 1, remark: null, school_id: school.id, del_flag: i === 3 ? 1 : 0, created_at: now, updated_at: now, created_by: null, updated_by: null })
      .execute();
  }
});

afterAll(async () => {
  await server?.close();
});

async function twice(who: LoggedIn, method: 'GET' | 'POST', path: string, params: Record<string, string | number>): Promise<Page> {
  const call = () => server.call<Page>(method, path, method === 'GET' ? { headers: who.headers, query: params } : { headers: who.headers, form: params });
  const first = await call();
  const second = await call();
  expect(first.body.code).toBe(200);
  expect(second.body).toEqual(first.body);
  return second.body.data;
}

describe('compiled page statements per shape', () => {
  it('answers the same on the cached path for eq, like, school, soft-deleted and sort', async () => {
    const shapes: Record<string, string | number>[] = [
      { page: 1, rows: 5 },
      { page: 2, rows: 3, state: 1, sort: 'created_at desc' },
      { name: '计划', sort: 'name' },
      { name: '计划', state: 2 },
      { name: '_', del_flag: 1 },
    ];
    for (const who of [admin, sales]) for (const shape of shapes) await twice(who, 'POST', '/api/v1/student/page', shape);
    // the page size is part of the compiled SQL: the same filters with another size get their own plan
    for (const rows of [2, 3, 2]) {
      const sized = await twice(sales, 'POST', '/api/v1/student/page', { name: '计划', rows });
      expect(sized.content).toHaveLength(rows);
    }
    const deleted = await twice(admin, 'POST', '/api/v1/student/page', { name: '计划', del_flag: 1 });
    expect(deleted.totalSize).toBe(1);
    const both = await twice(sales, 'POST', '/api/v1/student/page', { name: '计划' });
    expect(both.totalSize).toBe(3);
    const states = await twice(sales, 'POST', '/api/v1/student/page', { name: '计划', state: 1 });
    expect(states.totalSize).toBe(2);

    // as the campus user above: the sales role sees parents' phones in full (masking is part of the shape)
    const principal = { superuser: false, allSchools: false, schoolIds: [1], perms: new Set<string>([FULL_VALUE_PERM]) } as unknown as Principal;
    const plan = planOf(studentResource, principal, { name: '计划', state: '1' }, false, undefined, DEFAULT_PAGE_SIZE);
    // campus, del_flag, the name's two-character piece and its campus (search-grams.ts), the like, the state
    expect(plan.values).toEqual([1, 0, '计划', 1, '%计划%', 1]);
    // the same shape as the campus user's calls above: cached after Kysely's parameters matched
    expect(cachedPlan(plan.key)).toBeTruthy();
  });

  it('a range filter and a bad value answer as before', async () => {
    const at = nowText();
    await server.db
      .insertInto('base_holiday_set' as never)
      .values({ name: '计划假期', start_date: '2031-05-01', end_date: '2031-05-03', remark: null, created_at: at, updated_at: at, created_by: null, updated_by: null } as never)
      .execute();
    const path = '/api/v1/base_holiday_set/page';
    const inRange = await twice(admin, 'GET', path, { start_date_start: '2031-04-30', start_date_end: '2031-05-01' });
    expect(inRange.totalSize).toBe(1);
    const outside = await twice(admin, 'GET', path, { start_date_start: '2031-05-02' });
    expect(outside.totalSize).toBe(0);
    const plan = planOf(holidaySetResource, { superuser: true } as unknown as Principal, { start_date_start: '2031-05-02' }, false, undefined, DEFAULT_PAGE_SIZE);
    expect(cachedPlan(plan.key)).toBeTruthy();
    const bad = await server.call('POST', '/api/v1/student/page', { headers: admin.headers, form: { state: 'abc' } });
    expect(bad.body).toMatchObject({ code: 400, msg: '状态必须是数字' });
  });
});

describe('counts kept while the table is unchanged', () => {
  const path = '/api/v1/student/page';
  const total = async (params: Record<string, string | number>): Promise<number> => {
    const res = await server.call<Page>('POST', path, { headers: sales.headers, form: params });
    expect(res.body.code).toBe(200);
    return res.body.data.totalSize;
  };

  it('a write by any path (the API, another connection, an update, a delete) changes the next count', async () => {
    const shape = { name: '计数', page: 1, rows: 5 };
    expect(await total(shape)).toBe(0);
    expect(await total(shape)).toBe(0);
    const school = await server.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow();
    const added = await server.call<{ id: number }>('POST', '/api/v1/student/add', { headers: admin.headers, json: { name: '计数甲', gender: 1, state: 1, school_id: school.id } });
    expect(added.body.code).toBe(200);
    expect(await total(shape)).toBe(1);
    // a statement outside the API (a script, another server process) is counted by the triggers too
    const now = nowText();
    await server.db
      .insertInto('student')
      .values({ name: '计数乙', gender: 2, birthday: null, parent_name: null, parent_phone: null, state: 2, remark: null, school_id: school.id, del_flag: 0, created_at: now, updated_at: now, created_by: null, updated_by: null })
      .execute();
    expect(await total(shape)).toBe(2);
    expect(await total({ ...shape, state: 2 })).toBe(1);
    await server.db.updateTable('student').set({ state: 1 }).where('name', '=', '计数乙').execute();
    expect(await total({ ...shape, state: 2 })).toBe(0);
    const del = await server.call('POST', '/api/v1/student/delete', { headers: admin.headers, json: [{ id: added.body.data.id }] });
    expect(del.body.code).toBe(200);
    expect(await total(shape)).toBe(1);
  });

  it('a write that is rolled back leaves the count and the table counter as they were', async () => {
    const shape = { name: '回滚', page: 1, rows: 5 };
    expect(await total(shape)).toBe(0);
    const version = async (): Promise<number> =>
      Number((await server.db.selectFrom('table_versions' as never).select('version' as never).where('name' as never, '=', 'student' as never).executeTakeFirstOrThrow() as { version: number | string }).version);
    const before = await version();
    // an add naming a campus that does not exist writes nothing
    const bad = await server.call('POST', '/api/v1/student/add', { headers: admin.headers, json: { name: '回滚甲', gender: 1, state: 1, school_id: 999999 } });
    expect(bad.body).toMatchObject({ code: 404, msg: '校区不存在或无权访问' });
    // a row written and then rolled back takes its counter bump with it
    const school = await server.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow();
    const now = nowText();
    await expect(
      server.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('student')
          .values({ name: '回滚乙', gender: 1, birthday: null, parent_name: null, parent_phone: null, state: 1, remark: null, school_id: school.id, del_flag: 0, created_at: now, updated_at: now, created_by: null, updated_by: null })
          .execute();
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await version()).toBe(before);
    expect(await total(shape)).toBe(0);
  });
});

describe('rows rendered as JSON by the database', () => {
  it('answers what the row objects answered: numbers, money, nulls, quotes, escapes, emoji', async () => {
    const awkward = [
      { name: '班型"引号"\\反斜杠', code: 'J1', lesson_count: 12, hours_per_lesson: 1.5, minutes_per_lesson: 90, price: 199950, order_num: -3, detail: '<p>第一行\n第二行\t制表</p>', remark: null },
      { name: '班型 😀 表情', code: 'J2', lesson_count: 1, hours_per_lesson: 0.5, minutes_per_lesson: 10, price: 10, order_num: 0, detail: null, remark: '\u0001控制字符' },
      { name: '班型零价', code: 'J3', lesson_count: 1000, hours_per_lesson: 10, minutes_per_lesson: 600, price: 0, order_num: 7, detail: '', remark: "单引号'" },
    ];
    for (const row of awkward) {
      const added = await server.call('POST', '/api/v1/prod_class_type/add', { headers: admin.headers, json: row });
      expect(added.body.code).toBe(200);
    }
    const path = '/api/v1/prod_class_type/page';
    const params = { name: '班型', sort: 'order_num', rows: 10 };
    const raw = async (): Promise<Response> => server.app.fetch(new Request(`http://localhost${path}?${new URLSearchParams({ name: '班型', sort: 'order_num', rows: '10' })}`, { headers: admin.headers }));
    const built = await raw();
    const rendered = await raw();
    expect(rendered.headers.get('content-type')).toBe(built.headers.get('content-type'));
    const first = (await built.json()) as { data: Page };
    const second = (await rendered.json()) as { data: Page };
    expect(second).toEqual(first);
    expect(first.data.totalSize).toBe(3);
    const rows = second.data.content as unknown as Record<string, unknown>[];
    expect(rows.map((r) => r.name)).toEqual(['班型"引号"\\反斜杠', '班型 😀 表情', '班型零价']);
    // money is integer fen (DESIGN §7)
    expect(rows.map((r) => r.price)).toEqual([199950, 10, 0]);
    expect(rows[0]).toMatchObject({ detail: '<p>第一行\n第二行\t制表</p>', remark: null, hours_per_lesson: 1.5, order_num: -3, visible: 1, del_flag: 0 });
    expect(rows[1].remark).toBe('\u0001控制字符');
    // every column of the table, in the table's order, as the row objects have them
    expect(Object.keys(rows[0])).toEqual(Object.keys((first.data.content as unknown as Record<string, unknown>[])[0]));
    expect(Object.keys(rows[0])).toContain('protocol');
    // and the second answer really came from the rendered statement
    const plan = planOf(classTypeResource, { superuser: true } as unknown as Principal, { name: '班型' }, false, 'order_num', 10);
    const cached = cachedPlan(plan.key);
    expect(cached && cached.jsonSql).toMatch(server.dialect === 'postgres' ? /row_to_json/ : /json_object\('id', "prod_class_type"\."id"/);
    await twice(admin, 'GET', path, { ...params, page: 2, rows: 2 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN, createTestServer, type LoggedIn, type TestServer } from './helpers';
import { subCompanyResource } from '../../src/contract/resources/base-org';
import { cachedPlan, planOf } from '../../server/lib/page-plan';
import type { Principal } from '../../server/lib/context';
import { loadAccess } from '../../server/lib/principal';

/**
 * A list's relation labels are joined after paging (server/lib/resource-refs.ts labelledPage):
 * the page's rows are picked first and only they are joined. The rows, their order and their
 * labels are those of the list sorted as asked, on the first call (built by Kysely) and on the
 * next ones (the compiled plan), on every page.
 */
let server: TestServer;
let admin: LoggedIn;

interface SubCompanyRow {
  id: number;
  name: string;
  organ_id: number | null;
  organ_name: string | null;
  district_id: number | null;
  district_name: string | null;
}

async function data<T>(p: Promise<{ body: { code: number; msg: string; data: T } }>): Promise<T> {
  const { body } = await p;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login(ADMIN.login, ADMIN.password);
  const organs: number[] = [];
  const districts: number[] = [];
  for (let i = 0; i < 3; i++) {
    organs.push((await data<{ id: number }>(server.call('POST', '/api/v1/base_organ/add', { headers: admin.headers, json: { name: `分页关联机构${i}`, code: `PGREF-O${i}` } }))).id);
    districts.push((await data<{ id: number }>(server.call('POST', '/api/v1/base_district/add', { headers: admin.headers, json: { name: `分页关联区划${i}`, level: 1 } }))).id);
  }
  // names out of id order, some rows without a relation
  for (const [k, name] of ['戊', '乙', '丁', '甲', '丙', '己', '庚'].entries()) {
    await data(server.call('POST', '/api/v1/base_sub_company/add', { headers: admin.headers, json: { name: `分页关联分公司${name}`, organ_id: k % 4 === 3 ? undefined : organs[k % 3], district_id: k % 3 === 2 ? undefined : districts[(k + 1) % 3] } }));
  }
});
afterAll(async () => server.close());

describe('relation labels joined after paging', () => {
  it('every page answers the sorted rows with their own labels, uncached and from the compiled plan', async () => {
    const all = await data<{ content: SubCompanyRow[]; totalSize: number }>(server.call('GET', '/api/v1/base_sub_company/page', { headers: admin.headers, query: { name: '分页关联', sort: 'name desc', rows: 100, page: 1 } }));
    expect(all.totalSize).toBe(7);
    const wanted = (
      await sql<{ id: number; organ_name: string | null; district_name: string | null }>`
        select s.id, o.name as organ_name, d.name as district_name from base_sub_company s
        left join base_organ o on o.id = s.organ_id left join base_district d on d.id = s.district_id
        where s.name like '分页关联%' order by s.name desc, s.id desc`.execute(server.db)
    ).rows;
    expect(wanted.filter((r) => r.organ_name === null).length).toBeGreaterThan(0);
    expect(all.content.map((r) => [r.id, r.organ_name, r.district_name])).toEqual(wanted.map((r) => [r.id, r.organ_name, r.district_name]));
    for (let round = 0; round < 2; round++) {
      const pages: SubCompanyRow[] = [];
      for (let page = 1; page <= 3; page++) {
        const got = await data<{ content: SubCompanyRow[]; totalSize: number }>(server.call('GET', '/api/v1/base_sub_company/page', { headers: admin.headers, query: { name: '分页关联', sort: 'name desc', rows: 3, page } }));
        expect(got.totalSize).toBe(7);
        pages.push(...got.content);
      }
      expect(pages).toEqual(all.content);
    }
  });

  it('the compiled page statement pages the table first and joins the labels around that page', async () => {
    const query = { name: '分页关联', sort: 'name desc', rows: '3', page: '2' };
    // the plan of the administrator's calls above
    const principal: Principal = { ...(await loadAccess(server.db, admin.user.id)), userId: admin.user.id, loginId: admin.user.login_id, domain: admin.user.domain, name: admin.user.name, tokenHash: '', mustChangePassword: false };
    const plan = planOf(subCompanyResource, principal, query, false, query.sort, 3);
    const cached = cachedPlan(plan.key);
    if (!cached || cached.jsonSql === undefined) throw new Error('no compiled page statement for the call above');
    for (const statement of [cached.pageSql, cached.jsonSql]) {
      const joinAt = statement.search(/left join/i);
      expect(joinAt).toBeGreaterThan(0);
      // the LIMIT belongs to the inner statement, before the first join
      expect(statement.slice(0, joinAt)).toMatch(/limit 3 offset (\?|\$\d+)\s*\)\s*as\s*"base_sub_company"\s*$/i);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowText } from '../../../server/lib/time';
import { ADMIN, DEMO_PASSWORD, createTestServer, type LoggedIn, type TestServer } from '../helpers';

let server: TestServer;
let admin: LoggedIn;
let schoolOf: Map<string, number>;

async function addStudent(name: string, schoolId: number): Promise<void> {
  const now = nowText();
  await server.db
    .insertInto('student')
    .values({ name, gender: 1, birthday: null, parent_name: null, parent_phone: null, state: 1, remark: null, school_id: schoolId, del_flag: 0, created_at: now, updated_at: now, created_by: null, updated_by: null })
    .execute();
}

async function studentNames(who: LoggedIn, filter: Record<string, string> = {}): Promise<string[]> {
  const r = await server.call<{ content: { name: string; school_id: number }[]; totalSize: number }>('POST', '/api/v1/student/page', { headers: who.headers, form: { page: 1, rows: 10000, ...filter } });
  expect(r.body.code).toBe(200);
  return r.body.data.content.map((s) => s.name);
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login(ADMIN.login, ADMIN.password);
  const orgs = await server.db.selectFrom('organisations').select(['id', 'code']).execute();
  schoolOf = new Map(orgs.map((o) => [o.code ?? '', o.id]));
});

afterAll(async () => {
  await server?.close();
});

describe('data permissions widen the data scope of a role', () => {
  it('a school granted to the role is visible to its users; taking it away hides it again', async () => {
    const gz = schoolOf.get('GZ-TH') as number;
    await addStudent('广州数据权限甲', gz);
    const sales = await server.login('sales', DEMO_PASSWORD);
    const salesRole = await server.db.selectFrom('roles').select('id').where('code', '=', 'sales').executeTakeFirstOrThrow();
    expect(await studentNames(sales, { name: '数据权限' })).toEqual([]);

    const grant = await server.call('POST', '/api/v1/system_data_perssion/update', { headers: admin.headers, json: { role_id: salesRole.id, kind: 2, school_ids: [gz] } });
    expect(grant.body.code).toBe(200);
    expect(await studentNames(sales, { name: '数据权限' })).toEqual(['广州数据权限甲']);
    const schools = await server.call<{ id: number }[] | { list: { id: number }[] }>('GET', '/api/v1/sys_user/get_user_school', { headers: sales.headers });
    expect(JSON.stringify(schools.body.data)).toContain(`"id":${gz}`);
    // Rows of the granted school can be read one by one too, and the user's own campus stays.
    const own = schoolOf.get('BJ-CY') as number;
    await addStudent('朝阳数据权限乙', own);
    expect((await studentNames(sales, { name: '数据权限' })).toSorted()).toEqual(['广州数据权限甲', '朝阳数据权限乙'].toSorted());

    const revoke = await server.call('POST', '/api/v1/system_data_perssion/update', { headers: admin.headers, json: { role_id: salesRole.id, kind: 0 } });
    expect(revoke.body.code).toBe(200);
    expect(await studentNames(sales, { name: '数据权限' })).toEqual(['朝阳数据权限乙']);
  });

  it('an organisation grant reaches the schools under it, and kind 1 reaches every campus', async () => {
    const sh = schoolOf.get('SH-XH') as number;
    await addStudent('上海组织权限丙', sh);
    const teacher = await server.login('front_desk', DEMO_PASSWORD);
    const role = await server.db.selectFrom('roles').select('id').where('code', '=', 'front_desk').executeTakeFirstOrThrow();
    expect(await studentNames(teacher, { name: '组织权限' })).toEqual([]);
    const city = await server.db.selectFrom('organisations').select('id').where('code', '=', 'SH').executeTakeFirstOrThrow();
    await server.call('POST', '/api/v1/system_data_perssion/update', { headers: admin.headers, json: { role_id: role.id, kind: 2, org_ids: [city.id] } });
    expect(await studentNames(teacher, { name: '组织权限' })).toEqual(['上海组织权限丙']);
    await server.call('POST', '/api/v1/system_data_perssion/update', { headers: admin.headers, json: { role_id: role.id, kind: 0 } });
    expect(await studentNames(teacher, { name: '组织权限' })).toEqual([]);
    await server.call('POST', '/api/v1/system_data_perssion/update', { headers: admin.headers, json: { role_id: role.id, kind: 1 } });
    expect(await studentNames(teacher, { name: '组织权限' })).toEqual(['上海组织权限丙']);
    await server.call('POST', '/api/v1/system_data_perssion/update', { headers: admin.headers, json: { role_id: role.id, kind: 0 } });
  });
});

describe('a search for text holding LIKE wildcards matches them literally', () => {
  it('finds a name with % and _ and not names the wildcards would match', async () => {
    const school = schoolOf.get('BJ-CY') as number;
    for (const n of ['优惠50%_甲', '优惠50%x甲', '优惠50xy甲', '优惠50\\甲']) await addStudent(n, school);
    expect(await studentNames(admin, { name: '50%_' })).toEqual(['优惠50%_甲']);
    expect((await studentNames(admin, { name: '50%' })).toSorted()).toEqual(['优惠50%_甲', '优惠50%x甲'].toSorted());
    expect(await studentNames(admin, { name: '50\\' })).toEqual(['优惠50\\甲']);
    expect(await studentNames(admin, { name: '_' })).toEqual(['优惠50%_甲']);
  });

  it('the hand-written lists escape the same way (menus)', async () => {
    const r = await server.call<{ content: { name: string }[] }>('GET', '/api/v1/system/find_menu_page', { headers: admin.headers, query: { name: '%', rows: 100 } });
    expect(r.body.code).toBe(200);
    expect(r.body.data.content.every((m) => m.name.includes('%'))).toBe(true);
  });
});

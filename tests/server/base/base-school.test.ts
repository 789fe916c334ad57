import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { ADMIN, createTestServer, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import type { SchoolBase, SchoolLog } from '../../../src/contract/base-school';
import type { TreeNode } from '../../../src/contract/menu';

/*
 * The base area's campus files and selling settings (src/contract/resources/base-school.ts,
 * base-catalogue.ts; server/modules/base/schools.ts): the declared calls with their rules, the
 * campus-file reads, operation codes and campus scope, on the demo data.
 */

interface Page<T> {
  content: T[];
  totalSize: number;
}
type Row = Record<string, unknown> & { id: number; school_id?: number };

describe('base area: campus files and selling settings', () => {
  let s: TestServer;
  let admin: LoggedIn;
  let principal: LoggedIn;
  let sales: LoggedIn;
  let teacher: LoggedIn;
  let principalSchools: number[];
  let otherSchool: number;

  beforeAll(async () => {
    s = await createTestServer();
    admin = await s.login(ADMIN.login, ADMIN.password);
    principal = await s.login('principal', DEMO_PASSWORD);
    sales = await s.login('sales', DEMO_PASSWORD);
    teacher = await s.login('teacher', DEMO_PASSWORD);
    const mine = await s.db.selectFrom('organisations').select('id').where('code', 'in', ['BJ-CY', 'BJ-HD']).orderBy('id').execute();
    principalSchools = mine.map((r) => r.id);
    const other = await s.db.selectFrom('organisations').select('id').where('code', '=', 'SH-PD').executeTakeFirstOrThrow();
    otherSchool = other.id;
  });
  afterAll(() => s.close());

  const page = async <T = Row>(who: LoggedIn, name: string, query: Record<string, string | number> = {}) => s.call<Page<T>>('GET', `/api/v1/${name}/page`, { headers: who.headers, query: { page: 1, rows: 100, ...query } });

  it('lists a principal only the files of their own campuses, with the campus name', async () => {
    const all = await page(admin, 'base_organ_school');
    expect(all.body.code).toBe(200);
    const schoolCount = await s.db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).execute();
    expect(all.body.data.totalSize).toBe(schoolCount.length);
    const mine = await page(principal, 'base_organ_school');
    expect(mine.body.code).toBe(200);
    expect(mine.body.data.content.map((r) => r.school_id).sort()).toEqual([...principalSchools].sort());
    expect(mine.body.data.content.every((r) => typeof r.school_name === 'string' && String(r.school_name).length > 0)).toBe(true);
  });

  it('refuses a second file for a campus, a file for a non-campus and moving a file', async () => {
    const dup = await s.call('POST', '/api/v1/base_organ_school/add', { headers: admin.headers, json: { school_id: otherSchool, short_name: '重复' } });
    expect(dup.body.code).toBe(409);
    expect(dup.body.msg).toBe('该校区已有校区档案');
    const hq = await s.db.selectFrom('organisations').select('id').where('code', '=', 'HQ').executeTakeFirstOrThrow();
    const notCampus = await s.call('POST', '/api/v1/base_organ_school/add', { headers: admin.headers, json: { school_id: hq.id } });
    expect(notCampus.body.code).not.toBe(200);
    const file = await s.db.selectFrom('base_organ_school').select(['id']).where('school_id', '=', otherSchool).executeTakeFirstOrThrow();
    const moved = await s.call('POST', '/api/v1/base_organ_school/update', { headers: admin.headers, json: { id: file.id, school_id: principalSchools[0] } });
    expect(moved.body.code).toBe(400);
  });

  it('adds a campus file again after it was deleted, gets and lists it', async () => {
    const xh = await s.db.selectFrom('organisations').select('id').where('code', '=', 'SH-XH').executeTakeFirstOrThrow();
    const file = await s.db.selectFrom('base_organ_school').select('id').where('school_id', '=', xh.id).executeTakeFirstOrThrow();
    // its premises go with the campus, not with the file: only the file is deleted
    const del = await s.call('POST', '/api/v1/base_organ_school/delete', { headers: admin.headers, json: [{ id: file.id }] });
    expect(del.body.code).toBe(200);
    const added = await s.call<Row>('POST', '/api/v1/base_organ_school/add', { headers: admin.headers, json: { school_id: xh.id, sch_code: 'SH-XH2', short_name: '徐汇', area_sqm: 500 } });
    expect(added.body.code).toBe(200);
    const got = await s.call<Row>('GET', '/api/v1/base_organ_school/get', { headers: admin.headers, query: { id: added.body.data.id } });
    expect(got.body.data).toMatchObject({ school_id: xh.id, sch_code: 'SH-XH2', state: 1 });
    const listed = await page(admin, 'base_organ_school', { sch_code: 'SH-XH2' });
    expect(listed.body.data.content.map((r) => r.school_name)).toEqual(['上海徐汇校区']);
  });

  it('lets a principal edit their campus file but not another campus, nor its code or state', async () => {
    const own = await s.db.selectFrom('base_organ_school').select(['id']).where('school_id', '=', principalSchools[0]).executeTakeFirstOrThrow();
    const ok = await s.call<Row>('POST', '/api/v1/base_organ_school/update', { headers: principal.headers, json: { id: own.id, pay_merchant_no: 'M2026001', pay_account_name: '朝阳学费账户' } });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.pay_merchant_no).toBe('M2026001');
    const foreign = await s.db.selectFrom('base_organ_school').select(['id']).where('school_id', '=', otherSchool).executeTakeFirstOrThrow();
    const out = await s.call('POST', '/api/v1/base_organ_school/update', { headers: principal.headers, json: { id: foreign.id, remark: 'x' } });
    expect(out.body.code).toBe(404);
    const code = await s.call('POST', '/api/v1/base_organ_school/update_sch_code', { headers: principal.headers, json: { id: own.id, sch_code: 'BJ-NEW' } });
    expect(code.body.code).toBe(403);
    const off = await s.call('POST', '/api/v1/base_organ_school/onoff', { headers: principal.headers, json: { ids: [own.id], state: 0 } });
    expect(off.body.code).toBe(403);
  });

  it('sets a unique campus code one campus at a time, and opens and closes campuses', async () => {
    const [a, b] = await s.db.selectFrom('base_organ_school').select(['id', 'sch_code']).orderBy('id').limit(2).execute();
    const taken = await s.call('POST', '/api/v1/base_organ_school/update_sch_code', { headers: admin.headers, json: { id: a.id, sch_code: b.sch_code } });
    expect(taken.body.code).toBe(409);
    expect(taken.body.msg).toBe('校区编码已存在');
    const bad = await s.call('POST', '/api/v1/base_organ_school/update_sch_code', { headers: admin.headers, json: { id: a.id, sch_code: '小写abc' } });
    expect(bad.body.code).toBe(400);
    const two = await s.call('POST', '/api/v1/base_organ_school/update_sch_code', { headers: admin.headers, json: { ids: [a.id, b.id], sch_code: 'ZZ-9' } });
    expect(two.body.code).toBe(400);
    const set = await s.call('POST', '/api/v1/base_organ_school/update_sch_code', { headers: admin.headers, json: { id: a.id, sch_code: 'ZZ-9' } });
    expect(set.body.code).toBe(200);
    expect((await s.db.selectFrom('base_organ_school').select('sch_code').where('id', '=', a.id).executeTakeFirstOrThrow()).sch_code).toBe('ZZ-9');
    const off = await s.call('POST', '/api/v1/base_organ_school/onoff', { headers: admin.headers, json: { ids: [a.id], state: 0 } });
    expect(off.body.code).toBe(200);
    const closed = await s.call<{ value: number }[]>('GET', '/api/v1/base_organ_school/options', { headers: admin.headers, query: { state: 0 } });
    expect(closed.body.data.map((o) => o.value)).toContain(Number((await s.db.selectFrom('base_organ_school').select('school_id').where('id', '=', a.id).executeTakeFirstOrThrow()).school_id));
    const wrong = await s.call('POST', '/api/v1/base_organ_school/onoff', { headers: admin.headers, json: { ids: [a.id], state: 5 } });
    expect(wrong.body.code).toBe(400);
    await s.call('POST', '/api/v1/base_organ_school/onoff', { headers: admin.headers, json: { ids: [a.id], state: 1 } });
    // the change log of the file holds these writes, newest first
    const logs = await s.call<Page<SchoolLog>>('GET', '/api/v1/base_organ_school/logs', { headers: admin.headers, query: { id: a.id } });
    expect(logs.body.code).toBe(200);
    expect(logs.body.data.totalSize).toBeGreaterThanOrEqual(3);
    expect(logs.body.data.content[0].changes).toContain('"state"');
  });

  it('answers a campus basics only inside the caller scope', async () => {
    const mine = await s.call<SchoolBase>('GET', '/api/v1/base_organ_school/base', { headers: principal.headers, query: { school_id: principalSchools[0] } });
    expect(mine.body.code).toBe(200);
    expect(mine.body.data.name).toBe('北京朝阳校区');
    expect(mine.body.data.file_id).not.toBeNull();
    const other = await s.call('GET', '/api/v1/base_organ_school/base', { headers: principal.headers, query: { school_id: otherSchool } });
    expect(other.body.code).toBe(404);
    const bad = await s.call('GET', '/api/v1/base_organ_school/base', { headers: principal.headers, query: { school_id: 'abc' } });
    expect(bad.body.code).toBe(400);
    const foreignFile = await s.db.selectFrom('base_organ_school').select('id').where('school_id', '=', otherSchool).executeTakeFirstOrThrow();
    const logs = await s.call('GET', '/api/v1/base_organ_school/logs', { headers: principal.headers, query: { id: foreignFile.id } });
    expect(logs.body.code).toBe(404);
  });

  it('gives the campus options and tree of the caller scope only', async () => {
    const opts = await s.call<{ value: number; text: string }[]>('GET', '/api/v1/base_organ_school/options', { headers: principal.headers });
    expect(opts.body.code).toBe(200);
    expect(opts.body.data.map((o) => o.value).sort()).toEqual([...principalSchools].sort());
    const tree = await s.call<TreeNode<{ kind: string }>[]>('GET', '/api/v1/base_organ_school/trees', { headers: principal.headers });
    expect(tree.body.code).toBe(200);
    const leaves: number[] = [];
    const walk = (nodes: readonly TreeNode<{ kind: string }>[]) => {
      for (const n of nodes) {
        if (n.tag?.kind === 'school') leaves.push(Number(n.id));
        walk(n.nodes ?? []);
      }
    };
    walk(tree.body.data);
    expect(leaves.sort()).toEqual([...principalSchools].sort());
    expect(tree.body.data).toHaveLength(1);
    const denied = await s.call('GET', '/api/v1/base_organ_school/options', { headers: teacher.headers });
    expect(denied.body.code).toBe(403);
  });

  it('keeps sub-entities of a campus in its scope, money in fen', async () => {
    const rent = await page(principal, 'base_organ_school_rent');
    expect(rent.body.code).toBe(200);
    expect(rent.body.data.totalSize).toBe(principalSchools.length);
    expect(rent.body.data.content.every((r) => Number.isInteger(r.monthly_rent))).toBe(true);
    const add = await s.call<Row>('POST', '/api/v1/base_organ_school_license/add', {
      headers: principal.headers,
      json: { school_id: principalSchools[1], kind: '卫生许可', license_no: 'WS-2026-01', valid_until: '2030-12-31' },
    });
    expect(add.body.code).toBe(200);
    expect(add.body.data.school_id).toBe(principalSchools[1]);
    const foreign = await s.call('POST', '/api/v1/base_organ_school_license/add', { headers: principal.headers, json: { school_id: otherSchool, kind: '卫生许可', license_no: 'WS-X' } });
    expect(foreign.body.code).not.toBe(200);
    const badKind = await s.call('POST', '/api/v1/base_organ_school_license/add', { headers: principal.headers, json: { school_id: principalSchools[1], kind: '驾照', license_no: 'X' } });
    expect(badKind.body.code).toBe(400);
    const fraction = await s.call('POST', '/api/v1/base_organ_school_rent/add', {
      headers: principal.headers,
      json: { school_id: principalSchools[0], landlord: '某公司', start_date: '2026-01-01', end_date: '2028-12-31', monthly_rent: 12.5 },
    });
    expect(fraction.body.code).toBe(400);
    const del = await s.call('POST', '/api/v1/base_organ_school_license/delete', { headers: principal.headers, json: [{ id: add.body.data.id }] });
    expect(del.body.code).toBe(200);
  });

  it('lets the head office keep limits, on-sale rows, gifts, channels and protocols; other roles read them', async () => {
    for (const name of ['base_school_of_limit', 'base_on_sale']) {
      const mine = await page(principal, name);
      expect(mine.body.code).toBe(200);
      expect(mine.body.data.totalSize).toBeGreaterThan(0);
      expect(mine.body.data.content.every((r) => principalSchools.includes(Number(r.school_id)))).toBe(true);
    }
    const onSale = await page(sales, 'base_on_sale');
    expect(onSale.body.data.content[0].class_type_name).toBeTruthy();
    const refused = await s.call('POST', '/api/v1/base_school_of_limit/add', { headers: principal.headers, json: { school_id: principalSchools[0], limit_kind: 1, limit_amount: 100, effective_date: '2026-01-01' } });
    expect(refused.body.code).toBe(403);

    const gifts = await page(sales, 'base_gift');
    expect(gifts.body.code).toBe(200);
    expect(gifts.body.data.totalSize).toBeGreaterThan(0);
    const gift = await s.call<Row>('POST', '/api/v1/base_gift/add', { headers: admin.headers, json: { name: '定制文具盒', kind: '实物', price: 3990, cost: 1500, unit: '个' } });
    expect(gift.body.code).toBe(200);
    expect(gift.body.data.price).toBe(3990);
    const same = await s.call('POST', '/api/v1/base_gift/add', { headers: admin.headers, json: { name: '定制文具盒', kind: '实物', price: 1 } });
    expect(same.body.code).toBe(409);
    const upd = await s.call<Row>('POST', '/api/v1/base_gift/update', { headers: admin.headers, json: { id: gift.body.data.id, price: 4590 } });
    expect(upd.body.data.price).toBe(4590);
    const salesAdd = await s.call('POST', '/api/v1/base_gift/add', { headers: sales.headers, json: { name: '越权赠品', kind: '实物', price: 1 } });
    expect(salesAdd.body.code).toBe(403);
    const gone = await s.call('POST', '/api/v1/base_gift/delete', { headers: admin.headers, json: [{ id: gift.body.data.id }] });
    expect(gone.body.code).toBe(200);

    const channel = await s.call('POST', '/api/v1/base_one_level_channel/add', { headers: admin.headers, json: { name: '社区合作', code: 'bad code!' } });
    expect(channel.body.code).toBe(400);
    const teacherGifts = await page(teacher, 'base_gift');
    expect(teacherGifts.body.code).toBe(403);

    // a protocol type with versions is not deleted
    const type = await (s.db as unknown as Kysely<Record<string, { id: number }>>).selectFrom('base_protocol_type').select('id').orderBy('id').executeTakeFirstOrThrow();
    const versions = await page(principal, 'base_protocol_type_version', { protocol_type_id: type.id });
    expect(versions.body.data.totalSize).toBe(2);
    const del = await s.call('POST', '/api/v1/base_protocol_type/delete', { headers: admin.headers, json: [{ id: type.id }] });
    expect(del.body.code).toBe(409);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { RESOURCES } from '../../src/contract/resources';
import { callPath, type ResourceDef } from '../../src/contract/resource';
import { refTarget } from '../../server/lib/scope';
import { hashPassword } from '../../server/lib/password';
import { nowText } from '../../server/lib/time';
import { createTestServer, type TestServer } from './helpers';

/**
 * Issue 10 defects 4 and 5: a one-campus user holding every operation code tries another campus's
 * ids on every read, write and action of every declared resource, on every id-bearing field of its
 * writes, and on the hand-written calls that take ids: the answer is always the one a missing id
 * gets (same code, same message), and nothing changes.
 */

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
let s: TestServer;
let probe: Record<string, string>;
let mine: number;
const MISSING = 999_999_999;

beforeAll(async () => {
  s = await createTestServer();
  const db = s.db as unknown as AnyDb;
  mine = Number((await db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow()).id);
  const now = nowText();
  const stamp = { created_at: now, updated_at: now, created_by: null, updated_by: null };
  // a role holding every menu, reaching its users' own campuses only
  const role = await db.insertInto('roles').values({ code: 'scope_probe', name: '范围探针', all_schools: 0, order_num: 99, remark: null, ...stamp }).returning('id').executeTakeFirstOrThrow();
  await sql`insert into role_menus (role_id, menu_id) select ${role.id}, id from menus`.execute(s.db);
  const user = await db
    .insertInto('users')
    .values({ login_id: 'scope_probe', name: '范围探针', phone: null, email: null, sex: null, password_hash: await hashPassword('Probe12345'), locked_until: null, avatar: null, city: null, org_id: null, remark: null, ...stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  await db.insertInto('user_schools').values({ user_id: user.id, school_id: mine }).execute();
  probe = (await s.login('scope_probe', 'Probe12345')).headers;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const api = (p: string): string => `/api/v1/${p}`;

async function answer(method: 'GET' | 'POST', path: string, payload: unknown): Promise<{ code: number; msg: string }> {
  const res =
    method === 'GET'
      ? await s.call(method, path, { headers: probe, query: payload as Record<string, string> })
      : await s.call(method, path, { headers: probe, json: payload });
  expect(res.status, path).toBeLessThan(500);
  return { code: res.body.code, msg: res.body.msg };
}

/** A row of another campus in the table, if the demo data has one. */
async function otherRow(def: ResourceDef): Promise<Record<string, unknown> | undefined> {
  let q = (s.db as unknown as AnyDb).selectFrom(def.table).selectAll().where('school_id', '!=', mine).where('school_id', 'is not', null);
  if (def.softDelete) q = q.where('del_flag', '=', 0);
  return q.orderBy('id').limit(1).executeTakeFirst();
}

async function mineRow(def: ResourceDef): Promise<Record<string, unknown> | undefined> {
  let q = (s.db as unknown as AnyDb).selectFrom(def.table).selectAll().where('school_id', '=', mine);
  if (def.softDelete) q = q.where('del_flag', '=', 0);
  return q.orderBy('id').limit(1).executeTakeFirst();
}

/** An id of another campus for a reference target (a staff member, a campus, a scoped row). */
async function otherIdOf(resource: string): Promise<number | undefined> {
  const target = refTarget(resource);
  const db = s.db as unknown as AnyDb;
  if (target === 'staff') {
    const row = await db.selectFrom('user_schools').select('user_id').where('school_id', '!=', mine).where('user_id', 'not in', db.selectFrom('user_schools').select('user_id').where('school_id', '=', mine)).executeTakeFirst();
    return row ? Number(row.user_id) : undefined;
  }
  if (target && target !== 'campus' && target.scoped) {
    let q = db.selectFrom(target.table).select('id').where('school_id', '!=', mine);
    if (target.softDelete) q = q.where('del_flag', '=', 0);
    const row = await q.executeTakeFirst();
    return row ? Number(row.id) : undefined;
  }
  return undefined;
}

const scoped = RESOURCES.filter((d) => d.scope === 'school');

describe('another campus answers exactly as missing', () => {
  it('on every read, write and action by id of every campus-scoped declaration', async () => {
    const differ: string[] = [];
    let compared = 0;
    for (const def of scoped) {
      const other = await otherRow(def);
      if (!other) continue;
      const before = JSON.stringify(other);
      const calls: ['GET' | 'POST', string | undefined, (id: number) => unknown][] = [
        ['GET', callPath(def, 'get'), (id) => ({ id: String(id) })],
        ['POST', callPath(def, 'update'), (id) => ({ id })],
        ['POST', callPath(def, 'delete'), (id) => [{ id }]],
        ['POST', callPath(def, 'recover'), (id) => [{ id }]],
      ];
      for (const [method, path, body] of calls) {
        if (!path) continue;
        const a = await answer(method, api(path), body(Number(other.id)));
        const b = await answer(method, api(path), body(MISSING));
        compared++;
        if (a.code !== b.code || a.msg !== b.msg) differ.push(`${path}: another campus ${a.code} ${a.msg} / missing ${b.code} ${b.msg}`);
      }
      const after = await (s.db as unknown as AnyDb).selectFrom(def.table).selectAll().where('id', '=', Number(other.id)).executeTakeFirst();
      if (JSON.stringify(after) !== before) differ.push(`${def.table} #${String(other.id)} changed`);
      // the list never shows another campus, even when asked for it
      const page = callPath(def, 'page');
      if (page) {
        const filter = { school_id: String(other.school_id), page: '1', rows: '50' };
        const res = def.pageMethod === 'POST_FORM' ? await s.call('POST', api(page), { headers: probe, form: filter }) : await s.call('GET', api(page), { headers: probe, query: filter });
        const rows = (res.body.data as { content?: { school_id?: number }[] } | null)?.content ?? [];
        if (rows.some((r) => r.school_id !== mine)) differ.push(`${page} lists another campus`);
      }
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(20);
  }, 120_000);

  it('on every id-bearing field of every declared write', async () => {
    const differ: string[] = [];
    let compared = 0;
    for (const def of RESOURCES) {
      const update = callPath(def, 'update');
      const row = def.scope === 'school' ? await mineRow(def) : await (s.db as unknown as AnyDb).selectFrom(def.table).selectAll().orderBy('id').limit(1).executeTakeFirst();
      for (const [key, field] of Object.entries(def.fields)) {
        const names = field.ref?.resource ?? (field.options?.kind === 'resource' ? field.options.resource : undefined);
        if (field.readonly || !names) continue;
        const otherId = await otherIdOf(names);
        if (otherId === undefined) continue;
        const paths: [string, Record<string, unknown>][] = [];
        if (update && row) paths.push([update, { id: row.id, [key]: otherId }]);
        const add = callPath(def, 'add');
        if (add) paths.push([add, { ...row, id: undefined, school_id: mine, [key]: otherId }]);
        for (const [path, body] of paths) {
          const before = row ? JSON.stringify(await (s.db as unknown as AnyDb).selectFrom(def.table).selectAll().where('id', '=', Number(row.id)).executeTakeFirst()) : '';
          const a = await answer('POST', api(path), body);
          const b = await answer('POST', api(path), { ...body, [key]: MISSING });
          compared++;
          if (a.code !== b.code || a.msg !== b.msg) differ.push(`${path}.${key}: another campus ${a.code} ${a.msg} / missing ${b.code} ${b.msg}`);
          if (a.code === 200) differ.push(`${path}.${key}: another campus's id accepted`);
          const after = row ? JSON.stringify(await (s.db as unknown as AnyDb).selectFrom(def.table).selectAll().where('id', '=', Number(row.id)).executeTakeFirst()) : '';
          if (after !== before) differ.push(`${path}.${key}: row changed`);
        }
      }
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(10);
  }, 120_000);

  it('on the hand-written calls that take ids (organisations, users, classes, tags)', async () => {
    const db = s.db as unknown as AnyDb;
    const otherSchool = Number((await db.selectFrom('organisations').select('id').where('code', '=', 'SH-PD').executeTakeFirstOrThrow()).id);
    const mySales = Number((await db.selectFrom('users').select('id').where('login_id', '=', 'sales').executeTakeFirstOrThrow()).id);
    const otherUser = Number((await db.selectFrom('users').select('id').where('login_id', '=', 'teacher').executeTakeFirstOrThrow()).id);
    const otherClass = Number((await db.selectFrom('base_class_manage').select('id').where('school_id', '!=', mine).executeTakeFirstOrThrow()).id);
    const myClass = Number((await db.selectFrom('base_class_manage').select('id').where('school_id', '=', mine).where('del_flag', '=', 0).executeTakeFirstOrThrow()).id);
    const otherStudent = Number((await db.selectFrom('student').select('id').where('school_id', '!=', mine).executeTakeFirstOrThrow()).id);
    const tag = await db.selectFrom('sys_tag').select('id').executeTakeFirst();
    const otherCheckIn = await db.selectFrom('edu_check_in').select('id').where('school_id', '!=', mine).executeTakeFirst();
    const pairs: ['GET' | 'POST', string, (id: number) => unknown, number][] = [
      ['GET', 'system/get_org_users', (id) => ({ id: String(id) }), otherSchool],
      ['GET', 'system/get_org', (id) => ({ id: String(id) }), otherSchool],
      ['GET', 'sys_user/get_info', (id) => ({ id: String(id) }), otherUser],
      ['GET', 'system/get_user', (id) => ({ id: String(id) }), otherUser],
      ['GET', 'system/get_user_roles', (id) => ({ id: String(id) }), otherUser],
      ['POST', 'system/update_user', (id) => ({ id, name: '改名' }), otherUser],
      ['POST', 'system/update_user', (id) => ({ id: mySales, schools: [id] }), otherSchool],
      ['GET', 'base_class_manage/gangers', (id) => ({ class_id: String(id) }), otherClass],
      ['GET', 'base_class_manage/have_tea_attend', (id) => ({ class_id: String(id) }), otherClass],
      ['POST', 'base_class_manage/update_kf', (id) => ({ id: myClass, kf_id: id }), otherUser],
      ['POST', 'base_class_manage/update_cm_state', (id) => ({ ids: [id], state: 2 }), otherClass],
      ['POST', 'stu_class/join', (id) => ({ student_id: id, class_id: myClass }), otherStudent],
      ['GET', 'stu_class/is_can_sign_up', (id) => ({ student_id: String(id), class_id: String(myClass) }), otherStudent],
    ];
    if (tag) pairs.push(['POST', 'system/add_user_tag', (id) => ({ stu_id: id, tag_id: tag.id, school_id: mine }), otherStudent]);
    if (otherCheckIn) pairs.push(['GET', 'edu_check_in/detail', (id) => ({ id: String(id) }), Number(otherCheckIn.id)]);
    const counts = async (): Promise<string> => JSON.stringify(await Promise.all(['users', 'user_schools', 'stu_class', 'sys_user_tag', 'base_class_manage'].map(async (t) => (await sql<{ n: number }>`select count(*) as n from ${sql.table(t)}`.execute(s.db)).rows[0]?.n)));
    const before = await counts();
    const differ: string[] = [];
    for (const [method, path, body, otherId] of pairs) {
      const a = await answer(method, api(path), body(otherId));
      const b = await answer(method, api(path), body(MISSING));
      if (a.code !== b.code || a.msg !== b.msg || a.code === 200) differ.push(`${path}: another campus ${a.code} ${a.msg} / missing ${b.code} ${b.msg}`);
    }
    expect(differ).toEqual([]);
    expect(await counts()).toBe(before);
  });
});

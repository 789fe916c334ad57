import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { actionPath, actionPerm, callPath, permCode, type FieldDef, type ResourceDef } from '../../src/contract/resource';
import { RESOURCES } from '../../src/contract/resources';
import { refTarget, refsTo } from '../../src/contract/refs';
import { FULL_VALUE_PERM, maskText, maskedInputMessage } from '../../src/contract/mask';
import ExcelJS from 'exceljs';
import { exportsSettled } from '../../server/modules/export';
import { PATHS } from '../../src/contract/paths';
import { exclusiveMessage } from '../../src/contract/search';
import { studentResource } from '../../src/contract/resources/students';
import { CORE_TREES } from '../../src/contract/resources/system';
import { mountResource } from '../../server/lib/resource-routes';
import { hashPassword } from '../../server/lib/password';
import { nowText } from '../../server/lib/time';
import { ADMIN, DEMO_PASSWORD, createTestServer, type LoggedIn, type TestServer } from './helpers';

/**
 * One contract over every declared resource and action (src/contract/resources): a new
 * declaration is covered here without a test of its own. Bodies are generated from the fields.
 * - every declared call refuses a missing session (401) and, for writes, a missing operation code;
 * - bad input answers code 400 naming a field and writes nothing;
 * - the page pages, sorts and filters; add, get, update, delete and recover round-trip;
 * - an id of another campus answers exactly like a missing id for get, update, delete and actions;
 * - a relation to a missing target is refused; a target in use is not deleted;
 * - a duplicate of a unique key is refused (409 naming the field) on add and update, writing nothing;
 * - tree rules: a missing parent, a move under the node itself or below it, and deleting a node
 *   whose children stay are refused (400 naming the node), writing nothing;
 * - masked columns (`mask`) answer masked without the code to see them in full (page, both the
 *   compiled plan and the first build, get, export, write answers) and in full with it; the masked
 *   text sent back keeps the stored value, another masked text is refused;
 * - filters declared exclusive are refused together (400 naming both) and answered alone.
 */

/**
 * Exclusive filters of a declaration of this test (the student list with one group), checked with
 * the declarations' own until the areas that declare them (orders: 订单中止时间 / 订单完成时间) land.
 */
const EXCLUSIVE_PROBE = { ...studentResource, name: 'zz_exclusive_probe', calls: { page: 'zz_exclusive_probe/page', get: false, add: false, update: false, delete: false, recover: false }, exclusive: [['name', 'parent_name', 'state']] } as const satisfies ResourceDef;
const EXCLUSIVE_DEFS: readonly ResourceDef[] = [...RESOURCES.filter((d) => d.exclusive?.length), EXCLUSIVE_PROBE];

/**
 * Declarations whose add is a special call or needs business state a generated body cannot give
 * (the standard add is refused by the area's own rules); they are still covered by everything else.
 */
const NO_GENERATED_ADD: Readonly<Record<string, string>> = {
  ct_transfer: 'a transfer moves an enrolled student between classes',
  edu_class_schedule: 'a lesson needs a class with free lessons and no clash',
  edu_class_schedule_student: 'a lesson student needs an arranged lesson',
  edu_undo_group: 'an undo group names check-ins',
  edu_sc_class_tea: 'a class teacher must work in the class’s campus',
  edu_tea_leave_management: 'the teacher must work in the campus',
  system_data_permission: 'one data permission per role; the demo roles have theirs',
  base_user_detail: 'one staff file per user; the demo users have theirs',
  base_organ_school: 'one file per campus; the demo campuses have theirs (tests/server/base/base-school.test.ts adds one)',
  system_user_tag: 'a single-choice tag group replaces tags',
  system_data_permission_detail: 'target_id names a campus or an organisation by target_type',
  edu_course_schedule: 'a plan node’s parent must be a node of the same class',
  prod_class_path_step: 'a step number and a class type appear once per path; the demo paths start at step 1 (tests/server/products.test.ts)',
  prod_language_pack_city: 'one sale row per pack and campus; the first demo pack is on sale in every campus (tests/server/products.test.ts)',
  prod_fee_standard: 'periods of one campus, class type and unit never overlap; the demo prices run open-ended (tests/server/products.test.ts)',
  student_freeze_off_apply: 'needs an approved freeze and an off date inside it (tests/server/students)',
  fin_exchange_gift_order: 'an exchange deducts the student’s points: needs a student with enough of them (tests/server/crm/points-mall.test.ts)',
  fin_invoice: 'an invoice names a receipt of its campus and stays within what the student paid (tests/server/finance/invoices.test.ts)',
};

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
type Body = Record<string, unknown>;

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let nobody: LoggedIn;
/** every menu and operation code of every campus, except the one that shows masked columns in full */
let masker: LoggedIn;
let inScopeSchool: number;
let outOfScopeSchool: number;
let seq = 0;

const api = (p: string) => `/api/v1/${p}`;
const db = () => s.db as unknown as AnyDb;

function isSchoolScoped(def: ResourceDef): boolean {
  return def.scope === 'school';
}

/**
 * Text matching the declared patterns of this code base (unknown patterns fail loudly), for the
 * body numbered `n`: bodies made at once (two adds of one value) keep their own numbers.
 */
function patterned(re: string, key: string, n: number): string {
  const known: Record<string, string> = {
    '^\\d{2,12}$': `${(910000 + n) % 1000000}`,
    '^[\\d-]{7,20}$': '010-12345678',
    '^#[0-9A-Fa-f]{6}$': '#1A2B3C',
    '^1\\d{10}$': `139${String(10000000 + n).slice(-8)}`,
    '^\\d{17}[\\dXx]$': '11010519491231002X',
    '^[0-9A-Z]{18}$': '91110000MA01ABCD2X',
    '^[A-Za-z0-9_.-]+$': `code_${n}`,
    '^([01]\\d|2[0-3]):[0-5]\\d$': key.includes('end') ? '10:00' : '09:00',
    '^[0-9Xx-]{10,20}$': '978-7-5600-1001-2',
    '^\\d{10,32}$': `${3026000000000 + n}`,
    // a plan's month: one per generated body (plans are one per place and month)
    '^\\d{4}-(0[1-9]|1[0-2])$': `${2100 + (n % 800)}-0${1 + (n % 9)}`,
    // the base area's codes (campus, channel, protocol), payment and POS numbers, protocol versions
    '^[A-Z0-9-]{2,16}$': `SC-${n}`,
    '^[A-Za-z0-9_]{2,16}$': `code_${n}`,
    '^[A-Za-z0-9_-]{4,32}$': `M-${100000 + n}`,
    '^[A-Za-z0-9]{4,32}$': `T${100000 + n}`,
    '^[Vv]?\\d+(\\.\\d+){0,2}$': `V1.${n}`,
  };
  const v = known[re];
  if (v === undefined) throw new Error(`no generated value for pattern ${re} (${key}): add one here`);
  return v;
}

/** An ID number's check digit (GB 11643: ISO 7064 MOD 11-2 over the first 17 digits). */
function idCheckDigit(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((n, d, i) => n + Number(d) * weights[i], 0);
  return '10X98765432'[sum % 11];
}

/** Another valid value of a masked column: its last digits changed (an ID number keeps a valid check digit). */
function otherValue(field: FieldDef, value: string): string {
  if (field.mask === 'id_card') {
    const first17 = `${value.slice(0, 14)}${value.slice(14, 17) === '123' ? '456' : '123'}`;
    return first17 + idCheckDigit(first17);
  }
  // a number no other generated row holds (unique phones: parents)
  seq++;
  return `${value.slice(0, -4)}${7000 + (seq % 3000)}`;
}

async function firstLiveId(table: string, softDelete: boolean, school?: number): Promise<number | undefined> {
  let q = db().selectFrom(table).select('id').orderBy('id');
  if (softDelete) q = q.where('del_flag', '=', 0);
  if (school !== undefined) q = q.where('school_id', '=', school);
  const row = await q.executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** The row if it is there and not deleted. */
async function liveRow(def: ResourceDef, id: number): Promise<Body | undefined> {
  let q = db().selectFrom(def.table).select('id').where('id', '=', id);
  if (def.softDelete) q = q.where('del_flag', '=', 0);
  return q.executeTakeFirst();
}

/** A valid value of a field, or undefined to leave it out. */
async function valueOf(def: ResourceDef, key: string, field: FieldDef, unique: string, n = seq): Promise<unknown> {
  if (field.ref) {
    const target = refTarget(field.ref.resource);
    if (!target) throw new Error(`${def.name}.${key}: unknown ref`);
    if (target.table === 'users') return (await s.db.selectFrom('user_schools').select('user_id').where('school_id', '=', inScopeSchool).orderBy('user_id').executeTakeFirst())?.user_id;
    return firstLiveId(target.table, target.softDelete, target.scope === 'school' ? inScopeSchool : undefined);
  }
  if (def.tree && key === def.tree.parent) return 0;
  // a city (分公司) picked in the organisation tree (marketing plans): the in-scope campus's
  if (key === 'city_id' && field.options?.kind === 'tree' && field.options.url === 'api/v1/system/get_org_tree') {
    return (await s.db.selectFrom('organisations').select('parent_id').where('id', '=', inScopeSchool).executeTakeFirst())?.parent_id;
  }
  // a required id list of another resource's rows (a language pack's class types): its first live row
  if (field.required && field.type === 'ids' && field.options?.kind === 'resource') {
    const target = refTarget(field.options.resource);
    if (!target) throw new Error(`${def.name}.${key}: unknown option resource`);
    const first = await firstLiveId(target.table, target.softDelete, target.scope === 'school' ? inScopeSchool : undefined);
    return first === undefined ? undefined : String(first);
  }
  if (field.options?.kind === 'static') return field.options.items[0].value;
  if (field.options && field.options.kind !== 'optionset') return field.required ? undefined : null;
  switch (field.type) {
    case 'int':
      return Math.min(Math.max(field.min ?? 1, 1), field.max ?? 1000);
    case 'number':
    case 'money':
      return Math.min(Math.max(field.min ?? 1, 1), field.max ?? 1000);
    case 'bool':
      return 1;
    case 'date':
      // a birth date lies in the past; other dates in the future clash with nothing
      if (key.includes('birth')) return '2016-01-01';
      return key.includes('end') ? '2031-01-02' : '2031-01-01';
    case 'datetime':
      return key.includes('end') ? '2031-01-01 11:00:00' : '2031-01-01 10:00:00';
    case 'json':
      return '{}';
    case 'ids':
      return null;
    default: {
      if (field.pattern) return patterned(field.pattern.re, key, n);
      const text = `${field.label}${unique}`;
      return text.slice(0, field.max ?? 255);
    }
  }
}

/** A body a standard add accepts, from the declaration alone. */
async function bodyOf(def: ResourceDef): Promise<Body> {
  const n = ++seq;
  const unique = `${n}${Date.now() % 100000}`;
  const body: Body = {};
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.readonly) continue;
    const v = await valueOf(def, key, field, unique, n);
    if (v !== undefined) body[key] = v;
  }
  if (isSchoolScoped(def)) body.school_id = inScopeSchool;
  return body;
}

async function count(def: ResourceDef): Promise<number> {
  const row = await db().selectFrom(def.table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function page(def: ResourceDef, who: LoggedIn | undefined, query: Record<string, string | number>) {
  const path = callPath(def, 'page');
  if (!path) throw new Error('no page');
  const headers = who?.headers;
  return def.pageMethod === 'POST_FORM' ? s.call<{ content: Body[]; totalSize: number }>('POST', api(path), { headers, form: query }) : s.call<{ content: Body[]; totalSize: number }>('GET', api(path), { headers, query });
}

/** Every declared write call of a declaration with its operation code and a body. */
function writesOf(def: ResourceDef): { path: string; perm: string }[] {
  const out: { path: string; perm: string }[] = [];
  for (const call of ['add', 'update', 'delete', 'recover'] as const) {
    const p = callPath(def, call);
    if (p) out.push({ path: p, perm: permCode(def, call) });
  }
  for (const a of def.actions ?? []) out.push({ path: actionPath(def, a), perm: actionPerm(def, a) });
  return out;
}

beforeAll(async () => {
  s = await createTestServer();
  mountResource(s.app, EXCLUSIVE_PROBE);
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  const now = nowText();
  await s.db
    .insertInto('users')
    .values({ login_id: 'decl_nobody', name: '无权限用户', phone: null, email: null, sex: null, password_hash: await hashPassword('Decl12345'), locked_until: null, avatar: null, city: null, org_id: null, remark: null, created_at: now, updated_at: now, created_by: null, updated_by: null })
    .execute();
  nobody = await s.login('decl_nobody', 'Decl12345');
  const role = await s.db
    .insertInto('roles')
    .values({ code: 'decl_masker', name: '脱敏测试', all_schools: 1, order_num: 99, remark: null, created_at: now, updated_at: now, created_by: null, updated_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menus = await s.db.selectFrom('menus').select('id').where((eb) => eb.or([eb('code', 'is', null), eb('code', '!=', FULL_VALUE_PERM)])).execute();
  await s.db.insertInto('role_menus').values(menus.map((m) => ({ role_id: role.id, menu_id: m.id }))).execute();
  const maskerUser = await s.db
    .insertInto('users')
    .values({ login_id: 'decl_masker', name: '脱敏测试用户', phone: null, email: null, sex: null, password_hash: await hashPassword('Decl12345'), locked_until: null, avatar: null, city: null, org_id: null, remark: null, created_at: now, updated_at: now, created_by: null, updated_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await s.db.insertInto('user_roles').values({ user_id: maskerUser.id, role_id: role.id }).execute();
  masker = await s.login('decl_masker', 'Decl12345');
  const mine = (await s.db.selectFrom('user_schools').select('school_id').where('user_id', '=', principal.user.id).execute()).map((r) => r.school_id);
  const all = await s.db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  const schoolIds = all.map((r) => r.id);
  inScopeSchool = mine.length ? mine[0] : schoolIds[0];
  outOfScopeSchool = schoolIds.find((id) => !mine.includes(id)) as number;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('every declared resource and action', { timeout: 120_000 }, () => {
  it('refuses every declared call without a session (HTTP 401)', async () => {
    const open: string[] = [];
    for (const def of RESOURCES) {
      for (const call of ['page', 'get', 'tree'] as const) {
        const p = callPath(def, call);
        if (!p) continue;
        const method = call === 'page' && def.pageMethod === 'POST_FORM' ? 'POST' : 'GET';
        const res = await s.call(method, api(p), method === 'POST' ? { form: {} } : {});
        if (res.status !== 401) open.push(`${method} ${p} → ${res.status}`);
      }
      for (const w of writesOf(def)) {
        const res = await s.call('POST', api(w.path), { json: {} });
        if (res.status !== 401) open.push(`POST ${w.path} → ${res.status}`);
      }
    }
    expect(open).toEqual([]);
  });

  it('refuses every declared write of a user without its operation code (code 403)', async () => {
    const unguarded: string[] = [];
    for (const def of RESOURCES) {
      for (const w of writesOf(def)) {
        const res = await s.call('POST', api(w.path), { headers: nobody.headers, json: { id: 1, ids: [1] } });
        if (res.body.code !== 403) unguarded.push(`${w.path} (${w.perm}) → ${res.body.code} ${res.body.msg}`);
      }
    }
    expect(unguarded).toEqual([]);
  });

  it('pages, sorts and filters every declared list', async () => {
    const wrong: string[] = [];
    for (const def of RESOURCES) {
      if (!callPath(def, 'page')) continue;
      const first = await page(def, admin, { page: 1, rows: 2 });
      if (first.body.code !== 200 || first.body.data.content.length > 2) {
        wrong.push(`${def.name}: page → ${first.body.code} ${first.body.msg}`);
        continue;
      }
      for (const [key, field] of Object.entries(def.fields)) {
        const col = typeof field.list === 'object' ? field.list : undefined;
        if (col?.sortable) {
          const sorted = await page(def, admin, { page: 1, rows: 2, sort: `${key} desc` });
          if (sorted.body.code !== 200) wrong.push(`${def.name}: sort ${key} → ${sorted.body.msg}`);
        }
        const sample = first.body.data.content[0]?.[key];
        if ((field.search === 'eq' || field.search === 'like') && (typeof sample === 'string' || typeof sample === 'number')) {
          const found = await page(def, admin, { page: 1, rows: 10, [key]: sample });
          if (found.body.code !== 200 || found.body.data.totalSize < 1) wrong.push(`${def.name}: filter ${key}=${sample} → ${found.body.code} ${found.body.data?.totalSize}`);
        }
      }
      const bad = await page(def, admin, { page: 1, rows: 2, sort: 'no_such_column' });
      if (bad.body.code !== 400) wrong.push(`${def.name}: unknown sort → ${bad.body.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers bad input with code 400 naming a field, and writes nothing', async () => {
    const wrong: string[] = [];
    for (const def of RESOURCES) {
      const add = callPath(def, 'add');
      const required = Object.entries(def.fields).find(([, f]) => f.required && !f.readonly);
      if (!add || !required) continue;
      const before = await count(def);
      const body = await bodyOf(def);
      delete body[required[0]];
      const res = await s.call('POST', api(add), { headers: admin.headers, json: body });
      if (res.body.code !== 400 || !res.body.msg.includes(required[1].label)) wrong.push(`${def.name}: without ${required[0]} → ${res.body.code} ${res.body.msg}`);
      if ((await count(def)) !== before) wrong.push(`${def.name}: a refused add wrote a row`);
    }
    expect(wrong).toEqual([]);
  });

  it('adds, gets, updates, deletes and recovers with generated bodies; missing relations refused', async () => {
    const wrong: string[] = [];
    for (const def of RESOURCES) {
      const add = callPath(def, 'add');
      if (!add || NO_GENERATED_ADD[def.name]) continue;
      const body = await bodyOf(def);
      const added = await s.call<Body>('POST', api(add), { headers: admin.headers, json: body });
      if (added.body.code !== 200) {
        wrong.push(`${def.name}: add ${JSON.stringify(body)} → ${added.body.code} ${added.body.msg}`);
        continue;
      }
      const id = Number(added.body.data.id);
      // a relation to a missing target is refused like an unreachable one
      const ref = Object.entries(def.fields).find(([k, f]) => f.ref && !f.readonly && body[k] !== undefined);
      if (ref) {
        const res = await s.call('POST', api(add), { headers: admin.headers, json: { ...(await bodyOf(def)), [ref[0]]: 999999999 } });
        if (res.body.code !== 404 || res.body.msg !== `${ref[1].label}不存在或无权访问`) wrong.push(`${def.name}: missing ${ref[0]} → ${res.body.code} ${res.body.msg}`);
      }
      const get = callPath(def, 'get');
      if (get) {
        const got = await s.call<Body>('GET', api(get), { headers: admin.headers, query: { id } });
        if (got.body.code !== 200 || Number(got.body.data.id) !== id) wrong.push(`${def.name}: get → ${got.body.code} ${got.body.msg}`);
      }
      const update = callPath(def, 'update');
      if (update) {
        const upd = await s.call('POST', api(update), { headers: admin.headers, json: { ...body, id } });
        if (upd.body.code !== 200) wrong.push(`${def.name}: update → ${upd.body.code} ${upd.body.msg}`);
      }
      const del = callPath(def, 'delete');
      if (del) {
        const res = await s.call('POST', api(del), { headers: admin.headers, json: [{ id }] });
        if (res.body.code !== 200) wrong.push(`${def.name}: delete → ${res.body.code} ${res.body.msg}`);
        else if (get && (await s.call('GET', api(get), { headers: admin.headers, query: { id } })).body.code !== 404) wrong.push(`${def.name}: a deleted row still answers get`);
      }
      const recover = callPath(def, 'recover');
      if (recover && del) {
        const res = await s.call('POST', api(recover), { headers: admin.headers, json: [{ id }] });
        if (res.body.code !== 200) wrong.push(`${def.name}: recover → ${res.body.code} ${res.body.msg}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers an id of another campus exactly like a missing id (get, update, delete, every action)', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const def of RESOURCES.filter(isSchoolScoped)) {
      const foreign = await firstLiveId(def.table, def.softDelete === true, outOfScopeSchool);
      if (foreign === undefined) continue;
      checked++;
      const missing = 999999999;
      const pairs: [string, (id: number) => Promise<{ status: number; body: unknown }>][] = [];
      const get = callPath(def, 'get');
      if (get) pairs.push([get, (id) => s.call('GET', api(get), { headers: principal.headers, query: { id } })]);
      const update = callPath(def, 'update');
      if (update) pairs.push([update, (id) => s.call('POST', api(update), { headers: principal.headers, json: { id } })]);
      const del = callPath(def, 'delete');
      if (del) pairs.push([del, (id) => s.call('POST', api(del), { headers: principal.headers, json: [{ id }] })]);
      for (const a of def.actions ?? []) {
        const p = actionPath(def, a);
        const value = a.value ?? a.buttons?.[0]?.value;
        pairs.push([p, (id) => s.call('POST', api(p), { headers: principal.headers, json: value === undefined ? { ids: [id] } : { ids: [id], [a.column]: value } })]);
      }
      for (const [path, call] of pairs) {
        const a = await call(foreign);
        const b = await call(missing);
        if (JSON.stringify(a) !== JSON.stringify(b)) wrong.push(`${path}: another campus ${JSON.stringify(a.body)} ≠ missing ${JSON.stringify(b.body)}`);
      }
    }
    expect(checked).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });

  it('does not delete a target a live row still names (declared refs), with a Chinese message', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const target of RESOURCES) {
      const del = callPath(target, 'delete');
      if (!del) continue;
      for (const use of refsTo(target.name)) {
        if (use.spec.ref?.onDelete === 'allow') continue;
        let q = db().selectFrom(use.def.table).select(use.field).where(use.field, 'is not', null).where(use.field, '>', 0);
        if (use.def.softDelete) q = q.where('del_flag', '=', 0);
        const row = await q.executeTakeFirst();
        if (!row || use.def === target) continue;
        const id = Number(row[use.field]);
        checked++;
        const res = await s.call('POST', api(del), { headers: admin.headers, json: [{ id }] });
        const still = await firstLiveId(target.table, target.softDelete === true);
        const alive = await db().selectFrom(target.table).select('id').where('id', '=', id).$if(target.softDelete === true, (b) => b.where('del_flag', '=', 0)).executeTakeFirst();
        if (res.body.code === 200 || !alive || still === undefined || !/[\u4e00-\u9fa5]/.test(res.body.msg)) wrong.push(`${target.name} ${id} named by ${use.def.name}.${use.field} → ${res.body.code} ${res.body.msg}`);
      }
    }
    expect(checked).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });

  it('refuses a duplicate of every declared unique key (409, a Chinese message naming the field), writing nothing', async () => {
    const wrong: string[] = [];
    let checkedAdd = 0;
    let checkedUpdate = 0;
    for (const def of RESOURCES) {
      const add = callPath(def, 'add');
      const update = callPath(def, 'update');
      const generated = add !== undefined && !NO_GENERATED_ADD[def.name];
      for (const [key, field] of Object.entries(def.fields)) {
        if (!field.unique || field.readonly || (!add && !update)) continue;
        /** live rows holding a value of the key, oldest first */
        const holders = async () => {
          let q = db().selectFrom(def.table).selectAll().where(key, 'is not', null).orderBy('id');
          if (def.softDelete) q = q.where('del_flag', '=', 0);
          return (await q.limit(20).execute()).filter((r) => r[key] !== '');
        };
        let rows = await holders();
        // rows to collide with: the demo's, or added from generated bodies
        if (generated && add) for (let tries = 0; rows.length < 2 && tries < 2; tries++) {
          const res = await s.call<Body>('POST', api(add), { headers: admin.headers, json: await bodyOf(def) });
          if (res.body.code !== 200) {
            wrong.push(`${def.name}: add for ${key} → ${res.body.code} ${res.body.msg}`);
            break;
          }
          rows = await holders();
        }
        if (rows.length === 0) {
          wrong.push(`${def.name}.${key}: no row holds a value to collide with`);
          continue;
        }
        const [taken, other] = rows;
        const refusedRight = (body: { code: number; msg: string }) => body.code === 409 && /[\u4e00-\u9fa5]/.test(body.msg) && body.msg.includes(field.label);
        if (add) {
          const before = await count(def);
          const res = await s.call('POST', api(add), { headers: admin.headers, json: { ...(await bodyOf(def)), [key]: taken[key] } });
          checkedAdd++;
          // a declaration whose generated body its own rules refuse (NO_GENERATED_ADD) may speak first: refused all the same
          const right = generated ? refusedRight(res.body) : res.body.code === 409 && /[\u4e00-\u9fa5]/.test(res.body.msg);
          if (!right) wrong.push(`${def.name}: add with ${key} of row ${String(taken.id)} → ${res.body.code} ${res.body.msg}`);
          if ((await count(def)) !== before) wrong.push(`${def.name}: a refused duplicate ${key} wrote a row`);
        }
        if (generated) {
          // two adds of one value at once (the database's unique index decides): one row, the other refused naming the field
          const value = (await bodyOf(def))[key];
          const before = await count(def);
          const both = await Promise.all([0, 1].map(async () => s.call('POST', api(add), { headers: admin.headers, json: { ...(await bodyOf(def)), [key]: value } })));
          const codes = both.map((r) => r.body.code).sort();
          if (codes[0] !== 200 || !refusedRight(both.find((r) => r.body.code !== 200)?.body ?? { code: 200, msg: '' })) wrong.push(`${def.name}: two adds of one ${key} at once → ${both.map((r) => `${r.body.code} ${r.body.msg}`).join(' / ')}`);
          if ((await count(def)) !== before + 1) wrong.push(`${def.name}: two adds of one ${key} at once wrote ${(await count(def)) - before} rows`);
        }
        if (update && other) {
          const res = await s.call('POST', api(update), { headers: admin.headers, json: { id: other.id, [key]: taken[key] } });
          checkedUpdate++;
          if (!refusedRight(res.body)) wrong.push(`${def.name}: update of row ${String(other.id)} with ${key} of row ${String(taken.id)} → ${res.body.code} ${res.body.msg}`);
          const after = await db().selectFrom(def.table).selectAll().where('id', '=', other.id as number).executeTakeFirst();
          if (JSON.stringify(after) !== JSON.stringify(other)) wrong.push(`${def.name}: a refused duplicate ${key} changed row ${String(other.id)}`);
        } else if (update) wrong.push(`${def.name}.${key}: one row only, the update is not checked`);
      }
    }
    expect(checkedAdd).toBeGreaterThan(10);
    expect(checkedUpdate).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });

  it('keeps the tree rules of every declared tree: a missing parent, a cycle and a node with children are refused, writing nothing', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const def of RESOURCES) {
      const tree = def.tree;
      if (!tree) continue;
      const add = callPath(def, 'add');
      const update = callPath(def, 'update');
      const del = callPath(def, 'delete');
      if (!add || !update || !del || NO_GENERATED_ADD[def.name]) {
        wrong.push(`${def.name}: a tree without a standard add, update and delete is not checked here`);
        continue;
      }
      checked++;
      const noun = tree.noun ?? def.title;
      const key = tree.parent;
      /** refused with code 400 and a Chinese message naming the node */
      const refusedRight = (body: { code: number; msg: string }) => body.code === 400 && /[\u4e00-\u9fa5]/.test(body.msg) && body.msg.includes(noun);
      const rowOf = (id: number) => db().selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst();
      const addUnder = async (parent: number): Promise<number | undefined> => {
        const res = await s.call<Body>('POST', api(add), { headers: admin.headers, json: { ...(await bodyOf(def)), [key]: parent } });
        if (res.body.code !== 200) wrong.push(`${def.name}: add under ${parent} → ${res.body.code} ${res.body.msg}`);
        return res.body.code === 200 ? Number(res.body.data.id) : undefined;
      };
      // a missing parent
      const before = await count(def);
      const missing = await s.call('POST', api(add), { headers: admin.headers, json: { ...(await bodyOf(def)), [key]: 999999999 } });
      if (!refusedRight(missing.body)) wrong.push(`${def.name}: add under a missing parent → ${missing.body.code} ${missing.body.msg}`);
      if ((await count(def)) !== before) wrong.push(`${def.name}: an add under a missing parent wrote a row`);
      // a chain top → middle → leaf
      const top = await addUnder(0);
      const middle = top === undefined ? undefined : await addUnder(top);
      const leaf = middle === undefined ? undefined : await addUnder(middle);
      if (top === undefined || middle === undefined || leaf === undefined) continue;
      for (const [what, id, parent] of [
        ['a missing parent', middle, 999999999],
        ['itself', top, top],
        ['its child', top, middle],
        ['its grandchild', top, leaf],
        ['its child', middle, leaf],
      ] as const) {
        const was = await rowOf(id);
        const res = await s.call('POST', api(update), { headers: admin.headers, json: { id, [key]: parent } });
        if (!refusedRight(res.body)) wrong.push(`${def.name}: moving ${id} under ${what} → ${res.body.code} ${res.body.msg}`);
        if (JSON.stringify(await rowOf(id)) !== JSON.stringify(was)) wrong.push(`${def.name}: a refused move under ${what} changed the row`);
      }
      // a node with live children stays, alone or with part of its subtree
      for (const ids of [[top], [middle], [top, middle]]) {
        const res = await s.call('POST', api(del), { headers: admin.headers, json: ids.map((id) => ({ id })) });
        if (!refusedRight(res.body)) wrong.push(`${def.name}: delete ${ids.join(',')} with children → ${res.body.code} ${res.body.msg}`);
        for (const id of [top, middle, leaf]) if (!(await liveRow(def, id))) wrong.push(`${def.name}: a refused delete of ${ids.join(',')} deleted ${id}`);
      }
      // the whole subtree goes at once
      const all = await s.call('POST', api(del), { headers: admin.headers, json: [{ id: leaf }, { id: top }, { id: middle }] });
      if (all.body.code !== 200) wrong.push(`${def.name}: delete of the whole subtree → ${all.body.code} ${all.body.msg}`);
    }
    expect(checked).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });

  it('keeps the same tree rules on the core trees (组织, 菜单) through their hand-written calls', async () => {
    /** the calls that move and delete a core tree's nodes (CORE_TREES; a new core tree must be named here) */
    const CORE_TREE_CALLS: Readonly<Record<string, { update: string; delete: string }>> = {
      organisations: { update: 'system/update_org', delete: 'system/del_org' },
      menus: { update: 'system/update_menu', delete: 'system/del_menu' },
    };
    const wrong: string[] = [];
    for (const core of CORE_TREES) {
      const calls = CORE_TREE_CALLS[core.table];
      if (!calls) {
        wrong.push(`${core.table}: a core tree without its calls in CORE_TREE_CALLS`);
        continue;
      }
      const key = core.tree.parent;
      const rows = (await db().selectFrom(core.table).selectAll().where('del_flag', '=', 0).orderBy('id').execute()) as Body[];
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const parentOf = (r: Body | undefined) => (r ? byId.get(Number(r[key])) : undefined);
      // a chain top → middle → leaf of the demo's rows
      const leaf = rows.find((r) => parentOf(parentOf(r)) !== undefined);
      const middle = parentOf(leaf);
      const top = parentOf(middle);
      if (!leaf || !middle || !top) {
        wrong.push(`${core.table}: no three-level chain to check`);
        continue;
      }
      const rowOf = (id: unknown) => db().selectFrom(core.table).selectAll().where('id', '=', Number(id)).executeTakeFirst();
      // the row sent back as it is goes through: the refusals below are the moves'
      for (const node of [top, middle]) {
        const res = await s.call('POST', api(calls.update), { headers: admin.headers, json: node });
        if (res.body.code !== 200) wrong.push(`${core.table}: update of ${String(node.id)} unchanged → ${res.body.code} ${res.body.msg}`);
      }
      // refused with code 400 and a Chinese message (the area's own placement rules may speak first)
      const refusedRight = (body: { code: number; msg: string }) => body.code === 400 && /[\u4e00-\u9fa5]/.test(body.msg);
      for (const [what, node, parent] of [
        ['a missing parent', middle, 999999999],
        ['itself', top, top.id],
        ['its child', top, middle.id],
        ['its grandchild', top, leaf.id],
      ] as const) {
        const was = await rowOf(node.id);
        const res = await s.call('POST', api(calls.update), { headers: admin.headers, json: { ...node, [key]: parent } });
        if (!refusedRight(res.body)) wrong.push(`${core.table}: moving ${String(node.id)} under ${what} → ${res.body.code} ${res.body.msg}`);
        if (JSON.stringify(await rowOf(node.id)) !== JSON.stringify(was)) wrong.push(`${core.table}: a refused move under ${what} changed the row`);
      }
      for (const node of [top, middle]) {
        const res = await s.call('POST', api(calls.delete), { headers: admin.headers, json: [{ id: node.id }] });
        if (!refusedRight(res.body) || !res.body.msg.includes(String(node[core.tree.text]))) wrong.push(`${core.table}: delete ${String(node.id)} with children → ${res.body.code} ${res.body.msg}`);
        if (Number((await rowOf(node.id))?.del_flag) !== 0) wrong.push(`${core.table}: a refused delete deleted ${String(node.id)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('runs every declared action on a row in scope, stamping who and when', async () => {
    const wrong: string[] = [];
    for (const def of RESOURCES) {
      for (const a of def.actions ?? []) {
        const id = await firstLiveId(def.table, def.softDelete === true, isSchoolScoped(def) ? inScopeSchool : undefined);
        if (id === undefined) continue;
        let value: unknown = a.value ?? a.buttons?.[0]?.value;
        if (value === undefined) value = await valueOf(def, a.column, def.fields[a.column], '');
        const res = await s.call('POST', api(actionPath(def, a)), { headers: admin.headers, json: { ids: [id], [a.column]: value } });
        if (res.body.code !== 200) {
          // an action may refuse the row for a business rule, in Chinese
          if (!/[\u4e00-\u9fa5]/.test(res.body.msg)) wrong.push(`${def.name}/${a.name} → ${res.body.code} ${res.body.msg}`);
          continue;
        }
        const row = await db().selectFrom(def.table).select([a.column, 'updated_by']).where('id', '=', id).executeTakeFirstOrThrow();
        if (String(row[a.column]) !== String(value) || Number(row.updated_by) !== admin.user.id) wrong.push(`${def.name}/${a.name}: row ${JSON.stringify(row)}`);
        const bad = await s.call('POST', api(actionPath(def, a)), { headers: admin.headers, json: { ids: ['x'] } });
        if (bad.body.code !== 400) wrong.push(`${def.name}/${a.name}: bad ids → ${bad.body.code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('masks declared personal columns without the code to see them in full, everywhere a row is answered', async () => {
    const wrong: string[] = [];
    const masked = RESOURCES.filter((def) => Object.values(def.fields).some((f) => f.mask));
    expect(masked.map((d) => d.name)).toEqual(expect.arrayContaining(['student', 'base_user_detail']));
    for (const def of masked) {
      const keys = Object.entries(def.fields).filter(([, f]) => f.mask);
      const id = await firstLiveId(def.table, def.softDelete === true, isSchoolScoped(def) ? inScopeSchool : undefined);
      if (id === undefined) {
        wrong.push(`${def.name}: no row to check`);
        continue;
      }
      // a stored value of every masked column
      seq++;
      const stored: Record<string, string> = {};
      for (const [key, field] of keys) stored[key] = String(await valueOf(def, key, field, `${seq}`));
      await db().updateTable(def.table).set(stored).where('id', '=', id).execute();
      const expectRow = (where: string, row: Body | undefined, full: boolean) => {
        if (!row) return wrong.push(`${where}: row ${id} not answered`);
        for (const [key, field] of keys) {
          const want = full ? stored[key] : maskText(field.mask ?? 'phone', stored[key]);
          if (row[key] !== want) wrong.push(`${where}: ${key} ${String(row[key])} ≠ ${want}`);
        }
      };
      const pagePath = callPath(def, 'page');
      if (pagePath) {
        // twice: the first builds the page statement, the second runs the compiled plan
        for (const [who, full] of [[masker, false], [admin, true]] as const) {
          for (const round of [1, 2]) {
            // the row's own campus: a demo with many rows does not push it off the page
            const res = await page(def, who, { page: 1, rows: 500, ...(isSchoolScoped(def) ? { school_id: inScopeSchool } : {}) });
            expectRow(`${def.name} page ${full ? 'full' : 'masked'} #${round}`, res.body.data?.content.find((r) => Number(r.id) === id), full);
            for (const r of res.body.data?.content ?? []) for (const [key] of keys) if (!full && typeof r[key] === 'string' && r[key] !== '' && !String(r[key]).includes('*')) wrong.push(`${def.name} page: ${key} of row ${String(r.id)} unmasked`);
          }
        }
        // the export reads the same rows
        const exp = await page(def, masker, { __export__: 'true', __name__: def.title, __columns__: JSON.stringify([{ prop: 'id', label: '编号', width: 10 }, ...keys.map(([k, f]) => ({ prop: k, label: f.label, width: 20 }))]) });
        const fileId = (exp.body.data as unknown as { file_id?: number })?.file_id;
        if (typeof fileId !== 'number') wrong.push(`${def.name}: export → ${exp.body.code} ${exp.body.msg}`);
        else {
          await exportsSettled();
          const dl = await s.app.fetch(new Request(`http://localhost/${PATHS.exportDownload}?file_id=${fileId}`, { headers: masker.headers }));
          const wb = new ExcelJS.Workbook();
          await wb.xlsx.load(await dl.arrayBuffer());
          const cells = wb.worksheets[0].getSheetValues().flat().map((v) => String(v ?? ''));
          for (const [key] of keys) if (cells.includes(stored[key])) wrong.push(`${def.name}: export holds ${key} in full`);
        }
      }
      const get = callPath(def, 'get');
      if (get) {
        expectRow(`${def.name} get masked`, (await s.call<Body>('GET', api(get), { headers: masker.headers, query: { id } })).body.data, false);
        expectRow(`${def.name} get full`, (await s.call<Body>('GET', api(get), { headers: admin.headers, query: { id } })).body.data, true);
      }
      const update = callPath(def, 'update');
      if (update && get) {
        const shown = (await s.call<Body>('GET', api(get), { headers: masker.headers, query: { id } })).body.data;
        // the edit form sends back what it was shown: the stored value stays, the answer is masked
        const kept = await s.call<Body>('POST', api(update), { headers: masker.headers, json: { ...shown, id } });
        if (kept.body.code !== 200) wrong.push(`${def.name}: masked round trip → ${kept.body.code} ${kept.body.msg}`);
        else expectRow(`${def.name} update answer`, kept.body.data, false);
        const after = await db().selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        for (const [key] of keys) if (after[key] !== stored[key]) wrong.push(`${def.name}: round trip stored ${key} = ${String(after[key])}`);
        for (const [key, field] of keys) {
          const other = `${stored[key].slice(0, 2)}**${stored[key].slice(-2)}`;
          const refused = await s.call('POST', api(update), { headers: admin.headers, json: { id, [key]: other } });
          if (refused.body.code !== 400 || refused.body.msg !== maskedInputMessage(field.label)) wrong.push(`${def.name}: update ${key}=${other} → ${refused.body.code} ${refused.body.msg}`);
        }
        const unchanged = await db().selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        for (const [key] of keys) if (unchanged[key] !== stored[key]) wrong.push(`${def.name}: a refused update wrote ${key}`);
        // a real change is logged masked: the log is read as stored, code or not
        const changed = Object.fromEntries(keys.map(([key, field]) => [key, otherValue(field, stored[key])]));
        const upd = await s.call('POST', api(update), { headers: admin.headers, json: { id, ...changed } });
        if (upd.body.code !== 200) wrong.push(`${def.name}: update ${JSON.stringify(changed)} → ${upd.body.code} ${upd.body.msg}`);
        const log = await db().selectFrom('audit_log').select('changes').where('table_name', '=', def.table).orderBy('id', 'desc').executeTakeFirst();
        const text = String(log?.changes ?? '');
        for (const [key, field] of keys) {
          if (text.includes(stored[key]) || text.includes(changed[key])) wrong.push(`${def.name}: the audit log holds ${key} in full: ${text}`);
          else if (!text.includes(String(maskText(field.mask ?? 'phone', changed[key])))) wrong.push(`${def.name}: the audit log misses the change of ${key}: ${text}`);
        }
      }
      const add = callPath(def, 'add');
      if (add) {
        const before = await count(def);
        const [key, field] = keys[0];
        const res = await s.call('POST', api(add), { headers: admin.headers, json: { ...(await bodyOf(def)), [key]: maskText(field.mask ?? 'phone', stored[key]) } });
        if (res.body.code !== 400 || res.body.msg !== maskedInputMessage(field.label)) wrong.push(`${def.name}: add with a masked ${key} → ${res.body.code} ${res.body.msg}`);
        if ((await count(def)) !== before) wrong.push(`${def.name}: a refused add wrote a row`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a search combining filters declared exclusive, naming both, and answers each alone', async () => {
    const wrong: string[] = [];
    /** one value of a search field, as its page call takes it */
    const filter = (def: ResourceDef, name: string): Record<string, string | number> => {
      const f = def.fields[name];
      if (f.search === 'range') return { [`${name}_start`]: f.type === 'int' || f.type === 'number' || f.type === 'money' ? 1 : '2020-01-01' };
      if (f.options?.kind === 'static') return { [name]: f.options.items[0].value };
      return { [name]: f.type === 'string' || f.type === 'text' ? '一' : 1 };
    };
    for (const def of EXCLUSIVE_DEFS) {
      for (const group of def.exclusive ?? []) {
        for (const name of group) {
          const alone = await page(def, admin, { page: 1, rows: 1, ...filter(def, name) });
          if (alone.body.code !== 200) wrong.push(`${def.name}: ${name} alone → ${alone.body.code} ${alone.body.msg}`);
        }
        const [a, b] = group;
        const both = await page(def, admin, { page: 1, rows: 1, ...filter(def, a), ...filter(def, b) });
        const msg = exclusiveMessage([def.fields[a].label, def.fields[b].label]);
        if (both.body.code !== 400 || both.body.msg !== msg) wrong.push(`${def.name}: ${a} with ${b} → ${both.body.code} ${both.body.msg} (want ${msg})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

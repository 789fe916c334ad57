import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from './helpers';
import { todayText } from '../../server/lib/time';
import { feeStandardAt, languagePackForSale, priceVersion, type FeeTerms } from '../../server/modules/products';
import type { PackClassType, PackTerms, SchoolClassType } from '../../src/contract/products';

/**
 * The products area's own rules (server/modules/products), beyond what the declarations contract
 * test covers for every declaration: money in fen, language packs with class types and campuses
 * on sale, versioned prices that never change what was sold, fee standard periods, class path
 * steps, course schedules, textbooks. Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

type Row = Record<string, unknown> & { id: number };
interface Page<T> {
  content: T[];
  totalSize: number;
}

let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
let sales: Record<string, string>;
/** the principal's campuses (北京朝阳, 北京海淀) and one they do not reach (上海浦东) */
let chaoyang: number;
let haidian: number;
let pudong: number;
let typeA: number;
let typeB: number;

const api = (p: string) => `/api/v1/${p}`;

async function schoolId(code: string): Promise<number> {
  const row = await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

async function addPack(body: Record<string, unknown>): Promise<Row> {
  const res = await s.call<Row>('POST', api('prod_language_pack/add'), { headers: admin, json: body });
  expect(res.body.code).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  sales = (await s.login('sales', DEMO_PASSWORD)).headers;
  chaoyang = await schoolId('BJ-CY');
  haidian = await schoolId('BJ-HD');
  pudong = await schoolId('SH-PD');
  const types = await s.db.selectFrom('prod_class_type').select(['id', 'code']).where('code', 'in', ['KE-1', 'PH-1']).orderBy('code').execute();
  typeA = types.find((t) => t.code === 'KE-1')?.id ?? 0;
  typeB = types.find((t) => t.code === 'PH-1')?.id ?? 0;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('money is integer fen', () => {
  it('answers prices in fen and refuses a price that is not whole fen, naming the field', async () => {
    const page = await s.call<Page<Row>>('GET', api('prod_class_type/page'), { headers: admin, query: { name: '少儿英语启蒙', rows: 5 } });
    expect(page.body.data.content[0]).toMatchObject({ name: '少儿英语启蒙', price: 720000, course_line: 2, level: 'L1', billing_unit: 1 });
    const bad = await s.call('POST', api('prod_language_pack/add'), { headers: admin, json: { name: '小数价格包', class_type_ids: String(typeA), hours: 10, price: 99.5, validity_days: 30 } });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toContain('标价');
    const negative = await s.call('POST', api('prod_text_book/add'), { headers: admin, json: { name: '负价教材', price: -1 } });
    expect(negative.body.code).toBe(400);
    expect(negative.body.msg).toContain('定价不能小于0.00元');
  });
});

describe('language packs', () => {
  it('adds a pack hidden, with its class types (required), which the list names; the body cannot publish it', async () => {
    const bare = await s.call('POST', api('prod_language_pack/add'), { headers: admin, json: { name: '测试空包', hours: 10, price: 100000, validity_days: 30 } });
    expect(bare.body).toMatchObject({ code: 400, msg: '请选择适用班型' });
    const emptyList = await s.call('POST', api('prod_language_pack/add'), { headers: admin, json: { name: '测试空包', class_type_ids: ',', hours: 10, price: 100000, validity_days: 30 } });
    expect(emptyList.body.code).toBe(400);
    const hidden = await addPack({ name: '测试隐藏包', class_type_ids: String(typeA), hours: 10, price: 100000, validity_days: 30, visible: 1 });
    expect(hidden).toMatchObject({ visible: 0, version: 1, class_type_names: '少儿英语启蒙' });

    const pack = await addPack({ name: '测试双科包', class_type_ids: `${typeB},${typeA},${typeB}`, hours: 60, gift_hours: 4, price: 588000, validity_days: 365 });
    const sorted = [typeA, typeB].sort((a, b) => a - b);
    expect(pack.class_type_ids).toBe(sorted.join(','));
    // the list shows the names, afresh: a renamed class type shows its new name
    await s.db.updateTable('prod_class_type').set({ name: '自然拼读（新版）' }).where('id', '=', typeB).execute();
    const listed = await s.call<Page<Row>>('GET', api('prod_language_pack/page'), { headers: admin, query: { name: '测试双科包' } });
    expect(listed.body.data.content[0].class_type_names).toBe(sorted.map((id) => (id === typeA ? '少儿英语启蒙' : '自然拼读（新版）')).join('、'));
    await s.db.updateTable('prod_class_type').set({ name: '自然拼读' }).where('id', '=', typeB).execute();
    const types = await s.call<PackClassType[]>('GET', api('prod_language_pack/language_pack_class_types'), { headers: admin, query: { language_pack_id: pack.id } });
    expect(types.body.data.map((t) => t.class_type_id).sort()).toEqual([typeA, typeB].sort());
    expect(types.body.data.every((t) => t.available && t.class_type_name.length > 0)).toBe(true);
    // `id` is accepted too
    const byId = await s.call<PackClassType[]>('GET', api('prod_language_pack/language_pack_class_types'), { headers: admin, query: { id: pack.id } });
    expect(byId.body.data).toHaveLength(2);
    const missingType = await s.call('POST', api('prod_language_pack/add'), { headers: admin, json: { name: '无效班型包', class_type_ids: '999999', hours: 1, price: 1, validity_days: 1 } });
    expect(missingType.body).toMatchObject({ code: 404, msg: '适用班型不存在或无权访问' });
    const published = await s.call('POST', api('prod_language_pack/visible'), { headers: admin, json: { ids: [pack.id], visible: 1 } });
    expect(published.body.code).toBe(200);
    const emptied = await s.call('POST', api('prod_language_pack/update'), { headers: admin, json: { id: pack.id, class_type_ids: '' } });
    expect(emptied.body).toMatchObject({ code: 400, msg: '请选择适用班型' });
  });

  it('sells at the campuses it is on sale at, within the dates; a principal sees and sets only their campuses', async () => {
    const pack = await addPack({ name: '测试在售包', class_type_ids: String(typeA), hours: 40, price: 400000, validity_days: 180 });
    await s.call('POST', api('prod_language_pack/visible'), { headers: admin, json: { id: pack.id, visible: 1 } });
    const sale = await s.call<Row>('POST', api('prod_language_pack_city/add'), { headers: admin, json: { language_pack_id: pack.id, school_id: chaoyang } });
    expect(sale.body.data).toMatchObject({ school_id: chaoyang, city_name: '北京分公司' });
    const twice = await s.call('POST', api('prod_language_pack_city/add'), { headers: admin, json: { language_pack_id: pack.id, school_id: chaoyang } });
    expect(twice.body).toMatchObject({ code: 409, msg: '该课程包在这个校区已设置销售，请直接编辑' });
    const later = await s.call<Row>('POST', api('prod_language_pack_city/add'), { headers: admin, json: { language_pack_id: pack.id, school_id: haidian, start_date: '2099-01-01' } });
    expect(later.body.code).toBe(200);
    const backwards = await s.call('POST', api('prod_language_pack_city/add'), { headers: admin, json: { language_pack_id: pack.id, school_id: pudong, start_date: '2099-02-01', end_date: '2099-01-01' } });
    expect(backwards.body).toMatchObject({ code: 400, msg: '停售日期不能早于开售日期' });
    await s.call('POST', api('prod_language_pack_city/add'), { headers: admin, json: { language_pack_id: pack.id, school_id: pudong } });

    const today = todayText();
    const at = async (school: number, date?: string) =>
      (await s.call<SchoolClassType[]>('GET', api('prod_language_pack/school_class_types'), { headers: admin, query: { school_id: school, date } })).body.data;
    const packsAt = (types: SchoolClassType[]) => types.flatMap((t) => t.language_packs.map((p) => p.name));
    expect(packsAt(await at(chaoyang))).toContain('测试在售包');
    expect(packsAt(await at(haidian, today))).not.toContain('测试在售包');
    expect(packsAt(await at(haidian, '2099-06-01'))).toContain('测试在售包');
    const typeRow = (await at(chaoyang)).find((t) => t.class_type_id === typeA);
    expect(typeRow?.language_packs.find((p) => p.name === '测试在售包')).toMatchObject({ price: 400000, hours: 40, validity_days: 180 });

    // campus scope: the principal's own campus answers, another one answers like a missing one
    const own = await s.call<SchoolClassType[]>('GET', api('prod_language_pack/school_class_types'), { headers: principal, query: { school_id: chaoyang } });
    expect(own.body.code).toBe(200);
    const other = await s.call('GET', api('prod_language_pack/school_class_types'), { headers: principal, query: { school_id: pudong } });
    const missing = await s.call('GET', api('prod_language_pack/school_class_types'), { headers: principal, query: { school_id: 999999 } });
    expect(other.body.code).toBe(404);
    expect(other.body).toEqual(missing.body);
    const theirs = await s.call<Page<Row>>('GET', api('prod_language_pack_city/page'), { headers: principal, query: { language_pack_id: pack.id, rows: 50 } });
    expect(theirs.body.data.content.map((r) => r.school_id).sort()).toEqual([chaoyang, haidian].sort());
    // course advisers read packs but set nothing
    expect((await s.call('GET', api('prod_language_pack/page'), { headers: sales, query: { rows: 5 } })).body.code).toBe(200);
    expect((await s.call('POST', api('prod_language_pack_city/add'), { headers: sales, json: { language_pack_id: pack.id, school_id: chaoyang } })).body.code).toBe(403);

    // the public module (orders): on sale here, not there; a hidden or deleted pack is not sold
    const terms = await languagePackForSale(s.db, pack.id, chaoyang, today);
    expect(terms).toMatchObject({ language_pack_id: pack.id, price: 400000, hours: 40, gift_hours: 0, validity_days: 180, class_type_ids: [typeA], version: 1 });
    await expect(languagePackForSale(s.db, pack.id, haidian, today)).rejects.toMatchObject({ code: 400 });
    await s.call('POST', api('prod_language_pack/visible'), { headers: admin, json: { id: pack.id, visible: 0 } });
    await expect(languagePackForSale(s.db, pack.id, chaoyang, today)).rejects.toMatchObject({ code: 400 });
  });

  it('keeps every version of the terms: a price change never changes what an order recorded', async () => {
    const pack = await addPack({ name: '测试调价包', class_type_ids: String(typeA), hours: 48, gift_hours: 2, price: 480000, validity_days: 365 });
    await s.call('POST', api('prod_language_pack/visible'), { headers: admin, json: { id: pack.id, visible: 1 } });
    await s.call('POST', api('prod_language_pack_city/add'), { headers: admin, json: { language_pack_id: pack.id, school_id: chaoyang } });
    const today = todayText();
    const sold = await languagePackForSale(s.db, pack.id, chaoyang, today);
    expect(sold).toMatchObject({ price: 480000, version: 1 });

    // a change of wording only keeps the version; a change of price makes version 2
    const renamed = await s.call<Row>('POST', api('prod_language_pack/update'), { headers: admin, json: { id: pack.id, remark: '春季促销' } });
    expect(renamed.body.data.version).toBe(1);
    const repriced = await s.call<Row>('POST', api('prod_language_pack/update'), { headers: admin, json: { id: pack.id, price: 520000 } });
    expect(repriced.body.data).toMatchObject({ price: 520000, version: 2 });
    const now = await languagePackForSale(s.db, pack.id, chaoyang, today);
    expect(now).toMatchObject({ price: 520000, version: 2 });
    expect(now.price_version_id).not.toBe(sold.price_version_id);

    // what the earlier sale recorded still reads as it was, after the change and after a delete
    await s.call('POST', api('prod_language_pack/delete'), { headers: admin, json: [{ id: pack.id }] });
    const kept = await priceVersion<PackTerms>(s.db, sold.price_version_id);
    expect(kept?.terms).toMatchObject({ language_pack_id: pack.id, price: 480000, hours: 48, gift_hours: 2, version: 1 });
    const versions = await s.db.selectFrom('prod_price_version').select('version').where('kind', '=', 'language_pack').where('ref_id', '=', pack.id).orderBy('version').execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    // every demo pack and fee standard has its current version kept
    const packs = await s.db.selectFrom('prod_language_pack').select(['id', 'version']).execute();
    for (const p of packs) expect(await s.db.selectFrom('prod_price_version').select('id').where('kind', '=', 'language_pack').where('ref_id', '=', p.id).where('version', '=', Number(p.version)).executeTakeFirst()).toBeDefined();
  });
});

describe('fee standards', () => {
  it('refuses overlapping periods and backwards dates, versions price changes, and finds the price in force', async () => {
    const base = { class_type_id: typeB, billing_unit: 2, school_id: haidian };
    const first = await s.call<Row>('POST', api('prod_fee_standard/add'), { headers: principal, json: { ...base, unit_price: 15000, start_date: '2090-01-01', end_date: '2090-12-31' } });
    expect(first.body.data).toMatchObject({ unit_price: 15000, city_name: '北京分公司', version: 1 });
    const overlap = await s.call('POST', api('prod_fee_standard/add'), { headers: principal, json: { ...base, unit_price: 16000, start_date: '2090-06-01' } });
    expect(overlap.body).toMatchObject({ code: 409, msg: '与已有收费标准（2090-01-01 至 2090-12-31）的有效期重叠，请先设置其失效日期' });
    const backwards = await s.call('POST', api('prod_fee_standard/add'), { headers: principal, json: { ...base, unit_price: 16000, start_date: '2092-01-01', end_date: '2091-01-01' } });
    expect(backwards.body).toMatchObject({ code: 400, msg: '失效日期不能早于生效日期' });
    const next = await s.call<Row>('POST', api('prod_fee_standard/add'), { headers: principal, json: { ...base, unit_price: 16000, start_date: '2091-01-01' } });
    expect(next.body.code).toBe(200);
    // another campus than the principal's answers as missing, and nothing is written
    const before = await s.db.selectFrom('prod_fee_standard').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const other = await s.call('POST', api('prod_fee_standard/add'), { headers: principal, json: { ...base, school_id: pudong, unit_price: 1, start_date: '2095-01-01' } });
    expect(other.body.code).toBe(404);
    const after = await s.db.selectFrom('prod_fee_standard').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const at = (date: string): Promise<FeeTerms | undefined> => feeStandardAt(s.db, { schoolId: haidian, classTypeId: typeB, billingUnit: 2, date });
    expect((await at('2090-07-01'))?.unit_price).toBe(15000);
    expect((await at('2091-07-01'))?.unit_price).toBe(16000);
    expect(await at('2089-07-01')).toBeUndefined();

    const repriced = await s.call<Row>('POST', api('prod_fee_standard/update'), { headers: principal, json: { id: first.body.data.id, unit_price: 15500 } });
    expect(repriced.body.data).toMatchObject({ unit_price: 15500, version: 2 });
    const v1 = await s.db.selectFrom('prod_price_version').select('id').where('kind', '=', 'fee_standard').where('ref_id', '=', first.body.data.id).where('version', '=', 1).executeTakeFirstOrThrow();
    expect((await priceVersion<FeeTerms>(s.db, v1.id))?.terms.unit_price).toBe(15000);
    // the demo keeps this year's per-hour price in force in every campus
    expect((await feeStandardAt(s.db, { schoolId: chaoyang, classTypeId: typeA, billingUnit: 1, date: todayText() }))?.unit_price).toBe(10000);
  });
});

describe('class paths, course schedules and textbooks', () => {
  it('keeps each step number and class type once per path', async () => {
    const path = await s.call<Row>('POST', api('prod_class_path/add'), { headers: admin, json: { name: '测试路径', course_line: 2 } });
    const step = (json: Record<string, unknown>) => s.call<Row>('POST', api('prod_class_path_step/add'), { headers: admin, json: { class_path_id: path.body.data.id, ...json } });
    expect((await step({ step_no: 1, class_type_id: typeA })).body.code).toBe(200);
    expect((await step({ step_no: 1, class_type_id: typeB })).body).toMatchObject({ code: 409, msg: '该课程路径已有第1阶段' });
    expect((await step({ step_no: 2, class_type_id: typeA })).body).toMatchObject({ code: 409, msg: '该班型已在这条课程路径中' });
    const second = await step({ step_no: 2, class_type_id: typeB });
    const got = await s.call<Row>('GET', api('prod_class_path_step/get'), { headers: admin, query: { id: second.body.data.id } });
    expect(got.body.data).toMatchObject({ class_type_name: '自然拼读', class_path_name: '测试路径' });
    // a path with steps is not deleted under them
    const del = await s.call('POST', api('prod_class_path/delete'), { headers: admin, json: [{ id: path.body.data.id }] });
    expect(del.body.code).toBe(409);
  });

  it('takes a course schedule only on a time slot of its own campus, and a slot that ends after it starts', async () => {
    const slot = await s.call<Row>('POST', api('prod_course_schedule_time_set/add'), { headers: admin, json: { school_id: pudong, name: '测试时段', week_day: 6, start_time: '09:00', end_time: '10:00' } });
    expect(slot.body.code).toBe(200);
    const backwards = await s.call('POST', api('prod_course_schedule_time_set/add'), { headers: admin, json: { school_id: pudong, name: '倒挂时段', week_day: 6, start_time: '10:00', end_time: '09:00' } });
    expect(backwards.body).toMatchObject({ code: 400, msg: '结束时间必须晚于开始时间' });
    const body = { name: '测试课程表', class_type_id: typeA, time_set_id: slot.body.data.id, start_date: '2090-03-01', lesson_count: 20 };
    const elsewhere = await s.call('POST', api('prod_course_schedule/add'), { headers: admin, json: { ...body, school_id: chaoyang } });
    expect(elsewhere.body).toMatchObject({ code: 400, msg: '上课时间段不属于该校区' });
    const here = await s.call<Row>('POST', api('prod_course_schedule/add'), { headers: admin, json: { ...body, school_id: pudong } });
    expect(here.body.data).toMatchObject({ school_id: pudong, state: 1 });
    const got = await s.call<Row>('GET', api('prod_course_schedule/get'), { headers: admin, query: { id: here.body.data.id } });
    expect(got.body.data).toMatchObject({ time_set_name: '测试时段', class_type_name: '少儿英语启蒙' });
  });

  it('offers only enabled textbooks by name, and change_status switches them', async () => {
    const search = async (name: string) => (await s.call<{ id: number; name: string; price: number }[]>('GET', api('prod_text_book/search_name'), { headers: admin, query: { name } })).body.data;
    const found = await search('剑桥少儿英语');
    expect(found.map((b) => b.name)).toEqual(['剑桥少儿英语 一级', '剑桥少儿英语 三级', '剑桥少儿英语 二级', '剑桥少儿英语 预备级'].sort());
    expect(found.find((b) => b.name === '剑桥少儿英语 一级')?.price).toBe(5200);
    expect(await search('朗文')).toEqual([]);
    const off = await s.call('POST', api('prod_text_book/change_status'), { headers: admin, json: { ids: [found[0].id], status: 0 } });
    expect(off.body.code).toBe(200);
    expect((await search('剑桥少儿英语')).map((b) => b.id)).not.toContain(found[0].id);
    const bad = await s.call('POST', api('prod_text_book/change_status'), { headers: admin, json: { ids: [found[0].id], status: 5 } });
    expect(bad.body.code).toBe(400);
    const tooMany = await s.call('GET', api('prod_text_book/search_name'), { headers: admin, query: { rows: 1000 } });
    expect(tooMany.body).toMatchObject({ code: 400 });
    expect(tooMany.body.msg).toContain('条数');
  });
});

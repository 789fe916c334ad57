import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import { addDays } from '../../../modules/classes';

/**
 * Demo rows of 校区与签约 (menus/base.ts): a file for every campus with its lease, contracts,
 * property, pictures and licences, the campus limits and what each campus sells, and the head
 * office's gifts, first-level channels and protocol types with versions and organs. Runs after the
 * administration demo (it names its sub companies, districts and organs) and the products demo
 * (class types); money in fen.
 */
export const order = 45;

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

const BY = null;

function stamp(now: string): { created_at: string; updated_at: string; created_by: null; updated_by: null } {
  return { created_at: now, updated_at: now, created_by: BY, updated_by: BY };
}

const GIFTS: readonly [string, string, number, number, string, number | null][] = [
  ['品牌书包', '实物', 12800, 6500, '个', null],
  ['点读笔', '实物', 39900, 21000, '支', 1000000],
  ['自然拼读教材套装', '教材', 16800, 9000, '套', null],
  ['外教体验课', '课时', 20000, 0, '节', 500000],
  ['保温水杯', '实物', 6900, 3200, '个', null],
  ['寒假营优惠券', '优惠券', 50000, 0, '张', 2000000],
  ['绘本礼盒', '教材', 25800, 14000, '盒', 800000],
  ['学习桌垫', '实物', 4900, 1800, '张', null],
];

const CHANNELS: readonly [string, string, number][] = [
  ['地推活动', 'DITUI', 0],
  ['网络推广', 'ONLINE', 1],
  ['老带新转介绍', 'REFER', 0],
  ['合作机构', 'PARTNER', 0],
  ['自然到访', 'WALKIN', 0],
  ['新媒体直播', 'LIVE', 1],
];

const PROTOCOLS: readonly [string, string, number, string][] = [
  ['课程服务协议', 'COURSE', 1, '本协议由家长（甲方）与校区（乙方）签订，约定课程内容、课时、费用与退费规则。'],
  ['退费协议', 'REFUND', 1, '甲方申请退费时，按已消耗课时与赠送课时扣除后退还未使用的实付金额。'],
  ['肖像使用授权书', 'PORTRAIT', 0, '甲方同意乙方在教学展示中使用学员在课堂上的照片与视频，不作商业广告之用。'],
];

/** Lease, contract, property, pictures and licences of one campus (index i varies the numbers). */
async function seedFileParts(db: AnyDb, schoolId: number, code: string, city: string, i: number, now: string): Promise<void> {
  const today = todayText();
  const s = { school_id: schoolId, ...stamp(now) };
  const leaseStart = addDays(today, -400 - i * 30);
  await db
    .insertInto('base_organ_school_rent')
    .values({ ...s, landlord: `${city}${['置业', '商业地产', '投资'][i % 3]}有限公司`, start_date: leaseStart, end_date: addDays(leaseStart, 365 * 3), monthly_rent: (38000 + i * 4500) * 100, deposit: (76000 + i * 9000) * 100, pay_cycle: [3, 6, 12][i % 3], area_sqm: 420 + i * 35, remark: null })
    .execute();
  await db
    .insertInto('base_organ_school_contract')
    .values([
      { ...s, contract_no: `ZL-${code}-${2024 + (i % 2)}01`, kind: '房屋租赁', party: `${city}${['置业', '商业地产', '投资'][i % 3]}有限公司`, amount: (38000 + i * 4500) * 36 * 100, sign_date: addDays(leaseStart, -15), end_date: addDays(leaseStart, 365 * 3), files: null, remark: null },
      { ...s, contract_no: `WY-${code}-01`, kind: '物业服务', party: `${city}物业服务有限公司`, amount: (4200 + i * 300) * 12 * 100, sign_date: addDays(leaseStart, -10), end_date: addDays(leaseStart, 365), files: null, remark: '每年续签' },
    ])
    .execute();
  await db
    .insertInto('base_organ_school_property')
    .values({ ...s, building: `${city}${['中心大厦', '国际广场', '科技园'][i % 3]}${3 + (i % 4)}层`, usage: ['商业', '教育', '综合'][i % 3], certificate_no: `${code}-CQ-${1000 + i}`, property_company: `${city}物业服务有限公司`, property_phone: `400-800-${String(1000 + i).slice(-4)}`, monthly_fee: (4200 + i * 300) * 100, fire_checked: 1, remark: null })
    .execute();
  await db
    .insertInto('base_organ_school_picture')
    .values([
      { ...s, title: '校区门头', kind: '门头', files: null, order_num: 1, remark: null },
      { ...s, title: '前台接待区', kind: '前台', files: null, order_num: 2, remark: null },
      { ...s, title: '标准教室', kind: '教室', files: null, order_num: 3, remark: null },
    ])
    .execute();
  await db
    .insertInto('base_organ_school_license')
    .values([
      { ...s, kind: '营业执照', license_no: `91${String(110000 + i * 7919).padStart(6, '0')}MA0${code.replace('-', '')}`.slice(0, 32), issuer: `${city}市场监督管理局`, issue_date: addDays(leaseStart, -60), valid_until: addDays(today, 3650), files: null, remark: null },
      { ...s, kind: '办学许可证', license_no: `教民${1000 + i * 13}号`, issuer: `${city}教育局`, issue_date: addDays(leaseStart, -30), valid_until: addDays(today, 200 + i * 90), files: null, remark: null },
      { ...s, kind: '消防许可', license_no: `消验字${2000 + i}号`, issuer: `${city}消防救援支队`, issue_date: addDays(leaseStart, -20), valid_until: addDays(today, 60 + i * 45), files: null, remark: i % 3 === 0 ? '临近到期，请安排复检' : null },
    ])
    .execute();
}

export async function seed(db: Kysely<Database>): Promise<void> {
  const any = db as unknown as AnyDb;
  if (await any.selectFrom('base_gift').select('id').limit(1).executeTakeFirst()) return;
  const now = nowText();
  const today = todayText();

  for (const [i, [name, kind, price, cost, unit, min]] of GIFTS.entries()) {
    await any.insertInto('base_gift').values({ name, kind, price, cost, unit, min_order_amount: min, state: i === 7 ? 0 : 1, order_num: i + 1, remark: null, del_flag: 0, ...stamp(now) }).execute();
  }
  for (const [i, [name, code, online]] of CHANNELS.entries()) {
    await any.insertInto('base_one_level_channel').values({ name, code, online, state: 1, order_num: i + 1, remark: null, ...stamp(now) }).execute();
  }
  const organs = await any.selectFrom('base_organ').select(['id']).orderBy('id').limit(3).execute();
  for (const [i, [name, code, needSign, text]] of PROTOCOLS.entries()) {
    const row = await any.insertInto('base_protocol_type').values({ name, code, need_sign: needSign, state: 1, order_num: i + 1, remark: null, ...stamp(now) }).returning('id').executeTakeFirstOrThrow();
    const typeId = Number(row.id);
    await any
      .insertInto('base_protocol_type_version')
      .values([
        { protocol_type_id: typeId, version: 'V1.0', effective_date: addDays(today, -540), published: 1, content: text, remark: '首次发布', ...stamp(now) },
        { protocol_type_id: typeId, version: 'V1.1', effective_date: addDays(today, -90), published: 1, content: `${text}（修订：补充了争议解决条款。）`, remark: '补充争议解决条款', ...stamp(now) },
      ])
      .execute();
    for (const o of organs) await any.insertInto('base_protocol_type_organ').values({ protocol_type_id: typeId, organ_id: Number(o.id), print_title: null, remark: null, ...stamp(now) }).execute();
  }

  const schools = await db
    .selectFrom('organisations as o')
    .innerJoin('organisations as p', 'p.id', 'o.parent_id')
    .select(['o.id', 'o.code', 'o.name', 'o.leader', 'o.phone', 'o.address', 'p.name as city_name'])
    .where('o.kind', '=', 'school')
    .where('o.del_flag', '=', 0)
    .orderBy('o.id')
    .execute();
  const subCompanies = await any.selectFrom('base_sub_company').select(['id', 'name']).execute();
  const districts = await any.selectFrom('base_district').select(['id', 'name']).where('level', '=', 2).execute();
  const classTypes = await any.selectFrom('prod_class_type').select(['id']).where('del_flag', '=', 0).orderBy('id').limit(4).execute();
  const seller = await db.selectFrom('users').select('name').where('login_id', '=', 'principal').executeTakeFirst();

  for (const [i, sc] of schools.entries()) {
    const city = sc.city_name.replace('分公司', '');
    const code = sc.code ?? `SCH-${sc.id}`;
    await any
      .insertInto('base_organ_school')
      .values({
        school_id: sc.id,
        sch_code: code,
        short_name: sc.name.replace(city, '').replace('校区', '') || sc.name,
        district_id: districts.find((d) => String(d.name).startsWith(city))?.id ?? null,
        sub_company_id: subCompanies.find((c) => String(c.name).startsWith(city))?.id ?? null,
        manager: sc.leader ?? seller?.name ?? null,
        phone: sc.phone,
        address: sc.address,
        area_sqm: 480 + i * 40,
        classroom_count: 6 + (i % 4),
        open_date: addDays(today, -420 - i * 60),
        state: 1,
        pay_merchant_no: `M${String(188000 + sc.id)}`,
        pay_account_name: `${sc.name}学费收款账户`,
        pos_terminal_no: `T${String(60000 + sc.id)}`,
        pos_merchant_no: `P${String(900100 + sc.id)}`,
        remark: null,
        ...stamp(now),
      })
      .execute();
    await seedFileParts(any, sc.id, code, city, i, now);
    await any
      .insertInto('base_school_of_limit')
      .values([
        { school_id: sc.id, limit_kind: 1, limit_amount: 300000, effective_date: addDays(today, -180), state: 1, remark: null, ...stamp(now) },
        { school_id: sc.id, limit_kind: 2, limit_amount: 80000, effective_date: addDays(today, -180), state: 1, remark: null, ...stamp(now) },
        { school_id: sc.id, limit_kind: 3, limit_amount: 500000 + (i % 3) * 100000, effective_date: addDays(today, -90), state: 1, remark: '超出部分报总部审批', ...stamp(now) },
        { school_id: sc.id, limit_kind: 4, limit_amount: 2000000, effective_date: addDays(today, -90), state: 1, remark: null, ...stamp(now) },
      ])
      .execute();
    for (const [k, t] of classTypes.entries()) {
      await any
        .insertInto('base_on_sale')
        .values({ school_id: sc.id, class_type_id: Number(t.id), start_date: addDays(today, -200 + k * 20), end_date: k === 3 ? addDays(today, 120) : null, unit_price: 18000 + k * 2500 + (i % 3) * 1000, state: 1, remark: null, ...stamp(now) })
        .execute();
    }
  }
}

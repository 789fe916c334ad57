import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import { keepCurrentPriceVersions } from '../../../modules/products';
import '../../core-schema';

/**
 * Demo data of the products area: product categories, the class types of the classes demo
 * completed (category, course line, level, billing unit, protocol) plus more of them, class paths,
 * time slots and course schedules in every campus, textbooks, privileges, language packs on sale
 * in the campuses, and fee standards per campus (with last year's prices, ended). Money in fen.
 * Runs after the classes demo (which makes the first class types), once, on an empty database.
 */
export const order = 25;

/** Yuan as written here to fen. */
const fen = (yuan: number): number => Math.round(yuan * 100);

const PROTOCOL = (name: string): string =>
  [
    `《${name}课程服务协议》`,
    '一、乙方（学员家长）自愿报读甲方开设的本课程，并已了解课程内容、课时安排及收费标准。',
    '二、课时有效期自首次上课之日起计算，逾期未使用的课时按公司退费规定处理；学员冻结期间有效期相应顺延。',
    '三、学员因病因事不能上课的，应至少提前24小时请假，甲方安排补课；未请假缺课的视为已消耗课时。',
    '四、退费按已消耗课时的标准单价扣除后办理，赠送课时与赠品不折现。',
    '五、本协议一式两份，甲乙双方各执一份，自双方签字（盖章）之日起生效。',
  ].join('\n');

interface ClassTypeSeed {
  code: string;
  name?: string;
  category: string;
  line: number;
  level: string;
  unit: number;
  lessons?: number;
  hours?: number;
  minutes?: number;
  price?: number;
  visible?: number;
}

/** The classes demo's four (by code) and new ones (with a name). Course lines: see COURSE_LINES. */
const CLASS_TYPES: readonly ClassTypeSeed[] = [
  { code: 'KE-1', category: '少儿英语常规课', line: 2, level: 'L1', unit: 1 },
  { code: 'KE-2', category: '少儿英语常规课', line: 2, level: 'L2', unit: 1 },
  { code: 'PH-1', category: '自然拼读', line: 4, level: 'P1', unit: 1 },
  { code: 'SP-D', category: '外教口语', line: 5, level: 'S1', unit: 3 },
  { code: 'KD-1', name: '幼儿英语启蒙', category: '幼儿英语', line: 1, level: 'K1', unit: 1, lessons: 32, hours: 1, minutes: 45, price: 2880 },
  { code: 'KD-2', name: '幼儿英语提高', category: '幼儿英语', line: 1, level: 'K2', unit: 1, lessons: 32, hours: 1, minutes: 45, price: 3040 },
  { code: 'KE-3', name: '少儿英语中级', category: '少儿英语常规课', line: 2, level: 'L3', unit: 1, lessons: 64, hours: 2, minutes: 120, price: 12160 },
  { code: 'KE-4', name: '少儿英语高级', category: '少儿英语常规课', line: 2, level: 'L4', unit: 1, lessons: 64, hours: 2, minutes: 120, price: 12800 },
  { code: 'TE-1', name: '青少英语综合', category: '青少英语', line: 3, level: 'T1', unit: 1, lessons: 48, hours: 2, minutes: 120, price: 11520 },
  { code: 'TE-2', name: '青少英语考级冲刺', category: '青少英语', line: 3, level: 'T2', unit: 2, lessons: 24, hours: 2, minutes: 120, price: 6240 },
  { code: 'SP-S', name: '外教小班口语', category: '外教口语', line: 5, level: 'S2', unit: 1, lessons: 48, hours: 1, minutes: 60, price: 5760 },
  { code: 'PH-S', name: '寒暑假自然拼读集训', category: '寒暑假短期班', line: 4, level: 'P2', unit: 2, lessons: 10, hours: 2, minutes: 120, price: 1980, visible: 0 },
];

/** Category tree: [name, parent name or '', code]. */
const CATEGORIES: readonly [string, string, string][] = [
  ['少儿英语', '', 'C-KE'],
  ['少儿英语常规课', '少儿英语', 'C-KE-R'],
  ['寒暑假短期班', '少儿英语', 'C-KE-H'],
  ['幼儿英语', '', 'C-KD'],
  ['青少英语', '', 'C-TE'],
  ['外教口语', '', 'C-SP'],
  ['自然拼读', '', 'C-PH'],
  ['组合套餐', '', 'C-PK'],
];

const PATHS: readonly { name: string; line: number; ages: string; text: string; steps: readonly [string, string][] }[] = [
  { name: '幼儿英语成长路径', line: 1, ages: '3-6岁', text: '从兴趣启蒙到少儿英语入门，适合零基础幼儿', steps: [['KD-1', '完成32次课并通过阶段测评'], ['KD-2', '能听懂简单课堂指令，认读字母'], ['KE-1', '']] },
  { name: '少儿英语进阶路径', line: 2, ages: '6-12岁', text: '剑桥少儿英语体系，逐级衔接青少英语', steps: [['KE-1', '结课测评80分以上'], ['KE-2', '结课测评80分以上'], ['KE-3', '结课测评80分以上或通过一级考试'], ['KE-4', '通过二级考试'], ['TE-1', '']] },
  { name: '外教口语路径', line: 5, ages: '6岁以上', text: '每日口语打基础，再进外教小班提升表达', steps: [['SP-D', '连续打卡满60天'], ['SP-S', '']] },
  { name: '自然拼读路径', line: 4, ages: '5-9岁', text: '常规拼读课配合假期集训巩固', steps: [['PH-1', '能拼读常见单音节词'], ['PH-S', '']] },
];

const TEXTBOOKS: readonly { name: string; isbn: string; publisher: string; type: string | null; price: number; status: number }[] = [
  { name: '剑桥少儿英语 预备级', isbn: '978-7-5600-1001-2', publisher: '外语教学与研究出版社', type: 'KE-1', price: 48, status: 1 },
  { name: '剑桥少儿英语 一级', isbn: '978-7-5600-1002-9', publisher: '外语教学与研究出版社', type: 'KE-2', price: 52, status: 1 },
  { name: '剑桥少儿英语 二级', isbn: '978-7-5600-1003-6', publisher: '外语教学与研究出版社', type: 'KE-3', price: 56, status: 1 },
  { name: '剑桥少儿英语 三级', isbn: '978-7-5600-1004-3', publisher: '外语教学与研究出版社', type: 'KE-4', price: 58, status: 1 },
  { name: '新概念英语青少版 1A', isbn: '978-7-5135-2001-5', publisher: '外语教学与研究出版社', type: 'TE-1', price: 69.8, status: 1 },
  { name: '新概念英语青少版 1B', isbn: '978-7-5135-2002-2', publisher: '外语教学与研究出版社', type: 'TE-1', price: 69.8, status: 1 },
  { name: '英语考级冲刺训练', isbn: '978-7-5446-3001-7', publisher: '上海外语教育出版社', type: 'TE-2', price: 45, status: 1 },
  { name: '牛津自然拼读 第一册', isbn: '978-7-5446-3101-4', publisher: '上海外语教育出版社', type: 'PH-1', price: 88, status: 1 },
  { name: '牛津自然拼读 第二册', isbn: '978-7-5446-3102-1', publisher: '上海外语教育出版社', type: 'PH-S', price: 88, status: 1 },
  { name: '幼儿英语启蒙绘本 第一辑', isbn: '978-7-5366-4001-8', publisher: '重庆出版社', type: 'KD-1', price: 128, status: 1 },
  { name: '幼儿英语启蒙绘本 第二辑', isbn: '978-7-5366-4002-5', publisher: '重庆出版社', type: 'KD-2', price: 128, status: 1 },
  { name: '外教口语每日一练', isbn: '978-7-5213-5001-3', publisher: '外语教学与研究出版社', type: 'SP-D', price: 39.9, status: 1 },
  { name: '朗文少儿英语 3A（旧版）', isbn: '978-7-5062-7001-6', publisher: '世界图书出版公司', type: null, price: 42, status: 0 },
];

const PRIVILEGES: readonly { name: string; type: number; amount: number | null; days: number | null; text: string; enabled: number }[] = [
  { name: '赠送4课时', type: 1, amount: 4, days: 365, text: '报名即赠4课时，与正价课时同班使用', enabled: 1 },
  { name: '赠送8课时', type: 1, amount: 8, days: 365, text: '全年包专享，赠送课时最后消耗', enabled: 1 },
  { name: '免费教材一套', type: 2, amount: 1, days: null, text: '首次报名赠送当前级别全套教材', enabled: 1 },
  { name: '外教一对一测评', type: 3, amount: 2, days: 180, text: '每学期一次外教一对一口语测评并出具报告', enabled: 1 },
  { name: '优先选班', type: 3, amount: null, days: 365, text: '新学期开班时优先选择上课时间段', enabled: 1 },
  { name: '老学员续费95折', type: 4, amount: 95, days: 30, text: '有效期内续报任意课程包享95折', enabled: 1 },
  { name: '寒暑假免费体验营', type: 3, amount: 1, days: 365, text: '免费参加一期寒暑假体验营（不含教材）', enabled: 0 },
];

interface PackSeed {
  name: string;
  code: string;
  category: string;
  types: readonly string[];
  hours: number;
  gift: number;
  price: number;
  days: number;
  privileges: readonly string[];
  visible: number;
  /** city codes where every campus sells it; '*' all */
  cities: readonly string[];
}

const PACKS: readonly PackSeed[] = [
  { name: '少儿英语启蒙 72课时包', code: 'LP-KE1', category: '少儿英语常规课', types: ['KE-1'], hours: 72, gift: 4, price: 6800, days: 365, privileges: ['赠送4课时', '免费教材一套'], visible: 1, cities: ['*'] },
  { name: '少儿英语进阶年卡', code: 'LP-KE2Y', category: '少儿英语常规课', types: ['KE-2', 'KE-3'], hours: 128, gift: 8, price: 10800, days: 540, privileges: ['赠送8课时', '外教一对一测评'], visible: 1, cities: ['*'] },
  { name: '少儿英语高级 128课时包', code: 'LP-KE4', category: '少儿英语常规课', types: ['KE-4'], hours: 128, gift: 0, price: 12200, days: 540, privileges: ['外教一对一测评'], visible: 1, cities: ['BJ', 'SH'] },
  { name: '自然拼读 32课时包', code: 'LP-PH1', category: '自然拼读', types: ['PH-1'], hours: 32, gift: 2, price: 3580, days: 180, privileges: ['免费教材一套'], visible: 1, cities: ['*'] },
  { name: '每日英语口语 月卡', code: 'LP-SPM', category: '外教口语', types: ['SP-D'], hours: 30, gift: 0, price: 990, days: 31, privileges: [], visible: 1, cities: ['*'] },
  { name: '每日英语口语 季卡', code: 'LP-SPQ', category: '外教口语', types: ['SP-D'], hours: 90, gift: 6, price: 2680, days: 93, privileges: ['优先选班'], visible: 1, cities: ['*'] },
  { name: '外教小班口语 48课时包', code: 'LP-SPS', category: '外教口语', types: ['SP-S'], hours: 48, gift: 2, price: 5480, days: 240, privileges: ['外教一对一测评'], visible: 1, cities: ['BJ', 'SH', 'SZ'] },
  { name: '幼儿英语启蒙 32课时包', code: 'LP-KD1', category: '幼儿英语', types: ['KD-1'], hours: 32, gift: 2, price: 2680, days: 180, privileges: ['免费教材一套'], visible: 1, cities: ['*'] },
  { name: '幼儿英语全年成长包', code: 'LP-KDY', category: '幼儿英语', types: ['KD-1', 'KD-2'], hours: 64, gift: 8, price: 5280, days: 365, privileges: ['赠送8课时', '优先选班'], visible: 1, cities: ['BJ', 'SH', 'GZ'] },
  { name: '青少英语综合 96课时包', code: 'LP-TE1', category: '青少英语', types: ['TE-1'], hours: 96, gift: 4, price: 10980, days: 365, privileges: ['赠送4课时'], visible: 1, cities: ['BJ', 'SH', 'GZ', 'SZ'] },
  { name: '青少英语考级冲刺包', code: 'LP-TE2', category: '青少英语', types: ['TE-2'], hours: 48, gift: 0, price: 5980, days: 120, privileges: [], visible: 1, cities: ['BJ', 'SH'] },
  { name: '少儿英语双科联报包', code: 'LP-KEPH', category: '组合套餐', types: ['KE-1', 'PH-1'], hours: 104, gift: 10, price: 9800, days: 540, privileges: ['赠送8课时', '免费教材一套', '老学员续费95折'], visible: 1, cities: ['BJ', 'GZ'] },
  { name: '寒假自然拼读集训营', code: 'LP-PHW', category: '寒暑假短期班', types: ['PH-S'], hours: 20, gift: 0, price: 1680, days: 60, privileges: [], visible: 0, cities: ['BJ'] },
];

/** Price per hour in yuan by city tier (北京/上海 first tier), per class type code. */
const HOURLY: Readonly<Record<string, readonly [number, number]>> = {
  'KE-1': [100, 90],
  'KE-2': [95, 85],
  'KE-3': [95, 85],
  'KE-4': [100, 90],
  'PH-1': [120, 105],
  'KD-1': [90, 80],
  'KD-2': [95, 85],
  'TE-1': [120, 110],
  'SP-S': [120, 110],
};

const TIME_SLOTS: readonly [string, number, string, string][] = [
  ['周一放学后', 1, '16:30', '18:00'],
  ['周三放学后', 3, '16:30', '18:00'],
  ['周五晚间', 5, '18:30', '20:00'],
  ['周六上午一', 6, '09:00', '10:30'],
  ['周六上午二', 6, '10:40', '12:10'],
  ['周六下午', 6, '14:00', '15:30'],
  ['周日上午', 7, '09:00', '10:30'],
  ['周日下午', 7, '14:00', '15:30'],
];

/** Course schedules per campus: [class type code, slot name, term, lessons, state]. */
const SCHEDULES: readonly [string, string, 'spring' | 'autumn', number, number][] = [
  ['KE-1', '周六上午一', 'spring', 48, 1],
  ['KE-2', '周六下午', 'spring', 32, 2],
  ['PH-1', '周三放学后', 'spring', 32, 1],
  ['KD-1', '周日上午', 'autumn', 32, 1],
  ['TE-1', '周五晚间', 'autumn', 24, 1],
  ['KE-3', '周日下午', 'spring', 32, 3],
];

export async function seed(db: Kysely<Database>): Promise<void> {
  const now = nowText();
  const st = { created_at: now, updated_at: now, created_by: null, updated_by: null };
  const year = Number(todayText().slice(0, 4));

  const categoryIds = new Map<string, number>();
  for (const [i, [name, parent, code]] of CATEGORIES.entries()) {
    const row = await db
      .insertInto('base_class_product_categories')
      .values({ name, parent_id: parent ? (categoryIds.get(parent) ?? 0) : 0, code, order_num: i + 1, remark: null, ...st })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(name, row.id);
  }

  const typeIds = new Map<string, number>();
  const existing = await db.selectFrom('prod_class_type').select(['id', 'code', 'name', 'order_num']).execute();
  let position = existing.length;
  for (const t of CLASS_TYPES) {
    const known = existing.find((e) => e.code === t.code);
    const common = { category_id: categoryIds.get(t.category) ?? null, course_line: t.line, level: t.level, billing_unit: t.unit };
    if (known) {
      await db.updateTable('prod_class_type').set({ ...common, protocol: PROTOCOL(known.name) }).where('id', '=', known.id).execute();
      typeIds.set(t.code, known.id);
      continue;
    }
    const name = t.name ?? t.code;
    const row = await db
      .insertInto('prod_class_type')
      .values({
        ...common,
        name,
        code: t.code,
        lesson_count: t.lessons ?? 32,
        hours_per_lesson: t.hours ?? 1,
        minutes_per_lesson: t.minutes ?? 60,
        price: fen(t.price ?? 0),
        visible: t.visible ?? 1,
        order_num: ++position,
        detail: `${name}，共 ${t.lessons ?? 32} 次课，每次 ${t.hours ?? 1} 课时。`,
        protocol: PROTOCOL(name),
        remark: null,
        del_flag: 0,
        ...st,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.set(t.code, row.id);
  }
  const typeName = (code: string): string => CLASS_TYPES.find((t) => t.code === code)?.name ?? existing.find((e) => e.code === code)?.name ?? code;
  const typeId = (code: string): number => {
    const id = typeIds.get(code);
    if (id === undefined) throw new Error(`演示数据引用了不存在的班型 ${code}`);
    return id;
  };

  for (const [i, p] of PATHS.entries()) {
    const path = await db
      .insertInto('prod_class_path')
      .values({ name: p.name, course_line: p.line, age_range: p.ages, description: p.text, order_num: i + 1, ...st })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('prod_class_path_step')
      .values(p.steps.map(([code, rule], n) => ({ class_path_id: path.id, step_no: n + 1, class_type_id: typeId(code), promote_rule: rule || null, remark: null, ...st })))
      .execute();
  }

  await db
    .insertInto('prod_text_book')
    .values(TEXTBOOKS.map((b) => ({ name: b.name, isbn: b.isbn, publisher: b.publisher, class_type_id: b.type ? typeId(b.type) : null, price: fen(b.price), status: b.status, remark: null, ...st })))
    .execute();

  const privilegeIds = new Map<string, number>();
  for (const [i, p] of PRIVILEGES.entries()) {
    const row = await db
      .insertInto('prod_privilege')
      .values({ name: p.name, privilege_type: p.type, amount: p.amount, valid_days: p.days, enabled: p.enabled, order_num: i + 1, description: p.text, ...st })
      .returning('id')
      .executeTakeFirstOrThrow();
    privilegeIds.set(p.name, row.id);
  }

  // campuses with their city (分公司) code and name
  const schools = await db
    .selectFrom('organisations as s')
    .innerJoin('organisations as c', 'c.id', 's.parent_id')
    .select(['s.id', 's.code', 'c.code as city_code', 'c.name as city_name'])
    .where('s.kind', '=', 'school')
    .where('s.del_flag', '=', 0)
    .orderBy('s.id')
    .execute();

  for (const [i, p] of PACKS.entries()) {
    const ids = (codes: readonly string[], of: (c: string) => number) => [...new Set(codes.map(of))].sort((a, b) => a - b).join(',') || null;
    const pack = await db
      .insertInto('prod_language_pack')
      .values({
        name: p.name,
        code: p.code,
        category_id: categoryIds.get(p.category) ?? null,
        class_type_ids: ids(p.types, typeId) ?? '',
        class_type_names: p.types.map(typeName).join('、'),
        hours: p.hours,
        gift_hours: p.gift,
        price: fen(p.price),
        validity_days: p.days,
        privilege_ids: ids(p.privileges, (n) => privilegeIds.get(n) ?? 0),
        visible: p.visible,
        version: 1,
        order_num: i + 1,
        description: `${p.name}：${p.hours} 课时${p.gift ? `，另赠 ${p.gift} 课时` : ''}，自报名之日起 ${p.days} 天内有效。`,
        remark: null,
        del_flag: 0,
        ...st,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const where = schools.filter((s) => p.cities.includes('*') || p.cities.includes(s.city_code ?? ''));
    if (where.length) {
      await db
        .insertInto('prod_language_pack_city')
        .values(where.map((s) => ({ language_pack_id: pack.id, school_id: s.id, city_name: s.city_name, start_date: p.visible ? null : `${year}-01-10`, end_date: p.visible ? null : `${year}-02-28`, remark: null, ...st })))
        .execute();
    }
  }

  // Fee standards: this year's per-hour prices in every campus, last year's (ended) a little lower,
  // and the daily speaking class by the month.
  type FeeRow = Insertable<Database['prod_fee_standard']>;
  const fees: FeeRow[] = [];
  for (const s of schools) {
    const tier = s.city_code === 'BJ' || s.city_code === 'SH' ? 0 : 1;
    for (const [code, prices] of Object.entries(HOURLY)) {
      const base = { school_id: s.id, class_type_id: typeId(code), billing_unit: 1, city_name: s.city_name, version: 1, del_flag: 0, ...st };
      fees.push({ ...base, unit_price: fen(prices[tier] - 10), start_date: `${year - 1}-01-01`, end_date: `${year - 1}-12-31`, remark: '上一年度标准' });
      fees.push({ ...base, unit_price: fen(prices[tier]), start_date: `${year}-01-01`, end_date: null, remark: null });
    }
    fees.push({ school_id: s.id, class_type_id: typeId('SP-D'), billing_unit: 3, unit_price: fen(tier ? 890 : 990), start_date: `${year}-01-01`, end_date: null, city_name: s.city_name, version: 1, remark: '按自然月收费', del_flag: 0, ...st });
    fees.push({ school_id: s.id, class_type_id: typeId('TE-2'), billing_unit: 2, unit_price: fen(tier ? 240 : 260), start_date: `${year}-01-01`, end_date: null, city_name: s.city_name, version: 1, remark: '每次课2课时', del_flag: 0, ...st });
  }
  for (let i = 0; i < fees.length; i += 200) await db.insertInto('prod_fee_standard').values(fees.slice(i, i + 200)).execute();

  // Time slots and course schedules of every campus.
  for (const s of schools) {
    const slotIds = new Map<string, number>();
    for (const [name, day, start, end] of TIME_SLOTS) {
      const row = await db
        .insertInto('prod_course_schedule_time_set')
        .values({ school_id: s.id, name: `${name} ${start}-${end}`, week_day: day, start_time: start, end_time: end, remark: null, ...st })
        .returning('id')
        .executeTakeFirstOrThrow();
      slotIds.set(name, row.id);
    }
    await db
      .insertInto('prod_course_schedule')
      .values(
        SCHEDULES.map(([code, slot, term, lessons, state]) => {
          const name = typeName(code);
          return {
            school_id: s.id,
            name: `${year}${term === 'spring' ? '春季' : '秋季'} ${name} ${slot}班`,
            class_type_id: typeId(code),
            time_set_id: slotIds.get(slot) ?? 0,
            start_date: term === 'spring' ? `${year}-03-01` : `${year}-09-01`,
            end_date: term === 'spring' ? `${year}-07-15` : `${year + 1}-01-20`,
            lesson_count: lessons,
            capacity: 12,
            state,
            remark: null,
            ...st,
          };
        }),
      )
      .execute();
  }

  await keepCurrentPriceVersions(db);
}

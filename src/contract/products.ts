import { z } from './zod';
import { answer, defineCall } from './call';
import { MKT_SCREEN } from './marketing';

/**
 * Special calls of the products area (server/modules/products); the standard list calls come
 * from the declarations in resources/products.ts. Reads name the screens (menu codes) that make them.
 */

const AREA = 'products';

/** Menu codes of the products screens (src/contract/menus/products.ts). */
export const PRODUCT_SCREENS = {
  classPath: 'products_class_path',
  courseSchedule: 'products_course_schedule',
  courseScheduleTimeSet: 'products_course_schedule_time_set',
  feeStandard: 'products_fee_standard',
  languagePack: 'products_language_pack',
  privilege: 'products_privilege',
  textBook: 'products_text_book',
  category: 'products_class_product_categories',
} as const;

const positiveId = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`);

/** One class type of a language pack, with what a lesson of it takes. */
export interface PackClassType {
  class_type_id: number;
  class_type_name: string;
  course_line: number | null;
  level: string | null;
  lesson_count: number;
  hours_per_lesson: number;
  billing_unit: number | null;
  /** the class type was deleted or hidden after the pack named it: not sold any more */
  available: boolean;
}

/** A language pack's terms as sold: money in fen, whole hours. */
export interface PackTerms {
  language_pack_id: number;
  name: string;
  price: number;
  hours: number;
  gift_hours: number;
  validity_days: number;
  class_type_ids: number[];
  version: number;
}

/** A class type on sale at a campus and the language packs that sell it there. */
export interface SchoolClassType {
  class_type_id: number;
  class_type_name: string;
  course_line: number | null;
  level: string | null;
  billing_unit: number | null;
  language_packs: PackTerms[];
}

/** GET prod_language_pack/language_pack_class_types?language_pack_id= (or id=): the pack's class types. */
export const languagePackClassTypesCall = defineCall({
  area: AREA,
  title: '课程包适用班型',
  method: 'GET',
  path: 'api/v1/prod_language_pack/language_pack_class_types',
  perm: [PRODUCT_SCREENS.languagePack, PRODUCT_SCREENS.feeStandard],
  query: z.preprocess(
    (v) => (v && typeof v === 'object' && !('language_pack_id' in v) && 'id' in v ? { language_pack_id: (v as { id: unknown }).id } : v),
    z.object({ language_pack_id: positiveId('课程包') }),
  ),
  labels: { language_pack_id: '课程包' },
  answer: answer<PackClassType[]>(),
});

/**
 * GET prod_language_pack/school_class_types?school_id=&date=: the class types on sale at a campus
 * on a day (default today): of the packs 上架, not deleted, on sale there that day.
 */
export const schoolClassTypesCall = defineCall({
  area: AREA,
  title: '校区在售班型',
  method: 'GET',
  path: 'api/v1/prod_language_pack/school_class_types',
  // 全部订单 (menus/orders.ts): the order entry form sells what is on sale at the student's campus;
  // the lead details of 已有学员 (课程包) and of the telemarketers' screens (班型) show what the
  // lead's campus sells
  perm: [PRODUCT_SCREENS.languagePack, PRODUCT_SCREENS.feeStandard, 'orders_all', MKT_SCREEN.existing, MKT_SCREEN.tmkAssigned, MKT_SCREEN.tmkUnassigned],
  query: z.object({
    school_id: positiveId('校区'),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
      .optional(),
  }),
  labels: { school_id: '校区', date: '日期' },
  answer: answer<SchoolClassType[]>(),
});

/** GET prod_text_book/search_name?name=&rows=: enabled textbooks whose name contains the text (pickers). */
export const textBookSearchNameCall = defineCall({
  area: AREA,
  title: '按名称查找教材',
  method: 'GET',
  path: 'api/v1/prod_text_book/search_name',
  perm: [PRODUCT_SCREENS.textBook],
  query: z.object({
    name: z.string().trim().max(100, '教材名称不能超过100个字符').optional(),
    rows: z.coerce.number({ error: '条数必须是数字' }).int('条数必须是整数').min(1, '条数不能小于1').max(100, '条数不能大于100').default(20),
  }),
  labels: { name: '教材名称', rows: '条数' },
  answer: answer<{ id: number; name: string; isbn: string | null; publisher: string | null; price: number }[]>(),
});

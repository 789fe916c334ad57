import { z } from './zod';
import { answer, defineCall } from './call';
import type { TreeNode } from './menu';
import type { Page } from './envelope';
import { ORGAN_SCHOOL_SCREEN } from './resources/base-school';

/**
 * The reads of the campus file beside its declared calls (resources/base-school.ts): one campus's
 * basics, its change log, the campus options and the organisation tree down to the campuses, all
 * limited to the caller's campuses (a campus outside them answers as missing).
 */

const id = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`${label}必须是正整数`);

/** Screens whose selects read the campus options and tree (their holders may call them). */
export const SCHOOL_OPTION_READERS = [ORGAN_SCHOOL_SCREEN, 'base_school_of_limit', 'base_on_sale'] as const;

/** One campus's basics: its organisation (name, code, the city it belongs to) and its file, if made. */
export interface SchoolBase {
  school_id: number;
  name: string;
  code: string | null;
  parent_id: number;
  parent_name: string | null;
  leader: string | null;
  phone: string | null;
  address: string | null;
  /** the campus file (base_organ_school) or null when none was made yet */
  file_id: number | null;
  sch_code: string | null;
  short_name: string | null;
  state: number | null;
  open_date: string | null;
  /** classrooms the campus has (base_otm_classroom, live and enabled) */
  classrooms: number;
}

export const organSchoolBaseCall = defineCall({
  area: 'base',
  title: '校区基本信息',
  method: 'GET',
  path: 'api/v1/base_organ_school/base',
  perm: ORGAN_SCHOOL_SCREEN,
  query: z.object({ school_id: id('校区') }),
  labels: { school_id: '校区' },
  answer: answer<SchoolBase>(),
});

export interface SchoolLog {
  id: number;
  at: string;
  user_name: string;
  title: string;
  call: string;
  changes: string;
}

export const organSchoolLogsCall = defineCall({
  area: 'base',
  title: '校区档案变更记录',
  method: 'GET',
  path: 'api/v1/base_organ_school/logs',
  perm: ORGAN_SCHOOL_SCREEN,
  query: z.object({
    id: id('校区档案'),
    page: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码不能小于1').max(100000, '页码不能大于100000').default(1),
    rows: z.coerce.number({ error: '每页条数必须是数字' }).int('每页条数必须是整数').min(1, '每页条数不能小于1').max(200, '每页条数不能大于200').default(20),
  }),
  labels: { id: '校区档案', page: '页码', rows: '每页条数' },
  answer: answer<Page<SchoolLog>>(),
});

export const organSchoolOptionsCall = defineCall({
  area: 'base',
  title: '校区选项',
  method: 'GET',
  path: 'api/v1/base_organ_school/options',
  perm: SCHOOL_OPTION_READERS,
  query: z.object({
    state: z.coerce.number({ error: '营业状态必须是数字' }).int('营业状态必须是整数').min(0, '营业状态只能是 0 或 1').max(1, '营业状态只能是 0 或 1').optional(),
    name: z.string().trim().max(64, '校区名称不能超过64个字符').optional(),
  }),
  labels: { state: '营业状态', name: '校区名称' },
  answer: answer<{ value: number; text: string; sch_code: string | null }[]>(),
});

export const organSchoolTreesCall = defineCall({
  area: 'base',
  title: '校区树',
  method: 'GET',
  path: 'api/v1/base_organ_school/trees',
  perm: SCHOOL_OPTION_READERS,
  answer: answer<TreeNode<{ kind: string }>[]>(),
});

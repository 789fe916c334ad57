import { z } from './zod';
import { STUDENT_SCREEN } from './student-screens';
import { dateField as date, idField as id, optionalTextField as optionalText, textField as text } from './fields';
import { answer, defineCall } from './call';
import type { Page } from './envelope';
import { pageQuerySchema } from './paging';

/**
 * The special calls of the students area (spec doc 001 §7 "Students"); the standard calls come
 * from the declarations in resources/students.ts. Paths the spec does not name are chosen here:
 * `student_stop_apply/stopped_days` (the spec's "stopped-days query").
 */

// ---------------------------------------------------------------------------------------------
// Screens (menu codes) of the area: what its reads name (server/modules/read-menus.ts)
// ---------------------------------------------------------------------------------------------

// in a schema-free module (the app's screen registry reads it; issue 11)
export { STUDENT_SCREEN } from './student-screens';

/** Every screen of the area: each shows students, so each may read them (and their detail hub). */
export const STUDENT_SCREENS: readonly string[] = Object.values(STUDENT_SCREEN);

// ---------------------------------------------------------------------------------------------
// Rules shared by both halves
// ---------------------------------------------------------------------------------------------

/**
 * Changes of state a user makes directly (student/change_state). 冻结 (7) and 停课 (2) are only
 * entered through an approved freeze or stop apply, and left through its end; 退费 (4) is set by
 * a refund of the orders area (it may also be set here for a refund handled outside the system).
 */
export const STATE_TRANSITIONS: Readonly<Record<number, readonly number[]>> = {
  5: [6, 1, 8], // 潜在 → 试听, 在读, 流失
  6: [5, 1, 8], // 试听 → 潜在, 在读, 流失
  1: [3, 4, 8], // 在读 → 结课, 退费, 流失
  7: [], // 冻结: only its freeze ends it
  2: [1], // 停课 → 在读 (复课)
  3: [1, 8], // 结课 → 在读 (续报), 流失
  4: [5, 1, 8], // 退费 → 潜在, 在读, 流失
  8: [5, 6, 1], // 流失 → 潜在, 试听, 在读
};
/** States a new student may start in. */
export const INITIAL_STATES: readonly number[] = [5, 6, 1];

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

/**
 * Why an 18-digit resident ID number is not valid (GB 11643: region, a real birth date, the check
 * digit), or undefined when it is.
 */
export function idCardProblem(value: string): string | undefined {
  const v = value.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(v)) return '身份证号应为18位，最后一位可为数字或X';
  if (v.startsWith('0') || v.startsWith('9')) return '身份证号的地区码不正确';
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return '身份证号中的出生日期不正确';
  if (idCardCheckDigit(v.slice(0, 17)) !== v[17]) return '身份证号校验位不正确';
  return undefined;
}

/** The check digit (0-9 or X) of the first 17 digits of an ID number. */
export function idCardCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_CARD_WEIGHTS[i];
  return ID_CARD_CHECK[sum % 11];
}

/** The birth date (YYYY-MM-DD) an ID number carries. */
export function idCardBirthday(value: string): string {
  return `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
}

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

/** A comma-joined id list of a form (`1,2,3`): the spec's arrays of form-encoded searches. */
const idCsv = (label: string) =>
  z
    .string()
    .regex(/^\d+(,\d+)*$/, `${label}格式不正确`)
    .max(10000, `${label}过长`)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** A student as the search, lookup and view calls answer it (phones masked where the caller may not see them). */
export interface StudentHit {
  id: number;
  name: string;
  gender: number | null;
  birthday: string | null;
  school_id: number;
  school_name: string | null;
  state: number;
  phone: string | null;
  parent_name: string | null;
  parent_phone: string | null;
  seller_id: number | null;
  seller_name: string | null;
  teacher_id: number | null;
  teacher_name: string | null;
  integral: number;
  created_at: string | null;
}

export const studentSearchSchema = pageQuerySchema.extend({
  /** a name, a phone (the student's or any parent's) or an ID number; part of it is enough */
  keyword: optionalText('关键字', 64),
  school_id: idCsv('校区'),
  state: idCsv('状态'),
});
const searchLabels = { keyword: '关键字', school_id: '校区', state: '状态', page: '页码', rows: '每页行数', sort: '排序' };

/** POST form-encoded student/search: a keyword over names, phones (parents' too) and ID numbers. */
export const studentSearchCall = defineCall({
  area: 'students',
  title: '学员查询',
  method: 'POST',
  path: 'api/v1/student/search',
  perm: STUDENT_SCREENS,
  form: true,
  readOnly: true,
  body: studentSearchSchema,
  labels: searchLabels,
  answer: answer<Page<StudentHit>>(),
});

export const integralBodySchema = z.object({
  student_id: id('学员'),
  points: z.coerce.number({ error: '积分必须是数字' }).int('积分必须是整数').min(1, '积分至少为 1').max(100000, '一次最多 100000 积分'),
  reason: text('原因', 255),
});
const integralLabels = { student_id: '学员', points: '积分', reason: '原因' };
export interface IntegralResult {
  student_id: number;
  balance: number;
  log_id: number;
}

export const addIntegralCall = defineCall({
  area: 'students',
  title: '增加积分',
  method: 'POST',
  path: 'api/v1/student/add_integral',
  perm: 'student_add_integral',
  body: integralBodySchema,
  labels: integralLabels,
  answer: answer<IntegralResult>(),
});

export const reduceIntegralCall = defineCall({
  area: 'students',
  title: '扣减积分',
  method: 'POST',
  path: 'api/v1/student/reduce_integral',
  perm: 'student_reduce_integral',
  body: integralBodySchema,
  labels: integralLabels,
  answer: answer<IntegralResult>(),
});

/** Longest freeze one apply asks for. */
export const MAX_FREEZE_DAYS = 366;

export const applyFreezeSchema = z
  .object({
    student_id: id('学员'),
    start_date: date('冻结开始日期'),
    end_date: date('冻结结束日期'),
    reason: text('冻结原因', 255),
  })
  .refine((b) => b.end_date >= b.start_date, { message: '冻结结束日期不能早于开始日期', path: ['end_date'] });

export interface FreezeRow {
  id: number;
  student_id: number;
  school_id: number;
  start_date: string;
  end_date: string;
  days: number;
  reason: string;
  state: number;
  check_remark: string | null;
  wf_instance_id: number | null;
}

export const applyFreezeCall = defineCall({
  area: 'students',
  title: '冻结申请',
  method: 'POST',
  path: 'api/v1/student/apply_freeze',
  perm: 'student_apply_freeze',
  body: applyFreezeSchema,
  labels: { student_id: '学员', start_date: '冻结开始日期', end_date: '冻结结束日期', reason: '冻结原因' },
  answer: answer<FreezeRow>(),
});

export const checkFreezeSchema = z.object({
  id: id('冻结申请'),
  /** 2 approve, 3 refuse (the freeze states) */
  state: z.coerce.number({ error: '请选择审核结果' }).int().refine((v) => v === 2 || v === 3, '审核结果只能是 通过 或 拒绝'),
  check_remark: optionalText('审核意见', 255),
});

export const checkFreezeCall = defineCall({
  area: 'students',
  title: '冻结审核',
  method: 'POST',
  path: 'api/v1/student/check_freeze',
  perm: 'student_check_freeze',
  body: checkFreezeSchema,
  labels: { id: '冻结申请', state: '审核结果', check_remark: '审核意见' },
  answer: answer<FreezeRow>(),
});

export const freezeRollbackCall = defineCall({
  area: 'students',
  title: '冻结撤回',
  method: 'POST',
  path: 'api/v1/student/freeze_rollback',
  perm: 'student_freeze_rollback',
  body: z.object({ id: id('冻结申请') }),
  labels: { id: '冻结申请' },
  answer: answer<FreezeRow>(),
});

export const phoneQuerySchema = z.object({
  phone: z
    .string({ error: '请输入手机号' })
    .trim()
    .regex(/^\d{4,11}$/, '手机号应为4到11位数字'),
});

/** A student found by a phone number, with the parents that carry it and the other children of those parents. */
export interface PhoneMatch extends StudentHit {
  /** how the phone matched: 学员电话, or the relation of the parent whose phone it is */
  matched_by: string;
  parents: { id: number; name: string; relation: number; phone: string; is_primary: number }[];
}

/** Siblings and duplicates: every student in the caller's campuses whose own or parent's phone is this one. */
export const getByPhoneCall = defineCall({
  area: 'students',
  title: '按手机号查学员',
  method: 'GET',
  path: 'api/v1/student/get_by_phone',
  perm: STUDENT_SCREENS,
  query: phoneQuerySchema,
  labels: { phone: '手机号' },
  answer: answer<PhoneMatch[]>(),
});

export const studentPageSchema = pageQuerySchema.extend({
  name: optionalText('学员姓名', 64),
  parent_phone: optionalText('家长电话', 11),
  state: idCsv('状态'),
  school_id: idCsv('校区'),
});
const pageLabels = { name: '学员姓名', parent_phone: '家长电话', state: '状态', school_id: '校区', page: '页码', rows: '每页行数', sort: '排序' };

/** The students the caller entered (created_by), in their campuses. */
export const myEnteredCall = defineCall({
  area: 'students',
  title: '我录入的学员',
  method: 'GET',
  path: 'api/v1/student/my_entered',
  perm: STUDENT_SCREENS,
  query: studentPageSchema,
  labels: pageLabels,
  answer: answer<Page<StudentHit>>(),
});

/** Students in a warm-up class (热身班) now, with the class. */
export const warmUpStudentCall = defineCall({
  area: 'students',
  title: '热身班学员',
  method: 'GET',
  path: 'api/v1/student/warm_up_student',
  perm: STUDENT_SCREENS,
  query: studentPageSchema,
  labels: pageLabels,
  answer: answer<Page<StudentHit & { class_id: number; class_name: string; join_date: string }>>(),
});

export interface StoppedDays {
  student_id: number;
  /** approved stop days in total */
  days: number;
  /** of them, days up to today */
  days_so_far: number;
  applies: { id: number; start_date: string; days: number; state: number; reason: string }[];
}

/** The spec's "stopped-days query": how many days a student has been stopped. */
export const stoppedDaysCall = defineCall({
  area: 'students',
  title: '停课天数',
  method: 'GET',
  path: 'api/v1/student_stop_apply/stopped_days',
  perm: STUDENT_SCREENS,
  query: z.object({ student_id: id('学员') }),
  labels: { student_id: '学员' },
  answer: answer<StoppedDays>(),
});

// ---------------------------------------------------------------------------------------------
// Referrers (推荐人, pusher agents): a student's `pusher_id` names the student who referred them.
// ---------------------------------------------------------------------------------------------

export interface Pusher {
  id: number;
  name: string;
  school_id: number;
  school_name: string | null;
  parent_name: string | null;
  parent_phone: string | null;
  referred: number;
}

export const pusherPageCall = defineCall({
  area: 'students',
  title: '推荐人列表',
  method: 'GET',
  path: 'api/v1/pusher_agent/pusher_page',
  perm: STUDENT_SCREENS,
  query: pageQuerySchema.extend({ name: optionalText('推荐人姓名', 64) }),
  labels: { name: '推荐人姓名', page: '页码', rows: '每页行数' },
  answer: answer<Page<Pusher>>(),
});

export const pusherByStudentCall = defineCall({
  area: 'students',
  title: '学员的推荐人',
  method: 'GET',
  path: 'api/v1/pusher_agent/pusher_by_stu_id',
  perm: STUDENT_SCREENS,
  query: z.object({ stu_id: id('学员') }),
  labels: { stu_id: '学员' },
  answer: answer<Pusher | null>(),
});

/** The students a referrer brought (推荐的学员). */
export const pusherAttacheCall = defineCall({
  area: 'students',
  title: '推荐的学员',
  method: 'GET',
  path: 'api/v1/pusher_agent/pusher_attache',
  perm: STUDENT_SCREENS,
  query: pageQuerySchema.extend({ pusher_id: id('推荐人') }),
  labels: { pusher_id: '推荐人', page: '页码', rows: '每页行数' },
  answer: answer<Page<StudentHit>>(),
});

/** A tag on a student (系统设置 › 标签, given in sys_user_tag), as the student lists and the hub show it. */
export interface StudentTag {
  student_id: number;
  tag_id: number;
  name: string;
  color: string | null;
}

export const STUDENT_TAGS_MAX_IDS = 200;

/**
 * The tags of the students of one list page (or of one student in the hub), in one call: the
 * student page answers its declared columns through its compiled statement, and the tags come
 * beside it. Students outside the caller's campuses answer no tags, as if missing.
 */
export const studentTagsCall = defineCall({
  area: 'students',
  title: '学员标签',
  method: 'GET',
  path: 'api/v1/student/tags',
  perm: STUDENT_SCREENS,
  query: z.object({
    ids: z
      .string({ error: '请传入学员' })
      .regex(new RegExp(`^\\d{1,12}(,\\d{1,12}){0,${STUDENT_TAGS_MAX_IDS - 1}}$`), `学员应为逗号分隔的 id，最多 ${STUDENT_TAGS_MAX_IDS} 个`),
  }),
  labels: { ids: '学员' },
  answer: answer<StudentTag[]>(),
});

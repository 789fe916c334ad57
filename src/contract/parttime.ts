import { z } from './zod';
import { answer, defineCall } from './call';
import type { Page } from './envelope';
import { DATE_RE, idField, optionalIdField, optionalTextField, realDate, textField } from './fields';
import { idListSchema } from './resource';
import { pageQuerySchema } from './paging';

/**
 * The part-time acquirers' open API (spec doc 001 "Part-time users (separate micro-service base)"):
 * `/api/openapi/erp/part_time_user`, `acquirer_student` and `acquirer_attendance_record`. Served by
 * this server under its own prefix with the staff session as authentication (server/lib/auth.ts
 * `openApiSessionMiddleware`); every row belongs to a campus and is limited to the caller's.
 *
 * The spec names the calls only; what they take and answer is defined here (spec: "not shown"):
 * - a part-time user (兼职人员, 地推) works for one campus with a monthly lead target; states 在职,
 *   停用, 已转销售 (toSeller binds the acquirer to a staff user who then sells);
 * - an acquirer student (地推资源) is a family the acquirer collected; 待处理 until addMkt puts it into
 *   the marketing area's leads (已转资源) or finds the phone there already (重复), or it is marked 无效;
 * - an attendance record is one working day of an acquirer (punch in and out, place).
 */

const BASE = 'api/openapi/erp';

/** Screens (menu codes) whose holders may read these calls. */
export const PT_SCREENS = { users: 'pt_part_time_user', students: 'pt_acquirer_student' } as const;

/** Operation codes of the writes (buttons of the two screens). */
export const PT_PERMS = {
  add: 'pt_part_time_user_add',
  update: 'pt_part_time_user_update',
  delete: 'pt_part_time_user_delete',
  updateTarget: 'pt_part_time_user_update_target',
  updateState: 'pt_part_time_user_update_state',
  toSeller: 'pt_part_time_user_to_seller',
  studentUpdate: 'pt_acquirer_student_update',
  addMkt: 'pt_acquirer_student_add_mkt',
} as const;

export const PT_USER_STATES = [
  { value: 1, text: '在职' },
  { value: 2, text: '停用' },
  { value: 3, text: '已转销售' },
] as const;

export const ACQUIRER_STUDENT_STATES = [
  { value: 1, text: '待处理' },
  { value: 2, text: '已转资源' },
  { value: 3, text: '重复' },
  { value: 4, text: '无效' },
] as const;

export const PT_LOG_ACTIONS = { add: '新增', update: '修改', delete: '删除', target: '修改目标', state: '修改状态', seller: '转为销售' } as const;

const PHONE_RE = /^1\d{10}$/;
const phone = (label: string) => z.string({ error: `请输入${label}` }).trim().regex(PHONE_RE, `${label}应为11位数字，以1开头`);
/** On update: the masked phone the list showed, sent back unchanged, keeps the stored one (server). */
const phoneOrMasked = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .refine((v) => PHONE_RE.test(v) || (v.length === 11 && v.includes('*')), `${label}应为11位数字，以1开头`);
const optionalPhone = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().regex(/^\d{1,11}$/, `${label}只能是不超过11位的数字`).optional());
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().regex(MONTH_RE, '月份格式应为 YYYY-MM').optional());
const optionalDate = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`).refine(realDate, `${label}不是有效日期`).optional());
const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).min(min, `${label}不能小于${min}`).max(max, `${label}不能大于${max}`).optional(),
  );
const target = z.coerce.number({ error: '月目标资源量必须是数字' }).int('月目标资源量必须是整数').min(0, '月目标资源量不能小于0').max(100000, '月目标资源量不能大于100000');
const stateOf = (label: string, max: number) => z.coerce.number({ error: `请选择${label}` }).int(`${label}必须是整数`).min(1, `${label}取值不正确`).max(max, `${label}取值不正确`);
/** Export parameters of the shared table (`__export__`, `__name__`, `__columns__`), passed through. */
const exportParams = { __export__: z.string().max(8).optional(), __name__: z.string().max(100, '导出文件名不能超过100个字符').optional(), __columns__: z.string().max(20000, '导出列过多').optional() };

// ---------------------------------------------------------------------------------------------
// Part-time users
// ---------------------------------------------------------------------------------------------

export interface PartTimeUserRow {
  id: number;
  school_id: number;
  school_name: string | null;
  name: string;
  phone: string;
  gender: number | null;
  state: number;
  monthly_target: number;
  seller_user_id: number | null;
  seller_name: string | null;
  joined_on: string | null;
  remark: string | null;
  created_at: string | null;
}

const userFields = {
  school_id: idField('校区'),
  name: textField('姓名', 32),
  phone: phone('手机号'),
  gender: optionalInt('性别', 1, 2),
  monthly_target: target.optional(),
  joined_on: optionalDate('入职日期'),
  remark: optionalTextField('备注', 255),
};
const USER_LABELS = { school_id: '校区', name: '姓名', phone: '手机号', gender: '性别', monthly_target: '月目标资源量', joined_on: '入职日期', remark: '备注', id: '兼职人员', ids: '兼职人员', state: '状态', user_id: '销售账号', target: '月目标资源量' };

const userPageQuery = pageQuerySchema.extend({
  name: optionalTextField('姓名', 32),
  phone: optionalPhone('手机号'),
  state: optionalInt('状态', 1, 3),
  school_id: optionalIdField('校区'),
});

export const ptUserAddCall = defineCall({
  area: 'parttime',
  title: '新增兼职人员',
  method: 'POST',
  path: `${BASE}/part_time_user/add`,
  perm: PT_PERMS.add,
  body: z.object(userFields),
  labels: USER_LABELS,
  answer: answer<{ id: number }>(),
});

export const ptUserUpdateCall = defineCall({
  area: 'parttime',
  title: '修改兼职人员',
  method: 'POST',
  path: `${BASE}/part_time_user/update`,
  perm: PT_PERMS.update,
  body: z.object({ id: idField('兼职人员'), ...userFields, phone: phoneOrMasked('手机号') }),
  labels: USER_LABELS,
  answer: answer<{ id: number }>(),
});

export const ptUserDeleteCall = defineCall({
  area: 'parttime',
  title: '删除兼职人员',
  method: 'POST',
  path: `${BASE}/part_time_user/delete`,
  perm: PT_PERMS.delete,
  body: idListSchema,
  labels: USER_LABELS,
  answer: answer<{ count: number }>(),
});

export const ptUserPageCall = defineCall({
  area: 'parttime',
  title: '兼职人员列表',
  method: 'GET',
  path: `${BASE}/part_time_user/page`,
  perm: PT_SCREENS.users,
  query: userPageQuery,
  labels: USER_LABELS,
  answer: answer<Page<PartTimeUserRow>>(),
});

export interface PartTimeKpiRow {
  id: number;
  name: string;
  phone: string;
  school_id: number;
  school_name: string | null;
  state: number;
  month: string;
  monthly_target: number;
  /** acquirer students collected in the month */
  collected: number;
  /** of them, put into the marketing leads */
  to_mkt: number;
  /** of them, phones already known (重复) */
  repeated: number;
  invalid: number;
  /** days with an attendance record in the month */
  attendance_days: number;
  /** collected / target, percent with one decimal as text ('—' without a target) */
  completion: string;
}

const kpiQuery = pageQuerySchema.extend({
  month,
  name: optionalTextField('姓名', 32),
  school_id: optionalIdField('校区'),
  state: optionalInt('状态', 1, 3),
});

export const ptUserKpiPageCall = defineCall({
  area: 'parttime',
  title: '兼职人员业绩',
  method: 'GET',
  path: `${BASE}/part_time_user/kpiPage`,
  perm: PT_SCREENS.users,
  query: kpiQuery,
  labels: { ...USER_LABELS, month: '月份' },
  answer: answer<Page<PartTimeKpiRow>>(),
});

/** The KPI list as an .xlsx: answers the export task (`file_id`), as every list's export does. */
export const ptUserKpiExportCall = defineCall({
  area: 'parttime',
  title: '导出兼职人员业绩',
  method: 'GET',
  path: `${BASE}/part_time_user/kpiExport`,
  perm: PT_SCREENS.users,
  query: kpiQuery.extend(exportParams),
  labels: { ...USER_LABELS, month: '月份', __columns__: '导出列' },
  answer: answer<{ file_id: number; name: string }>(),
});

export interface PartTimeUserInfo extends PartTimeUserRow {
  /** this month's figures (the KPI row of the current month) */
  kpi: PartTimeKpiRow;
}

export const ptUserInfoCall = defineCall({
  area: 'parttime',
  title: '兼职人员详情',
  method: 'GET',
  path: `${BASE}/part_time_user/info`,
  perm: PT_SCREENS.users,
  query: z.object({ id: idField('兼职人员') }),
  labels: USER_LABELS,
  answer: answer<PartTimeUserInfo>(),
});

export const ptUserUpdateTargetCall = defineCall({
  area: 'parttime',
  title: '修改兼职人员目标',
  method: 'POST',
  path: `${BASE}/part_time_user/updateTarget`,
  perm: PT_PERMS.updateTarget,
  body: z.object({ ids: z.array(idField('兼职人员'), { error: '请选择兼职人员' }).min(1, '请至少选择一个兼职人员').max(1000, '一次最多1000个兼职人员'), target }),
  labels: USER_LABELS,
  answer: answer<{ count: number }>(),
});

export interface PartTimeUserLogRow {
  id: number;
  part_time_user_id: number;
  part_time_user_name: string | null;
  action: string;
  content: string;
  operator_name: string | null;
  created_at: string;
}

export const ptUserLogPageCall = defineCall({
  area: 'parttime',
  title: '兼职人员操作记录',
  method: 'GET',
  path: `${BASE}/part_time_user/logPage`,
  perm: PT_SCREENS.users,
  query: pageQuerySchema.extend({ part_time_user_id: optionalIdField('兼职人员'), school_id: optionalIdField('校区') }),
  labels: { ...USER_LABELS, part_time_user_id: '兼职人员' },
  answer: answer<Page<PartTimeUserLogRow>>(),
});

export const ptUserUpdateStateCall = defineCall({
  area: 'parttime',
  title: '修改兼职人员状态',
  method: 'POST',
  path: `${BASE}/part_time_user/updateState`,
  perm: PT_PERMS.updateState,
  // 已转销售 only through toSeller
  body: z.object({ ids: z.array(idField('兼职人员'), { error: '请选择兼职人员' }).min(1, '请至少选择一个兼职人员').max(1000, '一次最多1000个兼职人员'), state: stateOf('状态', 2) }),
  labels: USER_LABELS,
  answer: answer<{ count: number }>(),
});

export const ptUserToSellerCall = defineCall({
  area: 'parttime',
  title: '兼职人员转为销售',
  method: 'POST',
  path: `${BASE}/part_time_user/toSeller`,
  perm: PT_PERMS.toSeller,
  body: z.object({ id: idField('兼职人员'), user_id: idField('销售账号') }),
  labels: USER_LABELS,
  answer: answer<{ id: number; seller_user_id: number }>(),
});

// ---------------------------------------------------------------------------------------------
// Acquirer students
// ---------------------------------------------------------------------------------------------

export interface AcquirerStudentRow {
  id: number;
  school_id: number;
  school_name: string | null;
  part_time_user_id: number;
  part_time_user_name: string | null;
  name: string;
  parent_name: string | null;
  parent_phone: string;
  gender: number | null;
  grade: number | null;
  address: string | null;
  remark: string | null;
  state: number;
  resource_id: number | null;
  collected_at: string;
}

const STUDENT_LABELS = {
  id: '地推资源',
  ids: '地推资源',
  name: '学员姓名',
  parent_name: '家长姓名',
  parent_phone: '联系电话',
  gender: '性别',
  grade: '年级',
  address: '住址',
  remark: '备注',
  state: '状态',
  part_time_user_id: '兼职人员',
  school_id: '校区',
  start_date: '采集开始日期',
  end_date: '采集结束日期',
  phone: '联系电话',
};

const studentPageQuery = pageQuerySchema.extend({
  name: optionalTextField('学员姓名', 64),
  parent_phone: optionalPhone('联系电话'),
  state: optionalInt('状态', 1, 4),
  part_time_user_id: optionalIdField('兼职人员'),
  school_id: optionalIdField('校区'),
  start_date: optionalDate('采集开始日期'),
  end_date: optionalDate('采集结束日期'),
});

export const acquirerStudentPageCall = defineCall({
  area: 'parttime',
  title: '地推资源列表',
  method: 'GET',
  path: `${BASE}/acquirer_student/page`,
  perm: PT_SCREENS.students,
  query: studentPageQuery,
  labels: STUDENT_LABELS,
  answer: answer<Page<AcquirerStudentRow>>(),
});

export interface RepeatAnswer {
  /** whether the phone is known already (a lead of marketing or another acquirer student) */
  repeat: boolean;
  leads: { id: number; name: string; school_name: string | null; pool: number; created_at: string | null }[];
  acquirer_students: { id: number; name: string; part_time_user_name: string | null; state: number; collected_at: string }[];
}

export const acquirerStudentRepeatCall = defineCall({
  area: 'parttime',
  title: '地推资源查重',
  method: 'GET',
  path: `${BASE}/acquirer_student/repeat`,
  perm: PT_SCREENS.students,
  // by phone, or by an acquirer student's id (its own phone; itself left out)
  query: z.object({ phone: z.preprocess((v) => (v === '' || v === null ? undefined : v), phone('联系电话').optional()), id: optionalIdField('地推资源') }).refine((q) => q.phone !== undefined || q.id !== undefined, '请输入联系电话'),
  labels: STUDENT_LABELS,
  answer: answer<RepeatAnswer>(),
});

export const acquirerStudentUpdateCall = defineCall({
  area: 'parttime',
  title: '修改地推资源',
  method: 'POST',
  path: `${BASE}/acquirer_student/update`,
  perm: PT_PERMS.studentUpdate,
  body: z.object({
    id: idField('地推资源'),
    name: textField('学员姓名', 64),
    parent_name: optionalTextField('家长姓名', 64),
    parent_phone: phoneOrMasked('联系电话'),
    gender: optionalInt('性别', 1, 2),
    grade: optionalInt('年级', 1, 99),
    address: optionalTextField('住址', 128),
    remark: optionalTextField('备注', 255),
    // 待处理 or 无效 only: 已转资源 and 重复 are set by addMkt
    state: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.union([z.literal(1), z.literal(4)], { error: '状态只能改为待处理或无效' }).optional()),
  }),
  labels: STUDENT_LABELS,
  answer: answer<{ id: number }>(),
});

export interface AddMktAnswer {
  /** put into the leads (待分配) */
  added: number;
  /** phones already among the campus's leads: marked 重复 */
  repeated: number;
  /** not 待处理 (already handled or invalid): left as they are */
  skipped: number;
  resource_ids: number[];
}

export const acquirerStudentAddMktCall = defineCall({
  area: 'parttime',
  title: '地推资源转入市场',
  method: 'POST',
  path: `${BASE}/acquirer_student/addMkt`,
  perm: PT_PERMS.addMkt,
  body: z.object({ ids: z.array(idField('地推资源'), { error: '请选择地推资源' }).min(1, '请至少选择一条地推资源').max(1000, '一次最多转入1000条地推资源') }),
  labels: STUDENT_LABELS,
  answer: answer<AddMktAnswer>(),
});

// ---------------------------------------------------------------------------------------------
// Acquirer attendance
// ---------------------------------------------------------------------------------------------

export interface AcquirerAttendanceRow {
  id: number;
  school_id: number;
  school_name: string | null;
  part_time_user_id: number;
  part_time_user_name: string | null;
  work_date: string;
  punch_in_at: string | null;
  punch_out_at: string | null;
  /** minutes between the punches (null while one is missing) */
  minutes: number | null;
  place: string | null;
}

const attendanceQuery = pageQuerySchema.extend({
  part_time_user_id: optionalIdField('兼职人员'),
  school_id: optionalIdField('校区'),
  start_date: optionalDate('开始日期'),
  end_date: optionalDate('结束日期'),
});
const ATTENDANCE_LABELS = { part_time_user_id: '兼职人员', school_id: '校区', start_date: '开始日期', end_date: '结束日期', month: '月份', __columns__: '导出列' };

export const acquirerAttendancePageCall = defineCall({
  area: 'parttime',
  title: '兼职考勤记录',
  method: 'GET',
  path: `${BASE}/acquirer_attendance_record/page`,
  perm: PT_SCREENS.users,
  query: attendanceQuery,
  labels: ATTENDANCE_LABELS,
  answer: answer<Page<AcquirerAttendanceRow>>(),
});

export interface AcquirerAttendanceUserInfo {
  id: number;
  name: string;
  phone: string;
  school_name: string | null;
  state: number;
  month: string;
  /** days with a record in the month, days with both punches, total minutes worked */
  days: number;
  full_days: number;
  minutes: number;
  last_work_date: string | null;
}

export const acquirerAttendanceUserInfoCall = defineCall({
  area: 'parttime',
  title: '兼职考勤汇总',
  method: 'GET',
  path: `${BASE}/acquirer_attendance_record/userInfo`,
  perm: PT_SCREENS.users,
  query: z.object({ part_time_user_id: idField('兼职人员'), month }),
  labels: ATTENDANCE_LABELS,
  answer: answer<AcquirerAttendanceUserInfo>(),
});

export const acquirerAttendanceExportCall = defineCall({
  area: 'parttime',
  title: '导出兼职考勤记录',
  method: 'GET',
  path: `${BASE}/acquirer_attendance_record/export`,
  perm: PT_SCREENS.users,
  query: attendanceQuery.extend(exportParams),
  labels: ATTENDANCE_LABELS,
  answer: answer<{ file_id: number; name: string }>(),
});

import { z } from './zod';
import { answer, defineCall, type FileAnswer } from './call';
import type { Page } from './envelope';
import { actionIdsSchema } from './resource';
import { LEAD_IMPORT_SCREEN } from './resources/marketing-import';

/**
 * The special calls of the marketing area's leads (spec doc 001 "Marketing resource (leads)");
 * the standard calls (mkt_resource add/update/delete/get/page, mkt_record add/page/delete, …) come
 * from resources/marketing.ts. What each pool move means is in docs/marketing.md. Paths the spec
 * does not name are chosen here: `mkt_resource/import` (the Excel import behind
 * excel_template/resource_import) and `mkt_resource/timeline`.
 *
 * Other helpers of the marketing area keep their calls in marketing-*.ts.
 */

// ---------------------------------------------------------------------------------------------
// Screens (menu codes) of the leads: what the reads name
// ---------------------------------------------------------------------------------------------

export const MKT_SCREEN = {
  resource: 'marketing_resource',
  clues: 'marketing_resource_clues',
  tmkUnassigned: 'marketing_telemarketer_to_be_assigned',
  tmkAssigned: 'marketing_telemarketer_assigned',
  existing: 'marketing_existing_students',
  invalid: 'marketing_invalid_resource',
  callRecord: 'marketing_call_record',
  callCenter: 'marketing_call_center',
  poolRule: 'marketing_pool_rule',
  stuAllotTmk: 'marketing_stu_allot_tmk',
  // 添加学员, 老学员添加学员, 绘本学员, AI日志 (resources/marketing-screens.ts)
  addTrainees: 'marketing_add_trainees',
  referral: 'marketing_students_add_trainees',
  pictureBook: 'marketing_picture_book_student',
  aiLog: 'marketing_ai_log_table',
} as const;

/** Screens that list leads (each opens the shared lead drawer, so each reads leads and their records). */
export const LEAD_SCREENS: readonly string[] = [MKT_SCREEN.resource, MKT_SCREEN.clues, MKT_SCREEN.tmkUnassigned, MKT_SCREEN.tmkAssigned, MKT_SCREEN.existing, MKT_SCREEN.invalid];

/** The pool each lead screen shows (the resource screen shows every pool). */
/** Screens that enter new leads by hand and check their phone first (check_phone_repeat, the campus options). */
export const LEAD_ENTRY_SCREENS: readonly string[] = [...LEAD_SCREENS, MKT_SCREEN.addTrainees, MKT_SCREEN.referral];

export const SCREEN_POOL: Readonly<Record<string, number | undefined>> = {
  [MKT_SCREEN.clues]: 5,
  [MKT_SCREEN.tmkUnassigned]: 1,
  [MKT_SCREEN.tmkAssigned]: 2,
  [MKT_SCREEN.invalid]: 4,
};

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

const id = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`);
const ids = actionIdsSchema;
const reason = z.string({ error: '请输入原因' }).trim().min(1, '请输入原因').max(255, '原因不能超过255个字');
const phone = z.string({ error: '请输入手机号' }).trim().regex(/^1\d{10}$/, '手机号应为11位数字，以1开头');

/** A lead as the quick lists answer it (phones masked for callers without the right). */
export interface LeadHit {
  id: number;
  name: string;
  parent_name: string | null;
  parent_phone: string | null;
  school_id: number;
  school_name: string | null;
  pool: number;
  stage: number;
  tmk_id: number | null;
  tmk_name: string | null;
  seller_id: number | null;
  seller_name: string | null;
  created_at: string | null;
}

export interface MoveAnswer {
  count: number;
  ids: number[];
}

// ---------------------------------------------------------------------------------------------
// Pool moves (POST JSON unless the spec says GET)
// ---------------------------------------------------------------------------------------------

export const toTmkCall = defineCall({
  area: 'marketing',
  title: '转电销待分配',
  method: 'POST',
  path: 'api/v1/mkt_resource/to_tmk',
  perm: 'mkt_resource_to_tmk',
  body: z.object({ ids }),
  labels: { ids: '资源' },
  answer: answer<MoveAnswer>(),
});

export const toTmkerCall = defineCall({
  area: 'marketing',
  title: '分配电销',
  method: 'POST',
  path: 'api/v1/mkt_resource/to_tmker',
  perm: 'mkt_resource_to_tmker',
  body: z.object({ ids, tmk_id: id('电销') }),
  labels: { ids: '资源', tmk_id: '电销' },
  answer: answer<MoveAnswer>(),
});

export const toSaleCall = defineCall({
  area: 'marketing',
  title: '转课程顾问',
  method: 'POST',
  path: 'api/v1/mkt_resource/to_sale',
  perm: 'mkt_resource_to_sale',
  body: z.object({ ids, seller_id: id('课程顾问').optional() }),
  labels: { ids: '资源', seller_id: '课程顾问' },
  answer: answer<MoveAnswer>(),
});

export const toSellerCall = defineCall({
  area: 'marketing',
  title: '分配课程顾问',
  method: 'POST',
  path: 'api/v1/mkt_resource/to_seller',
  perm: 'mkt_resource_to_seller',
  body: z.object({ ids, seller_id: id('课程顾问') }),
  labels: { ids: '资源', seller_id: '课程顾问' },
  answer: answer<MoveAnswer>(),
});

export const invalidateCall = defineCall({
  area: 'marketing',
  title: '设为无效',
  method: 'POST',
  path: 'api/v1/mkt_resource/invalidate',
  perm: 'mkt_resource_invalidate',
  body: z.object({ ids, reason }),
  labels: { ids: '资源', reason: '无效原因' },
  answer: answer<MoveAnswer>(),
});

export const activitedCall = defineCall({
  area: 'marketing',
  title: '激活资源',
  method: 'POST',
  path: 'api/v1/mkt_resource/activited',
  perm: 'mkt_resource_activited',
  body: z.object({ ids }),
  labels: { ids: '资源' },
  answer: answer<MoveAnswer>(),
});

export const transferSchoolCall = defineCall({
  area: 'marketing',
  title: '转校区',
  method: 'POST',
  path: 'api/v1/mkt_resource/transfer_school',
  perm: 'mkt_resource_transfer_school',
  body: z.object({ id: id('资源'), school_id: id('校区'), reason: reason.optional() }),
  labels: { id: '资源', school_id: '校区', reason: '原因' },
  answer: answer<MoveAnswer>(),
});

export const batchTransferSchoolCall = defineCall({
  area: 'marketing',
  title: '批量转校区',
  method: 'POST',
  path: 'api/v1/mkt_resource/batch_transfer_school',
  perm: 'mkt_resource_transfer_school',
  body: z.object({ ids, school_id: id('校区'), reason: reason.optional() }),
  labels: { ids: '资源', school_id: '校区', reason: '原因' },
  answer: answer<MoveAnswer>(),
});

export const unassignCall = defineCall({
  area: 'marketing',
  title: '取消分配',
  method: 'GET',
  path: 'api/v1/mkt_resource/unassign',
  perm: 'mkt_resource_unassign',
  query: z.object({ ids: z.string({ error: '请选择资源' }).regex(/^\d+(,\d+)*$/, '资源编号格式不正确') }),
  labels: { ids: '资源' },
  answer: answer<MoveAnswer>(),
});

export const cancelSchoolCall = defineCall({
  area: 'marketing',
  title: '放入公海',
  method: 'GET',
  path: 'api/v1/mkt_resource/cancel_school',
  perm: 'mkt_resource_cancel_school',
  query: z.object({ ids: z.string({ error: '请选择资源' }).regex(/^\d+(,\d+)*$/, '资源编号格式不正确') }),
  labels: { ids: '资源' },
  answer: answer<MoveAnswer>(),
});

/** Takes a lead of the public pool (公海) for oneself: caps, cool-down and races checked. */
export const claimCall = defineCall({
  area: 'marketing',
  title: '领取公海资源',
  method: 'POST',
  path: 'api/v1/mkt_resource/claim',
  perm: 'mkt_resource_claim',
  body: z.object({ ids }),
  labels: { ids: '资源' },
  answer: answer<MoveAnswer>(),
});

export const toStuLoadSchoolCall = defineCall({
  area: 'marketing',
  title: '转为学员',
  method: 'POST',
  path: 'api/v1/mkt_resource/to_stu_load_school',
  perm: 'mkt_resource_to_stu_load_school',
  body: z.object({ id: id('资源') }),
  labels: { id: '资源' },
  answer: answer<{ id: number; student_id: number }>(),
});

/** A card (online) payment request for a lead's first order: recorded by the payment provider. */
export const yeepayCall = defineCall({
  area: 'marketing',
  title: '刷卡支付',
  method: 'POST',
  path: 'api/v1/mkt_resource/yeepay',
  perm: 'mkt_resource_yeepay',
  body: z.object({
    id: id('资源'),
    amount: z.coerce.number({ error: '金额必须是数字' }).int('金额必须是以分为单位的整数').min(1, '金额必须大于0').max(99_999_999, '金额不能大于999999.99元'),
    remark: z.string().trim().max(255, '备注不能超过255个字').optional(),
  }),
  labels: { id: '资源', amount: '金额', remark: '备注' },
  answer: answer<{ id: number; request_no: string }>(),
});

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export interface PhoneOwner extends LeadHit {
  pool_text: string;
}

export interface PhoneRepeat {
  repeat: boolean;
  /** the other leads with this phone in the caller's campuses (at most 20) */
  owners: PhoneOwner[];
  /** a readable sentence naming who holds it (empty when not repeated) */
  msg: string;
}

export const checkPhoneRepeatCall = defineCall({
  area: 'marketing',
  title: '手机号查重',
  method: 'GET',
  path: 'api/v1/mkt_resource/check_phone_repeat',
  perm: LEAD_ENTRY_SCREENS,
  query: z.object({ phone, id: id('资源').optional() }),
  labels: { phone: '手机号', id: '资源' },
  answer: answer<PhoneRepeat>(),
});

export const sosCall = defineCall({
  area: 'marketing',
  title: '资源搜索',
  method: 'GET',
  path: 'api/v1/mkt_resource/sos',
  perm: LEAD_SCREENS,
  query: z.object({ keyword: z.string({ error: '请输入姓名或手机号' }).trim().min(1, '请输入姓名或手机号').max(64, '关键字不能超过64个字') }),
  labels: { keyword: '关键字' },
  answer: answer<LeadHit[]>(),
});

export const ysPhoneCall = defineCall({
  area: 'marketing',
  title: '查看完整手机号',
  method: 'GET',
  path: 'api/v1/mkt_resource/ys_phone',
  perm: 'view_full_phone',
  query: z.object({ id: id('资源') }),
  labels: { id: '资源' },
  answer: answer<{ id: number; parent_phone: string | null; phone: string | null }>(),
});

export const refundStuCall = defineCall({
  area: 'marketing',
  title: '退费学员资源',
  method: 'GET',
  path: 'api/v1/mkt_resource/refund_stu',
  perm: LEAD_SCREENS,
  query: z.object({
    page: z.coerce.number().int().min(1, '页码必须从 1 开始').default(1),
    rows: z.coerce.number().int().min(1, '每页行数至少为 1').max(200, '每页行数不能超过 200').default(20),
  }),
  labels: { page: '页码', rows: '每页行数' },
  answer: answer<Page<LeadHit>>(),
});

/** Counts per pool for the same filters as mkt_resource/page (the tabs' badges). */
export const pageCountCall = defineCall({
  area: 'marketing',
  title: '资源计数',
  method: 'POST',
  path: 'api/v1/mkt_resource/page_count',
  perm: LEAD_SCREENS,
  form: true,
  readOnly: true,
  body: z.record(z.string(), z.string().max(2000, '查询条件过长')),
  answer: answer<{ total: number; pools: Record<string, number> }>(),
});

export interface TimelineEntry {
  id: number;
  kind: 'move' | 'record';
  at: string | null;
  by_name: string | null;
  text: string;
}

export const timelineCall = defineCall({
  area: 'marketing',
  title: '资源时间线',
  method: 'GET',
  path: 'api/v1/mkt_resource/timeline',
  perm: LEAD_SCREENS,
  query: z.object({ id: id('资源') }),
  labels: { id: '资源' },
  answer: answer<TimelineEntry[]>(),
});

/** Campuses the caller may put a lead or a student into (校区选项). */
export const stuOsCall = defineCall({
  area: 'marketing',
  title: '可选校区',
  method: 'GET',
  path: 'api/v1/base_organ_school/stu_os',
  perm: LEAD_ENTRY_SCREENS,
  answer: answer<{ value: number; text: string }[]>(),
});

// ---------------------------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------------------------

export const importTemplateCall = defineCall({
  area: 'marketing',
  title: '资源导入模板',
  method: 'GET',
  path: 'api/v1/excel_template/resource_import',
  perm: 'mkt_resource_import',
  answer: answer<Blob>() as FileAnswer,
});

export interface ImportRowResult {
  row: number;
  name: string;
  parent_phone: string;
  result: 'insert' | 'duplicate' | 'refused';
  msg: string;
}

export interface ImportAnswer {
  dry_run: boolean;
  /** the import's history row (mkt_resource_import); null for a dry run, which writes nothing */
  import_id: number | null;
  inserted: number;
  duplicates: number;
  refused: number;
  rows: ImportRowResult[];
}

/** The Excel file as base64 (an .xlsx of the template's columns); dry_run only reports. */
export const importCall = defineCall({
  area: 'marketing',
  title: '导入资源',
  method: 'POST',
  path: 'api/v1/mkt_resource/import',
  perm: 'mkt_resource_import',
  body: z.object({
    file: z.string({ error: '请上传文件' }).min(1, '请上传文件').max(14_000_000, '文件不能超过10MB'),
    /** the uploaded file's name, for the import history */
    file_name: z.string({ error: '文件名必须是文本' }).trim().max(128, '文件名不能超过128个字').optional(),
    dry_run: z.coerce.boolean().default(true),
    school_id: id('校区').optional(),
  }),
  labels: { file: '文件', file_name: '文件名', dry_run: '试运行', school_id: '校区' },
  answer: answer<ImportAnswer>(),
});

/** The refused rows of an import as .xlsx: the template's columns as uploaded, the row number and 拒绝原因. */
export const importRefusedFileCall = defineCall({
  area: 'marketing',
  title: '下载拒绝行',
  method: 'GET',
  path: 'api/v1/mkt_resource_import/refused_file',
  perm: LEAD_IMPORT_SCREEN,
  query: z.object({ import_id: id('导入记录') }),
  labels: { import_id: '导入记录' },
  answer: answer<Blob>() as FileAnswer,
});

// ---------------------------------------------------------------------------------------------
// Call centre (tq_*) and the call record's status callback
// ---------------------------------------------------------------------------------------------

export const tqAuthCall = defineCall({
  area: 'marketing',
  title: '呼叫中心令牌',
  method: 'POST',
  path: 'api/v1/tq_gettoken/auth',
  perm: 'mkt_call_center_call',
  // every field is optional, so a body of anything else is refused rather than taken for a token
  // request (which the provider logs): nothing is written on input the call does not understand
  body: z.strictObject({ agent: z.string().trim().max(64, '坐席编号不能超过64个字').optional() }),
  labels: { agent: '坐席编号' },
  answer: answer<{ token: string; provider: string; expires_in: number }>(),
});

export const tqSendCall = defineCall({
  area: 'marketing',
  title: '发送短信',
  method: 'POST',
  path: 'api/v1/tq_infosend/send',
  perm: 'mkt_call_center_send',
  body: z.object({ resource_id: id('资源'), content: z.string({ error: '请输入短信内容' }).trim().min(1, '请输入短信内容').max(500, '短信内容不能超过500个字') }),
  labels: { resource_id: '资源', content: '短信内容' },
  answer: answer<{ id: string; provider: string }>(),
});

export const tqCallCall = defineCall({
  area: 'marketing',
  title: '外呼',
  method: 'POST',
  path: 'api/v1/tq_phonecall/call',
  perm: 'mkt_call_center_call',
  body: z.object({ resource_id: id('资源') }),
  labels: { resource_id: '资源' },
  answer: answer<{ call_id: string; provider: string; record_id: number }>(),
});

export const callStatusNotifyCall = defineCall({
  area: 'marketing',
  title: '通话状态回调',
  method: 'POST',
  path: 'api/v1/mkt_record/call_status_notify',
  perm: 'mkt_call_center_call',
  body: z.object({
    call_id: z.string({ error: '请提供通话编号' }).trim().min(1, '请提供通话编号').max(64, '通话编号过长'),
    status: z.coerce.number({ error: '通话状态必须是数字' }).int('通话状态必须是整数').min(1, '通话状态不正确').max(3, '通话状态不正确'),
    seconds: z.coerce.number({ error: '通话时长必须是数字' }).int('通话时长必须是整数').min(0, '通话时长不能小于0').max(86400, '通话时长过长').default(0),
  }),
  labels: { call_id: '通话编号', status: '通话状态', seconds: '通话时长' },
  answer: answer<{ id: number }>(),
});

/** The staff a lead may be given to: telemarketers (role tmk) or sellers, of the caller's campuses. */
export const staffOptionsCall = defineCall({
  area: 'marketing',
  title: '可分配人员',
  method: 'GET',
  path: 'api/v1/mkt_resource/staff_options',
  perm: LEAD_SCREENS,
  query: z.object({ role: z.enum(['tmk', 'seller'], { error: '人员类型只能是 tmk 或 seller' }) }),
  labels: { role: '人员类型' },
  answer: answer<{ value: number; text: string }[]>(),
});

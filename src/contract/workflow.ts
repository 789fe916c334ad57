import { z } from './zod';
import { answer, defineCall } from './call';
import type { Page } from './envelope';
import { PAGE_LABELS, pageQuerySchema } from './paging';
import { formFieldSchema, wfNodeSchema, type FormField, type WfNode } from './workflow-tree';
import { REPAIR_RUKU_SCREEN, REPAIR_SUCCESS_SCREEN, WF_APPLICATIONS, applicationMenuCode } from './workflow-apps';

/**
 * The special calls of the workflow area (spec calls.tsv `workflow`): the staff attendance punch
 * of /wf/clockIn (screens.tsv: workflow "clock in"), queued offline, and (below) the approval
 * engine's 21 sys_wf calls.
 */

const AREA = 'workflow';
const PAGE = pageQuerySchema;

export const punchSchema = z.object({
  /** the moment of the tap ('YYYY-MM-DD HH:mm:ss'); an offline replay keeps it */
  time: z.string({ error: '请提供打卡时间' }).regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, '打卡时间格式应为 YYYY-MM-DD HH:mm:ss'),
  lat: z.coerce.number().min(-90, '纬度超出范围').max(90, '纬度超出范围').optional(),
  lng: z.coerce.number().min(-180, '经度超出范围').max(180, '经度超出范围').optional(),
  accuracy: z.coerce.number().min(0, '定位精度不能为负数').max(100000, '定位精度超出范围').optional(),
  device: z.string({ error: '请提供设备信息' }).trim().min(1, '请提供设备信息').max(128, '设备信息不能超过128个字符'),
});
export type PunchBody = z.infer<typeof punchSchema>;

export interface PunchRow {
  id: number;
  user_id: number;
  user_name: string;
  punch_time: string;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  device: string;
  /** stamped at insert (the column admits null, as every table's stamps) */
  created_at: string | null;
}

export const punchCall = defineCall({
  area: AREA,
  title: '考勤打卡',
  method: 'POST',
  path: 'api/v1/wf_clock_in/punch',
  perm: 'wf_clock_in_punch',
  body: punchSchema,
  labels: { time: '打卡时间', lat: '纬度', lng: '经度', accuracy: '定位精度', device: '设备' },
  answer: answer<PunchRow>(),
  offline: true,
});
export const punchPageCall = defineCall({
  area: AREA,
  title: '打卡记录',
  method: 'GET',
  path: 'api/v1/wf_clock_in/page',
  perm: 'workflow_clock_in',
  query: PAGE.extend({
    user_id: z.coerce.number({ error: '用户必须是数字' }).int().positive().optional(),
    date_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期格式应为 YYYY-MM-DD').optional(),
    date_end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期格式应为 YYYY-MM-DD').optional(),
  }),
  labels: { user_id: '用户', date_start: '开始日期', date_end: '结束日期' },
  answer: answer<Page<PunchRow>>(),
});

// ---------------------------------------------------------------------------------------------
// Approvals (sys_wf)
// ---------------------------------------------------------------------------------------------
/**
 * The workflow area (spec doc 001 "Workflow (sys_wf)"): the 21 calls, their payloads and answers.
 * The spec names the paths only; the parameters are chosen here:
 * - a definition (`wf_define`) has a key, a tag (the business kind an application screen lists,
 *   e.g. `refund`), the `ref_type` its instances belong to, a form and a node tree; every save is a
 *   new immutable version (`wf_define_version`), and an instance keeps the version it started on;
 * - an instance (`wf_instance`) belongs to a business record (`ref_type`, `ref_id`); its tasks
 *   (`wf_task`) are the approvers' to-dos, its steps (`wf_step`) the timeline.
 */

export const WF_STATES = { RUNNING: 1, APPROVED: 2, REFUSED: 3, RECALLED: 4, INTERRUPTED: 5 } as const;
export type WfState = (typeof WF_STATES)[keyof typeof WF_STATES];
export const WF_STATE_TEXT: Record<number, string> = { 1: '审批中', 2: '已通过', 3: '已拒绝', 4: '已撤回', 5: '已终止' };

/** A task: 0 pending, 1 approved, 2 refused, 3 cancelled (another approver decided, recalled, moved), 9 waiting its turn (依次审批). */
export const TASK_STATES = { PENDING: 0, APPROVED: 1, REFUSED: 2, CANCELLED: 3, WAITING: 9 } as const;

export type StepAction = 'submit' | 'resubmit' | 'approve' | 'refuse' | 'back' | 'add_signer' | 'copy' | 'recall' | 'interrupt' | 'repair' | 'edit_form' | 'admin_queue' | 'remind' | 'finish';
export const STEP_ACTION_TEXT: Record<StepAction, string> = {
  submit: '提交申请',
  resubmit: '重新提交',
  approve: '同意',
  refuse: '拒绝',
  back: '退回',
  add_signer: '加签',
  copy: '抄送',
  recall: '撤回',
  interrupt: '终止',
  repair: '干预',
  edit_form: '修改表单',
  admin_queue: '转管理员处理',
  remind: '超时提醒',
  finish: '流程结束',
};

/** List kinds of wf_instance_list: to-do, done, my applications, copies to me, every instance in scope (monitor). */
export const LIST_TYPES = ['todo', 'done', 'apply', 'copy', 'all'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** Screens (menu codes) whose holders read the workflow lists: the task center's and the designer's. */
export const WF_SCREENS = {
  todo: 'workflow_todo_list',
  done: 'workflow_done_list',
  apply: 'workflow_my_applies',
  defineList: 'workflow_define_list',
  defineEdit: 'workflow_define_edit',
  module: 'workflow_module',
  export: 'workflow_excel_export',
} as const;
/** Screens that read instances, forms and paths: the task center's, the monitor's and every application screen's. */
export const TASK_SCREENS: readonly string[] = [WF_SCREENS.todo, WF_SCREENS.done, WF_SCREENS.apply, WF_SCREENS.module, WF_SCREENS.export, ...WF_APPLICATIONS.map(applicationMenuCode), REPAIR_SUCCESS_SCREEN, REPAIR_RUKU_SCREEN];
const DEFINE_SCREENS: readonly string[] = [WF_SCREENS.defineList, WF_SCREENS.defineEdit];

/** Operation codes of the workflow writes (buttons of src/contract/menus/workflow.ts). */
export const WF_PERMS = {
  apply: 'wf_apply',
  run: 'wf_run',
  recall: 'wf_recall',
  formEdit: 'wf_form_edit',
  interrupt: 'wf_interrupt',
  repair: 'wf_repair',
  defineCreate: 'wf_define_create',
  defineSave: 'wf_define_save',
  stepName: 'wf_step_name',
} as const;

const id = (label: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', `请选择${label}`)
    .pipe(z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`).max(2147483647, `${label}无效`));
const optionalId = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), id(label).optional());
const text = (label: string, max: number) => z.string({ error: `${label}必须是文字` }).trim().max(max, `${label}不能超过${max}个字符`);
const comment = text('审批意见', 500).optional();
const defineKey = z
  .string({ error: '流程标识必须是文字' })
  .trim()
  .regex(/^[a-z][a-z0-9_]{1,39}$/, '流程标识只能是小写字母开头的字母、数字和下划线（2-40 个）');
const refType = z
  .string({ error: '业务类型必须是文字' })
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, '业务类型只能是小写字母开头的字母、数字和下划线');

/** An application form: field name → value (text, number or a list of attachment ids). */
export const formDataSchema = z
  .record(z.string().max(40), z.union([z.string().max(2000, '表单内容不能超过2000个字符'), z.number(), z.boolean(), z.null(), z.array(z.union([z.string().max(200), z.number()])).max(20)]), {
    error: '表单内容必须是对象',
  })
  .refine((r) => Object.keys(r).length <= 60, '表单字段不能超过 60 个');
export type FormData = z.infer<typeof formDataSchema>;

const attachments = z.array(z.coerce.number().int().positive(), { error: '附件必须是编号列表' }).max(20, '附件最多 20 个').optional();

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export interface DefineRow {
  id: number;
  define_key: string;
  name: string;
  tag: string;
  ref_type: string;
  state: number;
  version: number;
  version_id: number;
  timeout_hours: number;
  remark: string | null;
  updated_at: string | null;
}

export interface DefineDetail extends DefineRow {
  tree: WfNode;
  form: FormField[];
  step_names: Record<string, string>;
  versions: { id: number; version: number; created_at: string | null; created_by_name: string | null; instances: number }[];
}

export interface InstanceRow {
  id: number;
  title: string;
  define_key: string;
  define_name: string;
  version: number;
  ref_type: string;
  ref_id: number | null;
  school_id: number | null;
  school_name: string | null;
  applicant_id: number;
  applicant_name: string | null;
  state: number;
  state_text: string;
  current_node_name: string | null;
  /** the pending approvers' names, comma-joined */
  current_approvers: string | null;
  /** in the administrators' queue: no approver could be found */
  admin_queue: number;
  created_at: string | null;
  finished_at: string | null;
  /** to-do and done lists: the caller's task */
  task_id?: number | null;
}

export interface InstancePage extends Page<InstanceRow> {
  /** badge counts of the task center for the caller */
  counts: { todo: number; done: number; apply: number; copy: number };
}

/** ref_type naming an application (its id the ref_id) when its steps' files are signed (sys_attachment/sign). */
export const STEP_FILES_REF_TYPE = 'wf_instance';

export interface StepRow {
  id: number;
  node_id: string | null;
  node_name: string | null;
  user_id: number | null;
  user_name: string | null;
  action: StepAction;
  action_text: string;
  comment: string | null;
  attachments: number[];
  /** the records of `attachments` (uploaded by the step's user), for the timeline */
  files: StepFile[];
  diff: FormDiff[] | null;
  created_at: string | null;
}

/** A file attached to a step (the application's on its 提交 step, an approver's on their decision). */
export interface StepFile {
  id: number;
  name: string;
  ext: string;
  size: number;
}

export interface FormDiff {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

export interface TaskRow {
  id: number;
  node_id: string;
  node_name: string;
  assignee_id: number | null;
  assignee_name: string | null;
  state: number;
  added: number;
  due_at: string | null;
  acted_at: string | null;
  comment: string | null;
}

/** One node of the path an instance takes (or would take: prerun). */
export interface PathNode {
  node_id: string;
  name: string;
  type: WfNode['type'];
  approvers: { id: number; name: string }[];
  /** no approver could be found: the task goes to the administrators */
  missing: boolean;
  mode?: string;
  /** done, current or ahead (instance detail) */
  status?: 'done' | 'current' | 'ahead';
}

export interface InstanceDetail {
  instance: InstanceRow;
  form: Record<string, unknown>;
  form_fields: FormField[];
  /** the business record as it was at submission */
  snapshot: unknown;
  path: PathNode[];
  steps: StepRow[];
  tasks: TaskRow[];
  /** the caller's pending task, with the fields they may edit */
  my_task: { id: number; node_id: string; node_name: string; editable: string[]; hidden: string[]; earlier_nodes: { node_id: string; name: string }[] } | null;
  can_recall: boolean;
  can_edit_form: boolean;
  /** the application was refused back to its applicant (退回发起人), who may correct the form and resubmit */
  can_resubmit: boolean;
  can_admin: boolean;
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export const wfInstanceListQuery = pageQuerySchema.extend({
  type: z.enum(LIST_TYPES, { error: '列表类型只能是 todo、done、apply、copy 或 all' }).default('todo'),
  ref_type: refType.optional().or(z.literal('').transform(() => undefined)),
  /** instances of the definitions of this business kind (wf_define.tag), whatever record they belong to */
  tag: refType.optional().or(z.literal('').transform(() => undefined)),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1, '状态无效').max(5, '状态无效').optional()),
  keyword: text('关键字', 64).optional(),
  applicant_id: optionalId('发起人'),
  school_id: optionalId('校区'),
  date_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期格式应为 YYYY-MM-DD').optional().or(z.literal('').transform(() => undefined)),
  date_end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期格式应为 YYYY-MM-DD').optional().or(z.literal('').transform(() => undefined)),
});
const LIST_LABELS = { ...PAGE_LABELS, type: '列表类型', ref_type: '业务类型', tag: '业务类型', state: '状态', keyword: '关键字', applicant_id: '发起人', school_id: '校区' };

export const wfInstanceListCall = defineCall({
  area: 'workflow',
  title: '流程实例列表',
  method: 'GET',
  path: 'api/v1/sys_wf/wf_instance_list',
  perm: TASK_SCREENS,
  query: wfInstanceListQuery,
  labels: LIST_LABELS,
  answer: answer<InstancePage>(),
});

export const instanceStepCurrentCall = defineCall({
  area: 'workflow',
  title: '流程实例详情',
  method: 'GET',
  path: 'api/v1/sys_wf/instance_step_current',
  perm: TASK_SCREENS,
  query: z.object({ instance_id: id('流程实例') }),
  labels: { instance_id: '流程实例' },
  answer: answer<InstanceDetail>(),
});

const defineRef = {
  define_key: defineKey.optional(),
  define_id: optionalId('流程'),
};
const applyBody = z
  .object({
    ...defineRef,
    /** a tag picks the enabled definition of that business kind when no key or id is given */
    tag: refType.optional(),
    school_id: optionalId('校区'),
    form: formDataSchema.default({}),
    title: text('标题', 100).optional(),
    /** files uploaded by the applicant (sys_attachment/upload), shown on the 提交 step */
    attachments,
  })
  .refine((b) => b.define_key || b.define_id || b.tag, '请选择流程');

export const prerunCall = defineCall({
  area: 'workflow',
  title: '预览审批路径',
  method: 'POST',
  path: 'api/v1/sys_wf/prerun',
  perm: TASK_SCREENS,
  readOnly: true,
  body: applyBody,
  labels: { define_key: '流程标识', define_id: '流程', tag: '业务类型', school_id: '校区', form: '表单', title: '标题' },
  answer: answer<{ path: PathNode[] }>(),
});

export const createInstanceCall = defineCall({
  area: 'workflow',
  title: '发起申请',
  method: 'POST',
  path: 'api/v1/sys_wf/create_instance',
  perm: WF_PERMS.apply,
  body: applyBody,
  labels: { define_key: '流程标识', define_id: '流程', tag: '业务类型', school_id: '校区', form: '表单', title: '标题', attachments: '附件' },
  answer: answer<{ instance_id: number; state: number }>(),
});

export const runCall = defineCall({
  area: 'workflow',
  title: '审批',
  method: 'POST',
  path: 'api/v1/sys_wf/run',
  perm: WF_PERMS.run,
  body: z.object({
    task_id: id('待办'),
    action: z.enum(['approve', 'refuse'], { error: '审批操作只能是 approve（同意）或 refuse（拒绝）' }),
    comment,
    attachments,
    /** refuse: back to this earlier node, or to the start node (退回发起人: the applicant corrects and resubmits), instead of ending the instance */
    back_node_id: text('退回节点', 40).optional(),
  }),
  labels: { task_id: '待办', action: '审批操作', comment: '审批意见', attachments: '附件', back_node_id: '退回节点' },
  answer: answer<{ instance_id: number; state: number }>(),
});

export const newstepCall = defineCall({
  area: 'workflow',
  title: '加签',
  method: 'POST',
  path: 'api/v1/sys_wf/newstep',
  perm: WF_PERMS.run,
  body: z.object({ task_id: id('待办'), user_id: id('加签人'), comment }),
  labels: { task_id: '待办', user_id: '加签人', comment: '说明' },
  answer: answer<{ task_id: number }>(),
});

export const recallCall = defineCall({
  area: 'workflow',
  title: '撤回申请',
  method: 'POST',
  path: 'api/v1/sys_wf/recall',
  perm: WF_PERMS.recall,
  body: z.object({ instance_id: id('流程实例'), comment }),
  labels: { instance_id: '流程实例', comment: '撤回原因' },
  answer: answer<{ instance_id: number; state: number }>(),
});

/** 重新提交: the applicant of an application refused back to them sends it again, the form corrected; the flow runs from its first node, the history kept. */
export const resubmitCall = defineCall({
  area: 'workflow',
  title: '重新提交申请',
  method: 'POST',
  path: 'api/v1/sys_wf/resubmit',
  perm: WF_PERMS.apply,
  body: z.object({ instance_id: id('流程实例'), form: formDataSchema.optional(), comment: text('说明', 500).optional(), attachments }),
  labels: { instance_id: '流程实例', form: '表单', comment: '说明', attachments: '附件' },
  answer: answer<{ instance_id: number; state: number }>(),
});

export const interruptCall = defineCall({
  area: 'workflow',
  title: '终止流程',
  method: 'POST',
  path: 'api/v1/sys_wf/interrupt',
  perm: WF_PERMS.interrupt,
  body: z.object({ instance_id: id('流程实例'), comment: text('终止原因', 500).min(1, '请填写终止原因') }),
  labels: { instance_id: '流程实例', comment: '终止原因' },
  answer: answer<{ instance_id: number; state: number }>(),
});

export const repairCall = defineCall({
  area: 'workflow',
  title: '流程干预',
  method: 'POST',
  path: 'api/v1/sys_wf/repair',
  perm: WF_PERMS.repair,
  body: z
    .object({
      instance_id: id('流程实例'),
      /** reassign this pending task (or the administrators' queue task) to user_id */
      task_id: optionalId('待办'),
      user_id: optionalId('处理人'),
      /** or move the instance to this node (its approvers are resolved again) */
      node_id: text('目标节点', 40).optional(),
      comment,
    })
    .refine((b) => (b.task_id && b.user_id) || b.node_id, '请选择要转交的待办和处理人，或要跳转的节点'),
  labels: { instance_id: '流程实例', task_id: '待办', user_id: '处理人', node_id: '目标节点', comment: '说明' },
  answer: answer<{ instance_id: number; state: number }>(),
});

const formEditBody = z.object({ instance_id: id('流程实例'), form: formDataSchema, comment });

export const updateInstanceFormCall = defineCall({
  area: 'workflow',
  title: '修改申请表单',
  method: 'POST',
  path: 'api/v1/sys_wf/update_intance_form',
  perm: WF_PERMS.apply,
  body: formEditBody,
  labels: { instance_id: '流程实例', form: '表单', comment: '说明' },
  answer: answer<{ diff: FormDiff[] }>(),
});

export const instanceModifyFormDataCall = defineCall({
  area: 'workflow',
  title: '审批中修改表单',
  method: 'POST',
  path: 'api/v1/sys_wf/instance_modify_form_data',
  perm: WF_PERMS.formEdit,
  body: z.object({ task_id: id('待办'), form: formDataSchema, comment }),
  labels: { task_id: '待办', form: '表单', comment: '说明' },
  answer: answer<{ diff: FormDiff[] }>(),
});

export const wfDefinesTagCall = defineCall({
  area: 'workflow',
  title: '按业务类型查流程',
  method: 'GET',
  path: 'api/v1/sys_wf/wf_defines_tag',
  perm: [...TASK_SCREENS, ...DEFINE_SCREENS],
  query: z.object({ tag: refType.optional().or(z.literal('').transform(() => undefined)) }),
  labels: { tag: '业务类型' },
  answer: answer<DefineRow[]>(),
});

export const wfDefineFormCall = defineCall({
  area: 'workflow',
  title: '流程表单',
  method: 'GET',
  path: 'api/v1/sys_wf/wf_define_form',
  perm: [...TASK_SCREENS, ...DEFINE_SCREENS],
  query: z.object({ ...defineRef, tag: refType.optional() }).refine((b) => b.define_key || b.define_id || b.tag, '请选择流程'),
  labels: { define_key: '流程标识', define_id: '流程', tag: '业务类型' },
  answer: answer<{ define: DefineRow; form: FormField[] }>(),
});

export const designerCall = defineCall({
  area: 'workflow',
  title: '流程设计',
  method: 'GET',
  path: 'api/v1/sys_wf/designer',
  perm: DEFINE_SCREENS,
  query: z.object({ define_id: id('流程'), version: z.coerce.number().int().positive().max(100000).optional() }),
  labels: { define_id: '流程', version: '版本' },
  answer: answer<DefineDetail>(),
});

const defineFields = {
  name: text('流程名称', 40).min(1, '请输入流程名称'),
  tag: refType,
  ref_type: refType.optional(),
  remark: text('备注', 255).optional().nullable(),
  timeout_hours: z.coerce.number().int('超时时间必须是整数小时').min(1, '超时时间至少 1 小时').max(720, '超时时间不能超过 720 小时').optional(),
  state: z.coerce.number().int().min(0).max(1, '状态只能是 0 或 1').optional(),
};

export const defineCreateCall = defineCall({
  area: 'workflow',
  title: '新建流程',
  method: 'POST',
  path: 'api/v1/sys_wf/define_create',
  perm: WF_PERMS.defineCreate,
  body: z.object({ define_key: defineKey, ...defineFields }),
  labels: { define_key: '流程标识', name: '流程名称', tag: '业务类型', ref_type: '关联业务', remark: '备注', timeout_hours: '超时时间', state: '状态' },
  answer: answer<DefineRow>(),
});

export const defineSaveCall = defineCall({
  area: 'workflow',
  title: '保存流程',
  method: 'POST',
  path: 'api/v1/sys_wf/define_save',
  perm: WF_PERMS.defineSave,
  body: z.object({
    id: id('流程'),
    ...defineFields,
    tree: wfNodeSchema,
    form: z.array(formFieldSchema).max(60, '表单字段不能超过 60 个'),
  }),
  labels: { id: '流程', name: '流程名称', tag: '业务类型', ref_type: '关联业务', remark: '备注', timeout_hours: '超时时间', state: '状态', tree: '流程节点', form: '表单' },
  answer: answer<DefineRow>(),
});

export const defineListCall = defineCall({
  area: 'workflow',
  title: '流程定义列表',
  method: 'GET',
  path: 'api/v1/sys_wf/define',
  perm: [...DEFINE_SCREENS, WF_SCREENS.module],
  query: pageQuerySchema.extend({
    name: text('流程名称', 40).optional(),
    tag: refType.optional().or(z.literal('').transform(() => undefined)),
    state: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1, '状态只能是 0 或 1').optional()),
  }),
  labels: { ...PAGE_LABELS, name: '流程名称', tag: '业务类型', state: '状态' },
  answer: answer<Page<DefineRow>>(),
});

export const allDefineCall = defineCall({
  area: 'workflow',
  title: '全部流程',
  method: 'GET',
  path: 'api/v1/sys_wf/all_define',
  perm: [...TASK_SCREENS, ...DEFINE_SCREENS],
  answer: answer<DefineRow[]>(),
});

export const getStepNameCall = defineCall({
  area: 'workflow',
  title: '节点名称',
  method: 'GET',
  path: 'api/v1/sys_wf/get_step_name',
  perm: [...TASK_SCREENS, ...DEFINE_SCREENS],
  query: z.object({ define_id: id('流程') }),
  labels: { define_id: '流程' },
  answer: answer<{ node_id: string; type: string; name: string; default_name: string }[]>(),
});

const stepName = z.object({ node_id: text('节点', 40).min(1, '请选择节点'), name: text('节点名称', 40).min(1, '请输入节点名称') });

export const updateStepNameCall = defineCall({
  area: 'workflow',
  title: '修改节点名称',
  method: 'POST',
  path: 'api/v1/sys_wf/update_step_name',
  perm: WF_PERMS.stepName,
  body: z.object({ define_id: id('流程') }).extend(stepName.shape),
  labels: { define_id: '流程', node_id: '节点', name: '节点名称' },
  answer: answer<{ count: number }>(),
});

export const updateStepsNameCall = defineCall({
  area: 'workflow',
  title: '批量修改节点名称',
  method: 'POST',
  path: 'api/v1/sys_wf/update_steps_name',
  perm: WF_PERMS.stepName,
  body: z.object({ define_id: id('流程'), steps: z.array(stepName, { error: '请提供节点名称列表' }).min(1, '请至少修改一个节点').max(200, '节点最多 200 个') }),
  labels: { define_id: '流程', steps: '节点名称' },
  answer: answer<{ count: number }>(),
});

/** The 21 workflow calls, in the spec's order. */
export const WORKFLOW_CALLS = [
  wfInstanceListCall,
  instanceStepCurrentCall,
  prerunCall,
  runCall,
  newstepCall,
  wfDefinesTagCall,
  wfDefineFormCall,
  interruptCall,
  repairCall,
  recallCall,
  designerCall,
  defineSaveCall,
  defineCreateCall,
  createInstanceCall,
  defineListCall,
  allDefineCall,
  updateInstanceFormCall,
  getStepNameCall,
  updateStepNameCall,
  instanceModifyFormDataCall,
  updateStepsNameCall,
] as const;

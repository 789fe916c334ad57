import { screen, type MenuSeed } from '../menu-seed';
import { MKT_SCREEN } from '../marketing';
import { PLAN_SCREENS as P } from '../resources/marketing-plans';
import { LEAD_IMPORT_SCREEN } from '../resources/marketing-import';
import { MKT_FUNNEL_SCREEN as FS } from '../marketing-funnel';

export const order = 30;

type Button = [string, string];
const crud = (perm: string, label: string): Button[] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
];

/**
 * A screen whose buttons are granted per role (when fewer than the screen's holders). A button goes
 * only to roles that hold its screen: a granted button puts its screen in the sidebar (the sidebar
 * adds the ancestors of every granted menu), so a wider button grant would hand out the screen.
 */
function withButtons(base: MenuSeed, buttons: readonly { code: string; name: string; grants?: readonly string[] }[]): MenuSeed {
  const holders = base.grants;
  const within = (grants: readonly string[] | undefined): readonly string[] | undefined => (holders ? grants?.filter((g) => holders.includes(g)) : grants);
  return { ...base, children: buttons.map((b) => ({ name: b.name, code: b.code, type: 2 as const, grants: within(b.grants) })) };
}

// =============================================================================================
// Leads (资源), pools, distribution and telemarketing — helper mkt-leads (docs/marketing.md)
// =============================================================================================

const TMK = ['principal', 'telemarketer'] as const;
const SALES = ['principal', 'sales'] as const;
const WORKERS = ['principal', 'telemarketer', 'sales'] as const;

/**
 * Buttons of every lead screen (each screen opens the same lead drawer and dialogs). Full phones
 * (ys_phone) need 查看完整手机号和证件号, a button of 学员 and 用户管理 (the principal holds it).
 */
const LEAD_BUTTONS: readonly { code: string; name: string; grants?: readonly string[] }[] = [
  { code: 'mkt_resource_add', name: '新增资源', grants: WORKERS },
  { code: 'mkt_resource_update', name: '编辑资源', grants: WORKERS },
  { code: 'mkt_resource_delete', name: '删除资源', grants: ['principal'] },
  { code: 'mkt_resource_recover', name: '恢复资源', grants: ['principal'] },
  { code: 'mkt_resource_all', name: '查看全部资源', grants: ['principal'] },
  { code: 'mkt_resource_to_tmk', name: '转电销待分配', grants: ['principal'] },
  { code: 'mkt_resource_to_tmker', name: '分配电销', grants: ['principal'] },
  { code: 'mkt_resource_to_sale', name: '转课程顾问', grants: TMK },
  { code: 'mkt_resource_to_seller', name: '分配课程顾问', grants: ['principal'] },
  { code: 'mkt_resource_unassign', name: '取消分配', grants: ['principal'] },
  { code: 'mkt_resource_cancel_school', name: '放入公海', grants: WORKERS },
  { code: 'mkt_resource_claim', name: '领取公海资源', grants: WORKERS },
  { code: 'mkt_resource_set_important', name: '设为重点', grants: WORKERS },
  { code: 'mkt_resource_set_unimportant', name: '取消重点', grants: WORKERS },
  { code: 'mkt_resource_invalidate', name: '设为无效', grants: WORKERS },
  { code: 'mkt_resource_activited', name: '激活资源', grants: ['principal'] },
  { code: 'mkt_resource_transfer_school', name: '转校区', grants: ['principal'] },
  { code: 'mkt_resource_to_stu_load_school', name: '转为学员', grants: SALES },
  { code: 'mkt_resource_yeepay', name: '刷卡支付', grants: SALES },
  { code: 'mkt_resource_modify_app_allow', name: 'APP登录设置', grants: SALES },
  { code: 'mkt_resource_import', name: '导入资源', grants: ['principal'] },
  { code: 'mkt_record_add', name: '新增跟进记录', grants: WORKERS },
  { code: 'mkt_record_delete', name: '删除跟进记录', grants: WORKERS },
  { code: 'mkt_call_center_call', name: '外呼', grants: WORKERS },
  { code: 'mkt_call_center_send', name: '发送短信', grants: WORKERS },
];

// ---------------------------------------------------------------------------------------------
// 添加学员, 老学员添加学员, 绘本学员, AI日志 (src/contract/resources/marketing-screens.ts, docs/marketing.md)
// ---------------------------------------------------------------------------------------------

const FRONT_DESK_AND_WORKERS = ['principal', 'telemarketer', 'sales', 'front_desk'] as const;
// 老学员添加学员 picks the referring student: the roles that read students (telemarketers do not)
const STUDENT_READERS = ['principal', 'sales', 'front_desk'] as const;

const ENTRY_MENUS: readonly MenuSeed[] = [
  // a quick entry form over mkt_resource/add with the phone checked first (check_phone_repeat)
  screen('添加学员', 'marketing/add_trainees', [['mkt_resource_add', '新增资源']], { code: MKT_SCREEN.addTrainees, grants: FRONT_DESK_AND_WORKERS }),
  screen('老学员添加学员', 'marketing/students_add_trainees', [['mkt_stu_referral_add', '新增老学员转介绍']], { code: MKT_SCREEN.referral, grants: STUDENT_READERS }),
  withButtons(screen('绘本学员', 'resource/mkt_picture_book_student', [], { code: MKT_SCREEN.pictureBook, url: '/marketing/picture_book_student', grants: FRONT_DESK_AND_WORKERS }), [
    { code: 'mkt_picture_book_student_add', name: '新增绘本学员' },
    { code: 'mkt_picture_book_student_update', name: '编辑绘本学员' },
    { code: 'mkt_picture_book_student_delete', name: '删除绘本学员', grants: ['principal'] },
    { code: 'mkt_picture_book_student_recover', name: '恢复绘本学员', grants: ['principal'] },
  ]),
  screen('AI日志', 'marketing/ai_log_table', [], { code: MKT_SCREEN.aiLog, grants: WORKERS }),
];

const leadScreen = (name: string, component: string, grants: readonly string[]): MenuSeed => withButtons(screen(name, component, [], { grants }), LEAD_BUTTONS);

const LEAD_MENUS: readonly MenuSeed[] = [
  leadScreen('资源管理', 'marketing/resource', WORKERS),
  leadScreen('资源线索(公海)', 'marketing/resource_clues', WORKERS),
  leadScreen('电销待分配', 'marketing/telemarketer_to_be_assigned', ['principal']),
  leadScreen('电销已分配', 'marketing/telemarketer_assigned', TMK),
  leadScreen('已有学员', 'marketing/existing_students', SALES),
  leadScreen('无效资源', 'marketing/invalid_resource', WORKERS),
  screen('跟进记录', 'marketing/call_record', [], { grants: WORKERS }),
  screen('呼叫中心记录', 'marketing/call_center', [], { grants: ['principal'] }),
  // the import history; its 导入资源 button is the lead buttons' mkt_resource_import
  screen('资源导入', 'marketing/resource_import', [], { code: LEAD_IMPORT_SCREEN, grants: ['principal'] }),
  screen('公海规则', 'resource/mkt_pool_rule', crud('mkt_pool_rule', '公海规则'), { code: MKT_SCREEN.poolRule, url: '/marketing/pool_rule', grants: ['principal'] }),
  screen('学员分配电销', 'resource/mkt_stu_allot_tmk', crud('mkt_stu_allot_tmk', '学员分配电销'), { code: MKT_SCREEN.stuAllotTmk, url: '/marketing/stu_allot_tmk', grants: ['principal'] }),
  ...ENTRY_MENUS,
];

// ---------------------------------------------------------------------------------------------
// 市场计划: plans and targets, SMS and part-time acquirers (src/contract/resources/marketing-plans.ts)
// ---------------------------------------------------------------------------------------------

/**
 * A screen of a plan declaration: `resource/<name>`, code = the declaration's name. The screen goes
 * to `readers`; its write buttons only to `writers` (the head office, RC999, holds all anyway).
 */
function planScreen(name: string, code: string, label: string, readers: readonly string[], writers: readonly string[], extra: readonly [string, string][] = []): MenuSeed {
  const seed = screen(name, `resource/${code}`, [...crud(code, label), ...extra], { code, url: `/marketing/${code.replace(/^mkt_/, '')}`, grants: readers });
  return { ...seed, children: seed.children?.map((b) => ({ ...b, grants: writers })) };
}

const HEAD_OFFICE: readonly string[] = [];
const PRINCIPAL = ['principal'];

const PLAN_MENUS: MenuSeed = {
  name: '市场计划',
  code: 'mkt_plans',
  type: 0,
  url: '/marketing/plans',
  icon: 'chart',
  grants: ['principal', 'telemarketer', 'sales'],
  children: [
    planScreen('总部网络计划', P.hqNetwork, '总部网络计划', PRINCIPAL, HEAD_OFFICE),
    planScreen('总部渠道网络计划', P.hqChannel, '总部渠道网络计划', PRINCIPAL, HEAD_OFFICE),
    planScreen('城市网络计划', P.cityNetwork, '城市网络计划', PRINCIPAL, HEAD_OFFICE),
    planScreen('城市渠道网络计划', P.cityChannel, '城市渠道网络计划', PRINCIPAL, HEAD_OFFICE),
    planScreen('校区网络计划', P.schoolNetwork, '校区网络计划', PRINCIPAL, PRINCIPAL),
    planScreen('市场计划', P.marketPlan, '市场计划', ['principal', 'telemarketer'], PRINCIPAL),
    // not the telemarketers': the staff select reads the user list, which they do not (tests/server/read-permission)
    planScreen('市场专员目标', P.marketerTarget, '市场专员目标', PRINCIPAL, PRINCIPAL),
    planScreen('课程顾问目标', P.sellerTarget, '课程顾问目标', ['principal', 'sales'], PRINCIPAL),
    planScreen('校区签约目标', P.schoolSign, '校区签约目标', ['principal', 'sales'], PRINCIPAL),
    planScreen('学管师目标', P.taTarget, '学管师目标', PRINCIPAL, PRINCIPAL),
    planScreen('校区学管计划', P.schoolTaPlan, '校区学管计划', PRINCIPAL, PRINCIPAL),
    {
      ...screen('短信模板', 'marketing/sms_template', [], { code: P.smsTemplate, url: '/marketing/sms_template', grants: ['principal', 'telemarketer'] }),
      children: [
        ...[...crud('mkt_sms_template', '短信模板'), ...crud('mkt_sms_group', '短信分组')].map(([code, name]) => ({ name, code, type: 2 as const, grants: HEAD_OFFICE })),
        { name: '发送短信', code: 'mkt_sms_template_send', type: 2, grants: ['principal', 'telemarketer'] },
      ],
    },
    // phones in full with 查看完整手机号和证件号 (a button of 学员 and 用户管理)
    planScreen('兼职人员', P.partTimeUser, '兼职人员', PRINCIPAL, PRINCIPAL),
  ],
};

// =============================================================================================
// 招生转化: invitations, visits, trial lessons, activities, network detail and the funnel report —
// helper mkt-funnel (src/contract/resources/marketing-funnel.ts, docs/marketing.md)
// =============================================================================================

const funnelCrud = (perm: string, label: string, soft = true): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
  ...(soft ? [[`${perm}_recover`, `恢复${label}`] as [string, string]] : []),
];

const TRIAL_STUDENT_BUTTONS: [string, string][] = [
  ...funnelCrud('mkt_trial_lesson_student', '试听学员', false),
  ['mkt_trial_lesson_student_checkAttend', '试听考勤'],
  ['mkt_trial_lesson_student_withdraw', '退出试听'],
];

/** Buttons of a screen given to fewer roles than the screen: (code → roles). */
function funnelButtons(buttons: [string, string][], grants: Readonly<Record<string, readonly string[]>>): MenuSeed[] {
  return buttons.map(([code, name]) => ({ name, code, type: 2 as const, ...(grants[code] ? { grants: grants[code] } : {}) }));
}

function withFunnelButtons(base: MenuSeed, buttons: MenuSeed[]): MenuSeed {
  return { ...base, children: buttons };
}

const FUNNEL_SELLERS = ['principal', 'front_desk', 'sales'] as const;

const FUNNEL_MENUS: MenuSeed = {
  name: '招生转化',
  code: 'mkt_funnel',
  type: 0,
  url: '/marketing/funnel_screens',
  icon: 'report',
  grants: ['principal', 'front_desk', 'sales', 'telemarketer', 'teacher', 'foreign_teacher'],
  children: [
    withFunnelButtons(
      screen('邀约到访', 'resource/mkt_invite_visit', [], { code: FS.inviteVisit, url: '/marketing/invite_visit', grants: ['principal', 'front_desk', 'sales', 'telemarketer'] }),
      funnelButtons([...funnelCrud('mkt_invite_visit', '邀约'), ['mkt_invite_visit_state', '修改邀约状态']], { mkt_invite_visit_delete: ['principal'], mkt_invite_visit_recover: ['principal'] }),
    ),
    withFunnelButtons(
      screen('到访记录', 'marketing/student_visit', [], { code: FS.studentVisit, grants: FUNNEL_SELLERS }),
      funnelButtons([...funnelCrud('mkt_student_visit', '到访记录'), ['mkt_student_visit_director_notation', '主管批注']], {
        mkt_student_visit_delete: ['principal'],
        mkt_student_visit_recover: ['principal'],
        mkt_student_visit_director_notation: ['principal'],
      }),
    ),
    withFunnelButtons(
      screen('试听课', 'marketing/trial_lesson', [], { code: FS.trialLesson, grants: [...FUNNEL_SELLERS, 'teacher', 'foreign_teacher'] }),
      funnelButtons([...funnelCrud('mkt_trial_lesson', '试听课'), ...TRIAL_STUDENT_BUTTONS], {
        mkt_trial_lesson_add: ['principal', 'front_desk'],
        mkt_trial_lesson_update: ['principal', 'front_desk'],
        mkt_trial_lesson_delete: ['principal'],
        mkt_trial_lesson_recover: ['principal'],
        mkt_trial_lesson_student_add: FUNNEL_SELLERS,
        mkt_trial_lesson_student_update: FUNNEL_SELLERS,
        mkt_trial_lesson_student_delete: ['principal'],
        mkt_trial_lesson_student_withdraw: FUNNEL_SELLERS,
      }),
    ),
    withFunnelButtons(
      screen('试听学员', 'marketing/trial_lesson_student', [], { code: FS.trialStudent, grants: [...FUNNEL_SELLERS, 'telemarketer'] }),
      funnelButtons(TRIAL_STUDENT_BUTTONS, { mkt_trial_lesson_student_delete: ['principal'], mkt_trial_lesson_student_checkAttend: ['principal', 'front_desk'] }),
    ),
    withFunnelButtons(
      screen('试听课程', 'marketing/course', [], { code: FS.course, grants: [...FUNNEL_SELLERS, 'telemarketer'] }),
      funnelButtons([['mkt_trial_lesson_student_add', '预约试听']], {}),
    ),
    withFunnelButtons(
      screen('试听课表', 'marketing/timetable', [], { code: FS.timetable, grants: [...FUNNEL_SELLERS, 'telemarketer', 'teacher', 'foreign_teacher'] }),
      funnelButtons([['mkt_trial_lesson_student_add', '预约试听']], { mkt_trial_lesson_student_add: [...FUNNEL_SELLERS, 'telemarketer'] }),
    ),
    withFunnelButtons(
      screen('市场活动', 'resource/mkt_activity', [], { code: FS.activity, url: '/marketing/activity', grants: ['principal', 'sales', 'telemarketer'] }),
      funnelButtons(funnelCrud('mkt_activity', '市场活动'), { mkt_activity_delete: ['principal'], mkt_activity_recover: ['principal'] }),
    ),
    withFunnelButtons(
      screen('地推管理', 'marketing/acquiring', [], { code: FS.acquiring, grants: ['principal', 'sales'] }),
      funnelButtons([...funnelCrud('mkt_activity', '地推活动'), ...funnelCrud('mkt_acquiring_table', '地推表')], {
        mkt_activity_delete: ['principal'],
        mkt_activity_recover: ['principal'],
        mkt_acquiring_table_delete: ['principal'],
        mkt_acquiring_table_recover: ['principal'],
      }),
    ),
    withFunnelButtons(
      screen('网络明细', 'marketing/network_detail', [], { code: FS.networkDetail, grants: ['principal', 'telemarketer'] }),
      funnelButtons(funnelCrud('mkt_network_detail', '网络明细'), { mkt_network_detail_delete: ['principal'], mkt_network_detail_recover: ['principal'] }),
    ),
    screen('营销漏斗', 'marketing/funnel', [], { code: FS.funnel, grants: ['principal'] }),
  ],
};

/** 市场管理 */
export const menus: readonly MenuSeed[] = [
  {
    name: '市场管理',
    code: 'marketing',
    type: 0,
    url: '/marketing',
    icon: 'speakerphone',
    // the front desk holds 添加学员, 老学员添加学员 and 绘本学员 of it
    grants: [...WORKERS, 'front_desk'],
    children: [...LEAD_MENUS],
  },
  PLAN_MENUS,
  FUNNEL_MENUS,
];

import { screen, type MenuSeed } from '../menu-seed';
import { ALL_STAFF } from './home';
import { REPAIR_RUKU_SCREEN, REPAIR_SUCCESS_SCREEN, WF_APPLICATIONS, WF_APP_GROUPS, type WfApplication } from '../workflow-apps';
import { WF_PERMS } from '../workflow';
import { ASSET_STOCK_SCREEN } from '../workflow-assets';
import { SALE_REFUND_APPLY } from '../workflow-refund';

// after the classes area's menus, where 考勤打卡 was seeded before it had its own file
export const order = 20;

const P = WF_PERMS;

/** Operation codes of an application screen beyond 发起申请 (task center): its own submission. */
const APPLICATION_BUTTONS: Readonly<Record<string, readonly [string, string][]>> = {
  sale_refund: [[SALE_REFUND_APPLY, '提交退费申请']],
};

function applicationScreen(app: WfApplication): MenuSeed {
  return screen(app.name, `workflow/${app.key}`, APPLICATION_BUTTONS[app.key] ?? [], { code: `workflow_${app.key}`, url: `/workflow/apply/${app.key}` });
}

/** Roles that see each group of application screens (the administrator sees all). */
export const APPLICATION_GRANTS: Readonly<Record<WfApplication['group'], readonly string[]>> = {
  office: ALL_STAFF,
  student: ['principal', 'front_desk', 'sales', 'teacher', 'foreign_teacher'],
  refund: ['principal', 'sales', 'finance'],
  plan: ['principal'],
  asset: ['principal'],
};

const GROUP_ICONS: Record<WfApplication['group'], string> = { office: 'documentation', plan: 'chart', student: 'student', refund: 'money', asset: 'folder' };

/** 考勤打卡 (server/modules/workflow/clock-in.ts): every member of staff punches from the user menu. */
const clockIn: MenuSeed = {
  name: '考勤打卡',
  code: 'workflow_clock_in',
  type: 1,
  url: '/wf/clockIn',
  component: 'workflow/clock_in',
  hidden: 1,
  grants: ALL_STAFF,
  children: [
    { name: '打卡', code: 'wf_clock_in_punch', type: 2 },
    { name: '查看全部打卡', code: 'wf_clock_in_all', type: 2, grants: ['principal'] },
  ],
};

/**
 * 任务中心 (every member of staff: to-dos, done, own applications, copies) and 审批管理 (the
 * definitions and their designer for the head office, the monitor and export for principals),
 * plus the application screens of spec screens.tsv grouped by kind. Operation codes are the ones
 * the sys_wf handlers check (src/contract/workflow.ts WF_PERMS).
 */
export const approvalMenus: readonly MenuSeed[] = [
  {
    name: '任务中心',
    code: 'task_center',
    type: 0,
    url: '/task',
    icon: 'task',
    grants: ALL_STAFF,
    children: [
      screen(
        '我的待办',
        'workflow/todo_list',
        [
          [P.run, '审批'],
          [P.formEdit, '审批中修改表单'],
        ],
        { url: '/task/todo' },
      ),
      screen('已办事项', 'workflow/done_list', [], { url: '/task/done' }),
      screen(
        '我发起的',
        'workflow/my_applies',
        [
          [P.apply, '发起申请'],
          [P.recall, '撤回申请'],
        ],
        { url: '/task/my_applies' },
      ),
    ],
  },
  {
    name: '审批管理',
    code: 'workflow',
    type: 0,
    url: '/workflow',
    icon: 'workflow',
    grants: ['principal'],
    children: [
      screen(
        '流程监控',
        'workflow/module',
        [
          [P.interrupt, '终止流程'],
          [P.repair, '流程干预'],
        ],
        { url: '/workflow/module' },
      ),
      screen('审批导出', 'workflow/excel_export', [], { url: '/workflow/excel_export' }),
      // definitions are company-wide: the head office (RC999) designs them
      screen(
        '流程定义',
        'workflow/define_list',
        [
          [P.defineCreate, '新建流程'],
          [P.defineSave, '保存流程'],
          [P.stepName, '修改节点名称'],
        ],
        { url: '/workflow/define_list', grants: [] },
      ),
      screen('流程设计', 'workflow/define_edit', [], { url: '/workflow/define_edit', hidden: 1, active_menu: '/workflow/define_list', grants: [] }),
    ],
  },
  ...(Object.keys(WF_APP_GROUPS) as WfApplication['group'][]).map(
    (group): MenuSeed => ({
      name: WF_APP_GROUPS[group],
      code: `workflow_apply_${group}`,
      type: 0,
      url: `/workflow/apply_${group}`,
      icon: GROUP_ICONS[group],
      grants: APPLICATION_GRANTS[group],
      children: [
        ...WF_APPLICATIONS.filter((a) => a.group === group).map(applicationScreen),
        // 报修申请's sub-screens: 申请成功 (opened after sending) and 维修入库 (a repaired item back into stock, for those who hold the stock)
        ...(group === 'office'
          ? [
              screen('报修申请成功', 'workflow/repair_success', [], { code: REPAIR_SUCCESS_SCREEN, url: '/workflow/apply/repair/success', hidden: 1, active_menu: '/workflow/apply/repair' }),
              screen('维修入库', 'workflow/repair_ruku', [], { code: REPAIR_RUKU_SCREEN, url: '/workflow/apply/repair/ruku', grants: APPLICATION_GRANTS.asset }),
            ]
          : []),
        // the stock the asset applications move (server/modules/workflow/assets.ts)
        ...(group === 'asset' ? [screen('资产库存', 'workflow/asset_stock', [], { code: ASSET_STOCK_SCREEN, url: '/workflow/asset_stock' })] : []),
      ],
    }),
  ),
];

export const menus: readonly MenuSeed[] = [clockIn, ...approvalMenus];

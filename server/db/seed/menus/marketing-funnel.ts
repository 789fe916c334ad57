import { screen, type MenuSeed } from '../menu-seed';
import { MKT_FUNNEL_SCREEN as S } from '../../../../src/contract/marketing-funnel';

/**
 * 营销管理, the funnel's block (invitations, visits, trial lessons, activities, network detail, the
 * funnel report). The leads' screens and the plans' screens are the other blocks of the same
 * directory (code `marketing`): menus of one directory code from several seed files land in one
 * directory (menu-sync keys a menu by its path of codes). Loaded after marketing.ts (`order`).
 */
export const order = 31;

const crud = (perm: string, label: string, soft = true): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
  ...(soft ? [[`${perm}_recover`, `恢复${label}`] as [string, string]] : []),
];

const TRIAL_STUDENT_BUTTONS: [string, string][] = [
  ...crud('mkt_trial_lesson_student', '试听学员', false),
  ['mkt_trial_lesson_student_checkAttend', '试听考勤'],
  ['mkt_trial_lesson_student_withdraw', '退出试听'],
];

/** Buttons of a screen given to fewer roles than the screen: (code → roles). */
function limit(buttons: [string, string][], grants: Readonly<Record<string, readonly string[]>>): MenuSeed[] {
  return buttons.map(([code, name]) => ({ name, code, type: 2 as const, ...(grants[code] ? { grants: grants[code] } : {}) }));
}

function withButtons(base: MenuSeed, buttons: MenuSeed[]): MenuSeed {
  return { ...base, children: buttons };
}

const SELLERS = ['principal', 'front_desk', 'sales'] as const;

export const menus: readonly MenuSeed[] = [
  {
    name: '营销管理',
    code: 'marketing',
    type: 0,
    url: '/marketing',
    icon: 'marketing',
    grants: ['principal', 'front_desk', 'sales', 'telemarketer', 'teacher', 'foreign_teacher'],
    children: [
      withButtons(
        screen('邀约到访', 'resource/mkt_invite_visit', [], { code: S.inviteVisit, url: '/marketing/invite_visit', grants: ['principal', 'front_desk', 'sales', 'telemarketer'] }),
        limit([...crud('mkt_invite_visit', '邀约'), ['mkt_invite_visit_state', '修改邀约状态']], { mkt_invite_visit_delete: ['principal'], mkt_invite_visit_recover: ['principal'] }),
      ),
      withButtons(
        screen('到访记录', 'marketing/student_visit', [], { code: S.studentVisit, grants: SELLERS }),
        limit([...crud('mkt_student_visit', '到访记录'), ['mkt_student_visit_director_notation', '主管批注']], {
          mkt_student_visit_delete: ['principal'],
          mkt_student_visit_recover: ['principal'],
          mkt_student_visit_director_notation: ['principal'],
        }),
      ),
      withButtons(
        screen('试听课', 'marketing/trial_lesson', [], { code: S.trialLesson, grants: [...SELLERS, 'teacher', 'foreign_teacher'] }),
        limit([...crud('mkt_trial_lesson', '试听课'), ...TRIAL_STUDENT_BUTTONS], {
          mkt_trial_lesson_add: ['principal', 'front_desk'],
          mkt_trial_lesson_update: ['principal', 'front_desk'],
          mkt_trial_lesson_delete: ['principal'],
          mkt_trial_lesson_recover: ['principal'],
          mkt_trial_lesson_student_add: SELLERS,
          mkt_trial_lesson_student_update: SELLERS,
          mkt_trial_lesson_student_delete: ['principal'],
          mkt_trial_lesson_student_withdraw: SELLERS,
        }),
      ),
      withButtons(
        screen('试听学员', 'marketing/trial_lesson_student', [], { code: S.trialStudent, grants: [...SELLERS, 'telemarketer'] }),
        limit(TRIAL_STUDENT_BUTTONS, { mkt_trial_lesson_student_delete: ['principal'], mkt_trial_lesson_student_checkAttend: ['principal', 'front_desk'] }),
      ),
      withButtons(
        screen('试听课程', 'marketing/course', [], { code: S.course, grants: [...SELLERS, 'telemarketer'] }),
        limit([['mkt_trial_lesson_student_add', '预约试听']], {}),
      ),
      withButtons(
        screen('试听课表', 'marketing/timetable', [], { code: S.timetable, grants: [...SELLERS, 'telemarketer', 'teacher', 'foreign_teacher'] }),
        limit([['mkt_trial_lesson_student_add', '预约试听']], { mkt_trial_lesson_student_add: [...SELLERS, 'telemarketer'] }),
      ),
      withButtons(
        screen('市场活动', 'resource/mkt_activity', [], { code: S.activity, url: '/marketing/activity', grants: ['principal', 'sales', 'telemarketer'] }),
        limit(crud('mkt_activity', '市场活动'), { mkt_activity_delete: ['principal'], mkt_activity_recover: ['principal'] }),
      ),
      withButtons(
        screen('地推管理', 'marketing/acquiring', [], { code: S.acquiring, grants: ['principal', 'sales'] }),
        limit([...crud('mkt_activity', '地推活动'), ...crud('mkt_acquiring_table', '地推表')], {
          mkt_activity_delete: ['principal'],
          mkt_activity_recover: ['principal'],
          mkt_acquiring_table_delete: ['principal'],
          mkt_acquiring_table_recover: ['principal'],
        }),
      ),
      withButtons(
        screen('网络明细', 'marketing/network_detail', [], { code: S.networkDetail, grants: ['principal', 'telemarketer'] }),
        limit(crud('mkt_network_detail', '网络明细'), { mkt_network_detail_delete: ['principal'], mkt_network_detail_recover: ['principal'] }),
      ),
      screen('营销漏斗', 'marketing/funnel', [], { code: S.funnel, grants: ['principal'] }),
    ],
  },
];

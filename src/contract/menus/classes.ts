import { kept, screen, type MenuSeed } from '../menu-seed';

export const order = 20;

const crud = (perm: string, label: string): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
];

const TEACHERS = ['teacher', 'foreign_teacher'] as const;

/** Buttons that only the head office (RC999, which holds every menu) may use: granted to no demo role. */
function headOffice(buttons: readonly [string, string][]): Record<string, readonly string[]> {
  return Object.fromEntries(buttons.map(([code]) => [code, []]));
}

/** A screen whose buttons are granted to fewer roles than the screen itself. */
function withButtonGrants(seed: MenuSeed, grants: Readonly<Record<string, readonly string[]>>): MenuSeed {
  return { ...seed, children: seed.children?.map((b) => (grants[b.code] ? { ...b, grants: grants[b.code] } : b)) };
}

/**
 * 教务管理 and 基础数据 of the classes area (server/modules/classes). Operation codes are the
 * codes the handlers check; RC999 passes all of them.
 */
export const menus: readonly MenuSeed[] = [
  {
    name: '教务管理',
    code: 'educational',
    type: 0,
    url: '/educational',
    icon: 'school',
    grants: ['principal', 'front_desk', ...TEACHERS],
    children: [
      withButtonGrants(
        screen(
          '班级管理',
          'classes/class_manage',
          [
            ...crud('base_class_manage', '班级'),
            ['base_class_manage_update_cm_state', '修改班级状态'],
            ['base_class_manage_update_kf', '设置班级客服'],
            ...crud('edu_sc_class_tea', '班级老师'),
            ...crud('edu_class_time_range', '上课时间段'),
            ['stu_class_join', '学员入班'],
            ['stu_class_join_warm_up_class', '加入热身班'],
            ['stu_class_withdraw', '学员退班'],
            ...crud('ct_transfer', '转班'),
            ...crud('edu_course_schedule', '教学计划'),
            ['edu_course_schedule_review', '审核教学计划'],
            ['edu_course_schedule_level_delete', '按层级删除教学计划'],
            ...crud('tch_course_content_tmpl', '课程内容模板'),
          ],
          { ...kept('base/class_manage'), grants: ['principal', 'front_desk'] },
        ),
        // the front desk enrols and keeps classes up to date; removing and reviewing is the principal's
        Object.fromEntries(
          [
            'base_class_manage_delete',
            'edu_sc_class_tea_delete',
            'edu_class_time_range_delete',
            'ct_transfer_delete',
            'edu_course_schedule_delete',
            'edu_course_schedule_review',
            'edu_course_schedule_level_delete',
            'tch_course_content_tmpl_delete',
          ].map((code) => [code, ['principal']]),
        ),
      ),
      screen('班级详情', 'classes/class_detail', [], { ...kept('base/class_detail'), hidden: 1, active_menu: '/base/class_manage', grants: ['principal', 'front_desk', ...TEACHERS] }),
      withButtonGrants(
        screen(
          '课表',
          'classes/timetable',
          [
            ...crud('edu_class_schedule', '课次'),
            ['edu_class_schedule_revise', '调整课次'],
            ['edu_class_schedule_exchange', '交换课次'],
            ['edu_class_schedule_replace_teacher', '更换老师'],
            ['edu_class_schedule_update_batch', '批量修改'],
            ['edu_class_schedule_delete_schedule', '按班级删课'],
            ['edu_class_schedule_re_arrange', '批量重排'],
            ...crud('edu_class_schedule_student', '上课学员'),
            ['plan_edu_class_schedule_apply_put', '调课申请'],
            ['plan_edu_class_schedule_apply_abort', '中止调课申请'],
          ],
          { ...kept('educational/timetable'), grants: ['principal', 'front_desk', ...TEACHERS] },
        ),
        {
          edu_class_schedule_add: ['principal'],
          edu_class_schedule_update: ['principal'],
          edu_class_schedule_delete: ['principal'],
          edu_class_schedule_revise: ['principal'],
          edu_class_schedule_exchange: ['principal'],
          edu_class_schedule_replace_teacher: ['principal'],
          edu_class_schedule_update_batch: ['principal'],
          edu_class_schedule_delete_schedule: ['principal'],
          edu_class_schedule_re_arrange: ['principal'],
          edu_class_schedule_student_add: ['principal', 'front_desk'],
          edu_class_schedule_student_update: ['principal', 'front_desk'],
          edu_class_schedule_student_delete: ['principal', 'front_desk'],
          plan_edu_class_schedule_apply_put: [...TEACHERS],
          plan_edu_class_schedule_apply_abort: ['principal', ...TEACHERS],
        },
      ),
      screen('排课', 'classes/arrange', [['edu_class_schedule_arrange', '排课'], ...crud('base_auto_cs_time_set', '排课时间段')], { ...kept('educational/arrange'), grants: ['principal'] }),
      screen(
        '前台签到',
        'classes/front_desk_check_in',
        [
          ['edu_check_in_add', '签到'],
          ['edu_check_in_patch', '修改考勤'],
        ],
        { ...kept('educational/front_desk_check_in'), grants: ['principal', 'front_desk'] },
      ),
      screen('老师点名', 'classes/teacher_check_in', [['edu_check_in_add', '点名签到']], { ...kept('educational/teacher_check_in'), grants: ['principal', ...TEACHERS] }),
      screen(
        '考勤记录',
        'classes/check_in',
        [
          ['edu_check_in_patch', '修改考勤'],
          ['edu_check_in_prolong', '延长签到期限'],
          ['edu_class_schedule_undo_attendance', '撤销考勤'],
          ...crud('edu_undo_group', '撤销组'),
          ['edu_undo_group_abort', '中止撤销组'],
        ],
        { ...kept('educational/check_in'), grants: ['principal'] },
      ),
      screen(
        '请假与补课',
        'classes/leave_makeup',
        [
          ['edu_stu_leave_add', '登记请假'],
          ['edu_stu_leave_update', '编辑请假'],
          ['edu_stu_leave_delete', '撤销请假'],
          ['edu_stu_leave_makeup', '安排补课'],
        ],
        { ...kept('educational/leave_makeup'), grants: ['principal', 'front_desk'] },
      ),
      screen('缺勤记录', 'classes/absence', [], { ...kept('educational/absence'), grants: ['principal', 'front_desk', ...TEACHERS] }),
      screen('考勤进度', 'classes/attendance_progress', [], { ...kept('educational/attendance_progress'), grants: ['principal', 'front_desk', ...TEACHERS] }),
      screen('老师请假', 'classes/tea_leave', crud('edu_tea_leave_management', '老师请假'), { ...kept('educational/tea_leave'), grants: ['principal'] }),
      screen('班级数据', 'classes/class_data', [], { ...kept('educational/class_data'), grants: ['principal'] }),
    ],
  },
  {
    name: '基础数据',
    code: 'base',
    type: 0,
    url: '/base',
    icon: 'database',
    grants: ['principal'],
    children: [
      // company-wide holidays, swap days and class types are the head office's (RC999); a principal
      // keeps their campuses' own holidays and swap days and sees the class types
      withButtonGrants(screen('节假日设置', 'classes/holiday_set', [...crud('base_holiday_set', '节假日'), ...crud('base_holiday_set_school', '校区节假日')], kept('base/holiday_set')), headOffice(crud('base_holiday_set', ''))),
      withButtonGrants(screen('调休日', 'classes/swap_day', [...crud('base_swap_day', '调休日'), ...crud('base_swap_day_school', '校区调休日')], kept('base/swap_day')), headOffice(crud('base_swap_day', ''))),
      // 教室: declared with its list (classroomResource.menu)
      withButtonGrants(
        screen('班型', 'products/class_type', [
          ...crud('prod_class_type', '班型'),
          ['prod_class_type_recover', '恢复班型'],
          ['prod_class_type_visible', '设置可见'],
          ['prod_class_type_protocol', '编辑协议'],
        ]),
        headOffice([...crud('prod_class_type', ''), ['prod_class_type_recover', ''], ['prod_class_type_visible', ''], ['prod_class_type_protocol', '']]),
      ),
    ],
  },
];

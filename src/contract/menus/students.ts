import { screen, type MenuSeed } from '../menu-seed';
import { STUDENT_SCREEN as S } from '../students';
import { FULL_VALUE_LABEL, FULL_VALUE_PERM } from '../mask';
import { STUDENT_VIEWS, viewComponent } from '../student-views';
import { STUDENT_IMPORT_PERM, STUDENT_IMPORT_SCREEN } from '../student-import';

export const order = 15;

const crud = (perm: string, label: string): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
];

const FRONT = ['principal', 'front_desk', 'sales'] as const;
// telemarketers work leads (marketing), not students: they read no student (tests/server/read-permission)
const EVERYONE = ['principal', 'front_desk', 'sales', 'teacher', 'foreign_teacher'] as const;

/** Who may see each view besides the principal, the front desk and the course consultants. */
const VIEW_GRANTS: Readonly<Record<string, readonly string[]>> = {
  all: EVERYONE,
  existing: [...FRONT, 'teacher', 'foreign_teacher'],

  integral: [...FRONT, 'teacher'],
  warm_up: [...FRONT, 'teacher', 'foreign_teacher'],
};

/** Buttons of the student hub (全部学员 and every view open it): who may use each, when fewer than the screen's holders. */
const HUB_BUTTONS: readonly { code: string; name: string; grants?: readonly string[] }[] = [
  ...crud('student', '学员').map(([code, name]) => ({ code, name, grants: code === 'student_delete' ? ['principal'] : FRONT })),
  { code: 'student_recover', name: '恢复学员', grants: ['principal'] },
  // phones and ID numbers unmasked (server/lib/mask.ts)
  { code: FULL_VALUE_PERM, name: FULL_VALUE_LABEL, grants: FRONT },
  { code: 'student_change_state', name: '变更学员状态', grants: FRONT },
  { code: 'student_onoff_exempt', name: '设置免考勤', grants: ['principal', 'front_desk'] },
  { code: 'student_add_integral', name: '增加积分', grants: ['principal', 'front_desk', 'teacher'] },
  { code: 'student_reduce_integral', name: '扣减积分', grants: ['principal', 'front_desk'] },
  { code: 'student_apply_freeze', name: '申请冻结', grants: FRONT },
  ...crud('stu_parent', '家长').map(([code, name]) => ({ code, name, grants: code.endsWith('delete') ? ['principal', 'front_desk'] : FRONT })),
  { code: 'stu_parent_recover', name: '恢复家长', grants: ['principal'] },
  { code: 'student_stop_apply_add', name: '申请停课', grants: FRONT },
  { code: 'student_stop_apply_delete', name: '删除停课申请', grants: ['principal', 'front_desk'] },
  ...crud('student_attract_traffic', '引流记录').map(([code, name]) => ({ code, name, grants: FRONT })),
  ...crud('stu_class_type_textbook', '学员教材').map(([code, name]) => ({ code, name, grants: ['principal', 'front_desk'] })),
  ...crud('student_score', '学员成绩').map(([code, name]) => ({ code, name, grants: ['principal', 'front_desk', 'teacher', 'foreign_teacher'] })),
  ...crud('tch_stu_score', '教师评分').map(([code, name]) => ({ code, name, grants: ['principal', 'teacher', 'foreign_teacher'] })),
  ...crud('student_kw_jfx', '知识点分析').map(([code, name]) => ({ code, name, grants: ['principal', 'teacher', 'foreign_teacher'] })),
  ...crud('student_rz_integral', '认证积分').map(([code, name]) => ({ code, name, grants: ['principal', 'front_desk', 'teacher'] })),
];

function viewScreen(key: string): MenuSeed {
  const view = STUDENT_VIEWS.find((v) => v.key === key);
  if (!view) throw new Error(`no student view ${key}`);
  const component = viewComponent(view);
  const base = screen(view.title, component, [], { code: view.code, url: `/${component}`, grants: VIEW_GRANTS[key] ?? FRONT });
  if (key !== 'all') return base;
  return { ...base, children: HUB_BUTTONS.map((b) => ({ name: b.name, code: b.code, type: 2 as const, grants: b.grants })) };
}

/**
 * 学员管理: the student views of the inventory, the student search, parents and freezes
 * (src/contract/student-views.ts, server/modules/students).
 */
export const menus: readonly MenuSeed[] = [
  {
    name: '学员管理',
    code: 'students',
    type: 0,
    url: '/students',
    icon: 'users',
    grants: EVERYONE,
    children: [
      viewScreen('all'),
      screen('学员查询', 'students/search_list', [], { code: S.searchList, grants: EVERYONE }),
      screen('家长管理', 'students/parent', [], { code: S.parent, grants: FRONT }),
      ...STUDENT_VIEWS.filter((v) => v.key !== 'all').map((v) => viewScreen(v.key)),
      // a view of 学员赠品: 发放 and 退回 are that screen's buttons (orders-extras.ts), held by the same roles
      screen('老学员赠品', 'students/old_student_gift', [], { code: S.oldStudentGift, grants: FRONT }),
      screen(
        '冻结学员',
        'students/freeze',
        [
          ['student_check_freeze', '审核冻结'],
          ['student_freeze_rollback', '撤回冻结'],
          ...crud('student_freeze_off_apply', '解冻申请'),
          ['student_freeze_off_apply_check', '审核解冻申请'],
          ['student_stop_apply_check', '审核停课申请'],
        ],
        { code: S.freeze, grants: ['principal', 'front_desk'] },
      ),
      // Excel import of students with parents: the history, the dry run and the chunked import
      screen('学员导入', 'students/import', [[STUDENT_IMPORT_PERM, '导入学员']], { code: STUDENT_IMPORT_SCREEN, grants: ['principal', 'front_desk'] }),
    ],
  },
];

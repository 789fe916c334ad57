import { STUDENT_SCREEN } from './student-screens';

/**
 * The student screens of the inventory that are filtered views of students (spec doc 001 §2
 * "Students"): each is declared here once, with its filters and its columns, and rendered by the
 * one view screen (src/features/students) on the student declaration's page call. Menus name them
 * by `component` (src/contract/menus/students.ts).
 *
 * - `fixed`: filters every call carries (declared filters of student/page);
 * - `view`: a server-side selection the declared filters cannot say (server/modules/students/views.ts);
 * - `relative`: date filters relative to today, computed when the screen asks;
 * - `source`: another call than student/page answers the rows.
 */
export type StudentViewKey =
  | 'all'
  | 'existing'
  | 'old'
  | 'overdue'
  | 'refund'
  | 'stay_open'
  | 'unusual'
  | 'warm_up'
  | 'conclusion_loss'
  | 'material'
  | 'ai_customer'
  | 'run_non_course'
  | 'my_entered'
  | 'attract'
  | 'transfer'
  | 'integral';

/** Selections of `view=` the student page understands besides its declared filters. */
export const SERVER_VIEWS = ['old', 'stay_open', 'unusual', 'material', 'run_non_course', 'attract', 'transfer'] as const;
export type ServerView = (typeof SERVER_VIEWS)[number];

export interface StudentView {
  key: StudentViewKey;
  title: string;
  /** menu code of the screen */
  code: string;
  /** a sentence under the title: what the view lists */
  hint: string;
  fixed?: Readonly<Record<string, string | number>>;
  view?: ServerView;
  relative?: { field: string; end: 'yesterday' };
  source?: 'page' | 'my_entered' | 'warm_up_student';
  /** declared fields offered in the search form (the campus filter is added for multi-campus users) */
  search: readonly string[];
  /** declared fields shown (plus the campus), and the computed 年龄, 年龄段 and 标签 (student/tags) */
  columns: readonly string[];
  defaultSort?: string;
}

const BASE_COLUMNS = ['name', 'tags', 'gender', 'age', 'age_group', 'grade', 'parent_name', 'parent_phone', 'state', 'seller_id', 'teacher_id'] as const;
const BASE_SEARCH = ['name', 'parent_phone', 'grade', 'seller_id'] as const;

export const STUDENT_VIEWS: readonly StudentView[] = [
  { key: 'all', title: '全部学员', code: STUDENT_SCREEN.all, hint: '所辖校区的全部学员', search: [...BASE_SEARCH, 'state', 'source', 'birthday'], columns: [...BASE_COLUMNS, 'source', 'integral'] },
  { key: 'existing', title: '在读学员', code: STUDENT_SCREEN.existing, hint: '状态为在读的学员', fixed: { state: 1 }, search: BASE_SEARCH, columns: [...BASE_COLUMNS, 'valid_until'] },
  { key: 'old', title: '老学员', code: STUDENT_SCREEN.old, hint: '入学满一年仍在读或已结课的学员', view: 'old', search: BASE_SEARCH, columns: [...BASE_COLUMNS, 'integral'] },
  {
    key: 'overdue',
    title: '逾期学员',
    code: STUDENT_SCREEN.overdue,
    hint: '在读但课程有效期已过的学员',
    fixed: { state: 1 },
    relative: { field: 'valid_until', end: 'yesterday' },
    search: BASE_SEARCH,
    columns: [...BASE_COLUMNS, 'valid_until'],
    defaultSort: 'valid_until',
  },
  { key: 'refund', title: '退费学员', code: STUDENT_SCREEN.refund, hint: '已退费的学员', fixed: { state: 4 }, search: BASE_SEARCH, columns: BASE_COLUMNS },
  { key: 'stay_open', title: '待开班学员', code: STUDENT_SCREEN.stayOpen, hint: '在读但尚未进入任何班级的学员', view: 'stay_open', search: BASE_SEARCH, columns: BASE_COLUMNS },
  { key: 'unusual', title: '异常学员', code: STUDENT_SCREEN.unusual, hint: '在读、不免考勤，但近30天没有出勤记录的学员', view: 'unusual', search: BASE_SEARCH, columns: [...BASE_COLUMNS, 'is_exempt'] },
  { key: 'warm_up', title: '热身班学员', code: STUDENT_SCREEN.warmUp, hint: '正在热身班中的学员', source: 'warm_up_student', search: ['name', 'parent_phone'], columns: ['name', 'gender', 'age', 'age_group', 'parent_name', 'parent_phone', 'class_name', 'join_date', 'state'] },
  {
    key: 'conclusion_loss',
    title: '结课流失学员',
    code: STUDENT_SCREEN.conclusionLoss,
    hint: '已结课或已流失的学员',
    fixed: { state: '3,8' },
    search: BASE_SEARCH,
    columns: BASE_COLUMNS,
  },
  { key: 'material', title: '教材学员', code: STUDENT_SCREEN.material, hint: '有教材发放记录的学员', view: 'material', search: BASE_SEARCH, columns: BASE_COLUMNS },
  { key: 'ai_customer', title: 'AI客户', code: STUDENT_SCREEN.aiCustomer, hint: '来源为 AI外呼 的学员', fixed: { source: 7 }, search: [...BASE_SEARCH, 'state'], columns: [...BASE_COLUMNS, 'tmk_id'] },
  { key: 'run_non_course', title: '无课程学员', code: STUDENT_SCREEN.runNonCourse, hint: '在读但没有剩余课时的学员', view: 'run_non_course', search: BASE_SEARCH, columns: BASE_COLUMNS },
  { key: 'my_entered', title: '我录入的学员', code: STUDENT_SCREEN.myEntered, hint: '由我录入的学员', source: 'my_entered', search: ['name', 'parent_phone', 'state'], columns: [...BASE_COLUMNS, 'source'] },
  { key: 'attract', title: '引流学员', code: STUDENT_SCREEN.attract, hint: '有引流记录的学员', view: 'attract', search: [...BASE_SEARCH, 'state'], columns: [...BASE_COLUMNS, 'source', 'pusher_id'] },
  { key: 'transfer', title: '转班学员', code: STUDENT_SCREEN.transfer, hint: '有转班记录的学员（班级详情里办理转班）', view: 'transfer', search: [...BASE_SEARCH, 'state'], columns: BASE_COLUMNS },
  { key: 'integral', title: '积分学员', code: STUDENT_SCREEN.integral, hint: '学员积分，点击明细查看积分流水', search: [...BASE_SEARCH, 'state'], columns: ['name', 'gender', 'age', 'parent_name', 'parent_phone', 'state', 'integral'], defaultSort: 'integral desc' },
];

export function studentView(key: string): StudentView | undefined {
  return STUDENT_VIEWS.find((v) => v.key === key);
}

/** The menu component key of a view's screen. */
export function viewComponent(view: StudentView): string {
  return `students/${view.key}`;
}

import { screen, type MenuSeed } from '../menu-seed';
import { TEACHING_RECORD_SCREENS as R } from '../resources/teaching-records';

export const order = 22;

const crud = (perm: string, label: string): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
];

const HEAD_OFFICE: readonly string[] = [];
const PRINCIPAL = ['principal'];
const TEACHERS = ['principal', 'teacher', 'foreign_teacher'];

/** A screen whose buttons only `writers` get (RC999 holds all anyway). */
function withWriters(seed: MenuSeed, writers: readonly string[]): MenuSeed {
  return { ...seed, children: seed.children?.map((b) => ({ ...b, grants: writers })) };
}

/** The list screen of a teaching record declaration: `resource/<name>`, code = the declaration's name. */
function recordScreen(name: string, code: string, label: string, readers: readonly string[], writers: readonly string[]): MenuSeed {
  return withWriters(screen(name, `resource/${code}`, crud(code, label), { code, url: `/teaching/${code}`, grants: readers }), writers);
}

/**
 * 教学管理: the teaching screens of the inventory (课堂反馈, 月度数据, 学员成绩, 周数据报告,
 * 外教学员评分; src/features/teaching) and the teaching records (外教考勤 … 客诉工单; declarations
 * of src/contract/resources/teaching-records.ts).
 */
const TEACHING_MENUS: MenuSeed = {
  name: '教学管理',
  code: 'teaching',
  type: 0,
  url: '/teaching',
  icon: 'education',
  grants: ['principal', 'teacher', 'foreign_teacher', 'front_desk'],
  children: [
    withWriters(
      screen('课堂反馈', 'teaching/classroom_feedback', [
        ...crud('tch_class_content', '课堂内容'),
        ...crud('tch_class_feedback', '课堂反馈'),
        ...crud('tch_class_memoir', '课堂回忆录'),
        ...crud('tch_class_assignment', '课后作业'),
        ...crud('tch_class_review', '课堂点评'),
        ...crud('tch_parent_rating', '家长评分'),
        ...crud('tch_homework', '作业'),
        ...crud('tch_homework_submit', '作业批改'),
      ], { grants: TEACHERS }),
      TEACHERS,
    ),
    withWriters(screen('月度数据', 'teaching/month_data', [...crud('tch_month_data', '月度教学数据'), ...crud('tch_month_lead', '转介绍资源')], { grants: ['principal', 'teacher'] }), PRINCIPAL),
    withWriters(
      screen('学员成绩', 'teaching/student_results', [...crud('tch_stu_beyond', '拔高测评'), ...crud('tch_stu_coumap', '课程地图'), ...crud('tch_stu_om', '口语测评')], { grants: TEACHERS }),
      TEACHERS,
    ),
    withWriters(screen('周数据报告', 'teaching/week_data_report', crud('tch_week_report', '周数据报告'), { grants: TEACHERS }), TEACHERS),
    withWriters(screen('外教学员评分', 'teaching/ft_studying_student_score', crud('tch_ft_stu_score', '外教学员评分'), { grants: TEACHERS }), ['principal', 'foreign_teacher']),
    recordScreen('外教考勤', R.cam, '外教考勤', ['principal', 'foreign_teacher'], PRINCIPAL),
    recordScreen('外教月度考核', R.fas, '外教月度考核', PRINCIPAL, PRINCIPAL),
    recordScreen('外教档案', R.ft, '外教档案', ['principal', 'foreign_teacher'], PRINCIPAL),
    recordScreen('听课评估', R.oa, '听课评估', TEACHERS, ['principal', 'teacher']),
    recordScreen('班级成绩', R.classPm, '班级成绩', TEACHERS, TEACHERS),
    recordScreen('教学进度', R.si, '教学进度', TEACHERS, ['principal', 'teacher']),
    recordScreen('学习报告模板', R.reportTemplate, '学习报告模板', ['principal', 'teacher'], HEAD_OFFICE),
    recordScreen('校区经营计划', R.cmpPlan, '校区经营计划', PRINCIPAL, PRINCIPAL),
    recordScreen('日报生成规则', R.cmpGenRule, '日报生成规则', PRINCIPAL, HEAD_OFFICE),
    recordScreen('客诉工单', R.complaint, '客诉工单', ['principal', 'front_desk'], ['principal', 'front_desk']),
  ],
};

export const menus: readonly MenuSeed[] = [TEACHING_MENUS];

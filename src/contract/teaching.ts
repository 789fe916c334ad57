import { z } from './zod';
import { answer, defineCall } from './call';
import { optionalIdField, optionalTextField } from './fields';
import { TEACHING_SCREENS_MENU as M } from './resources/teaching-results';

/**
 * Special calls of the teaching area (server/modules/teaching/results.ts); the list calls come
 * from the declarations in resources/teaching-records.ts and resources/teaching-results.ts.
 */

/** One class's results in one test: what 学员成绩 › 成绩统计 shows (from tch_stu_class_pm). */
export interface ClassResultStats {
  school_id: number;
  class_id: number;
  class_name: string | null;
  exam_name: string;
  /** the test's latest date */
  exam_date: string;
  students: number;
  /** the average mark as a percentage of the full mark, in hundredths (8650 = 86.50%) */
  avg_percent: number;
  max_score: number;
  min_score: number;
  /** students at 60% of the full mark or more, as a whole percentage */
  pass_rate: number;
}

export const classResultStatsCall = defineCall({
  area: 'teaching',
  title: '成绩统计',
  method: 'GET',
  path: 'api/v1/tch_stu_class_pm/statistics',
  perm: [M.studentResults, 'tch_stu_class_pm'],
  query: z.object({
    class_id: optionalIdField('班级'),
    exam_name: optionalTextField('考试名称', 64),
    school_id: optionalIdField('校区'),
  }),
  labels: { class_id: '班级', exam_name: '考试名称', school_id: '校区' },
  answer: answer<{ content: ClassResultStats[]; totalSize: number }>(),
});

/** Most rows one lookup answers. */
export const FEEDBACK_LOOKUP_MAX = 200;

/** A lesson's classroom feedback, as the lookup by ids answers it (tch_class_feedback). */
export interface ClassFeedbackRow {
  id: number;
  school_id: number;
  class_id: number;
  class_name: string | null;
  lesson_date: string;
  teacher_id: number;
  teacher_name: string | null;
  content: string;
}

/**
 * The spec's "classroom feedback lookup by ids" (path not shown; chosen: tch_class_feedback/by_ids):
 * `ids=1,2,3`; answers the rows of those ids in the caller's campuses, in the order asked. An id
 * missing or outside the caller's campuses is left out (as missing).
 */
export const classFeedbackByIdsCall = defineCall({
  area: 'teaching',
  title: '按编号查课堂反馈',
  method: 'GET',
  path: 'api/v1/tch_class_feedback/by_ids',
  perm: [M.classroomFeedback],
  query: z.object({
    ids: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
      z
        .array(z.coerce.number({ error: 'id 必须是数字' }).int('id 必须是整数').positive('id 必须是正整数'), { error: '请提供课堂反馈 id' })
        .min(1, '请提供课堂反馈 id')
        .max(FEEDBACK_LOOKUP_MAX, `一次最多查询 ${FEEDBACK_LOOKUP_MAX} 条`),
    ),
  }),
  labels: { ids: '课堂反馈' },
  answer: answer<ClassFeedbackRow[]>(),
});

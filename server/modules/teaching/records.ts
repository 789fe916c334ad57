import type { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { mountResource, type ResourceHooks } from '../../lib/resource-routes';
import type { ResourceDef } from '../../../src/contract/resource';
import {
  TEACHING_RECORD_RESOURCES,
  classPmResource,
  cmpPlanResource,
  teacherCamResource,
  teacherFasResource,
  teacherFtResource,
  teacherOaResource,
} from '../../../src/contract/resources/teaching-records';
import {
  TEACHING_RESULT_RESOURCES,
  beyondResource,
  ftStudentScoreResource,
  homeworkResource,
  monthDataResource,
  oralMarkResource,
} from '../../../src/contract/resources/teaching-results';
import { allOf, inOrder, oneRowPer, totalOf, withinFullMark } from './record-rules';

/** The rules of each teaching declaration that has any (the others are plain lists). */
const RULES = new Map<ResourceDef, ResourceHooks>([
  [
    teacherCamResource,
    allOf(
      oneRowPer(['teacher_id', 'work_date'], (r) => `该外教${String(r.work_date)}的考勤已存在，请直接编辑`),
      inOrder('sign_in_time', 'sign_out_time', '签退时间不能早于签到时间'),
    ),
  ],
  [
    teacherFasResource,
    allOf(
      totalOf(['teaching_score', 'attendance_score', 'feedback_score', 'cooperation_score']),
      oneRowPer(['teacher_id', 'assess_month'], (r) => `该外教${String(r.assess_month)}的考核已存在，请直接编辑`),
    ),
  ],
  // a teacher may have several files over the years (each contract): no one-per-teacher rule
  [teacherFtResource, allOf(inOrder('contract_start', 'contract_end', '合同结束不能早于合同开始'))],
  [teacherOaResource, allOf(totalOf(['preparation_score', 'delivery_score', 'interaction_score', 'management_score']))],
  [classPmResource, allOf(withinFullMark('score', 'full_score', '成绩不能高于满分'))],
  [cmpPlanResource, allOf(oneRowPer(['plan_month'], (r) => `${String(r.plan_month)}的校区经营计划已存在，请直接编辑`))],
  [homeworkResource, allOf(inOrder('assign_date', 'due_date', '截止日期不能早于布置日期'))],
  [monthDataResource, allOf(oneRowPer(['data_month'], (r) => `${String(r.data_month)}的月度教学数据已存在，请直接编辑`))],
  [beyondResource, allOf(withinFullMark('score', 'full_score', '成绩不能高于满分'))],
  [oralMarkResource, allOf(totalOf(['pronunciation', 'fluency', 'vocabulary', 'grammar']))],
  [ftStudentScoreResource, allOf(totalOf(['speaking', 'listening', 'participation']))],
]);

/** Mounts the teaching records and the declarations behind the teaching screens, with their rules. */
export function registerRecords(app: Hono<AppEnv>): void {
  for (const def of [...TEACHING_RECORD_RESOURCES, ...TEACHING_RESULT_RESOURCES]) mountResource(app, def, RULES.get(def) ?? {});
}

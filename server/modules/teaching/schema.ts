import type { DeclaredTable } from '../../db/schema';
import type * as Rec from '../../../src/contract/resources/teaching-records';
import type * as Res from '../../../src/contract/resources/teaching-results';

/**
 * The teaching area's tables as the server reads them, derived from their declarations
 * (src/contract/resources/teaching-records.ts, teaching-results.ts). The campus plans and their
 * report rules (cmp_plan, cmp_gen_rule) are the cmp module's (server/modules/cmp/schema.ts).
 */
declare module '../../db/schema' {
  interface Database {
    teacher_cam: DeclaredTable<typeof Rec.teacherCamResource>;
    teacher_fas: DeclaredTable<typeof Rec.teacherFasResource>;
    teacher_ft: DeclaredTable<typeof Rec.teacherFtResource>;
    teacher_oa: DeclaredTable<typeof Rec.teacherOaResource>;
    tch_stu_class_pm: DeclaredTable<typeof Rec.classPmResource>;
    tch_si: DeclaredTable<typeof Rec.teachingScheduleResource>;
    edu_report_template: DeclaredTable<typeof Rec.reportTemplateResource>;
    crm_complaints_repair_order: DeclaredTable<typeof Rec.complaintOrderResource>;
    tch_class_content: DeclaredTable<typeof Res.classContentResource>;
    tch_class_feedback: DeclaredTable<typeof Res.classFeedbackResource>;
    tch_class_memoir: DeclaredTable<typeof Res.classMemoirResource>;
    tch_class_assignment: DeclaredTable<typeof Res.classAssignmentResource>;
    tch_class_review: DeclaredTable<typeof Res.classReviewResource>;
    tch_parent_rating: DeclaredTable<typeof Res.parentRatingResource>;
    tch_homework: DeclaredTable<typeof Res.homeworkResource>;
    tch_homework_submit: DeclaredTable<typeof Res.homeworkSubmitResource>;
    tch_month_data: DeclaredTable<typeof Res.monthDataResource>;
    tch_month_lead: DeclaredTable<typeof Res.monthLeadResource>;
    tch_week_report: DeclaredTable<typeof Res.weekReportResource>;
    tch_stu_beyond: DeclaredTable<typeof Res.beyondResource>;
    tch_stu_coumap: DeclaredTable<typeof Res.coumapResource>;
    tch_stu_om: DeclaredTable<typeof Res.oralMarkResource>;
    tch_ft_stu_score: DeclaredTable<typeof Res.ftStudentScoreResource>;
  }
}
